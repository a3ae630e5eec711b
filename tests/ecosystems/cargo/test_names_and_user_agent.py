"""crates.io on hand-written cassettes: exists, missing, all versions yanked (200 but gone), 403."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists_with_establishment_facts(settings):
    a = ask("cargo", "utf8-ranges", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://crates.io/api/v1/crates/utf8_ranges"
    assert a.first_release.year == 2015 and a.latest_release.year == 2016
    assert a.version_count == 3 and a.downloads == 3284871
    assert a.markers == ()


def test_missing(settings):
    a = ask("cargo", "utf8_rangse", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING and "404" in a.reason


def test_every_version_yanked_is_marked(settings):
    a = ask("cargo", "gone-crate", settings, "test_all_yanked.yaml")
    assert a.existence is Existence.EXISTS
    assert "all-yanked" in a.markers


def test_crawler_policy_refusal_is_unknown_not_missing(settings):
    a = ask("cargo", "serde", settings, "test_no_user_agent.yaml")
    assert a.existence is Existence.UNKNOWN and "403" in a.reason


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
