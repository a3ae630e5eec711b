"""crates.io's rules that are not an answer: the User-Agent it asks for, and its name canonicalisation.
(Its recorded answers are rows of tests/ecosystems/test_registries_on_recorded_answers.py.)"""

from __future__ import annotations


def test_user_agent_names_the_tool_its_distribution_and_a_home_once_there_is_one():
    from depguard.about import DISTRIBUTION, HOMEPAGE
    from depguard.http import USER_AGENT

    # crates.io asks for a User-Agent that says who is asking; no public URL of this project exists yet, and
    # pointing at pypi.org/project/depguard named someone else's project (issue 17)
    assert USER_AGENT.startswith("depguard/") and DISTRIBUTION in USER_AGENT
    assert (f"+{HOMEPAGE}" in USER_AGENT) if HOMEPAGE else "http" not in USER_AGENT


def test_names_are_canonical_like_crates_io():
    from depguard.ecosystems import catalog

    assert catalog().key("cargo", "Serde-JSON") == catalog().key("cargo", "serde_json")
