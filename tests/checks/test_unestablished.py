"""DG003: establishment signals on fixture registry answers, the clock frozen at the cassettes' day."""

from __future__ import annotations

from datetime import timedelta

import pytest

from depguard.checks import CheckContext, judge, unestablished
from depguard.ecosystems import catalog
from depguard.model import Existence, Location, Mention, Origin, RegistryAnswer, Verdict

from ..conftest import CASSETTE_DAY

OLD = CASSETTE_DAY - timedelta(days=2000)


def mention(name: str = "tidy-widgets", eco: str = "npm") -> Mention:
    return Mention(catalog().key(eco, name), name, Location("package.json", 7, 5), Origin.MANIFEST, "test")


def answer(m: Mention, **facts) -> RegistryAnswer:
    return RegistryAnswer(m.key, Existence.EXISTS, "the npm registry", "HTTP 200 from the npm registry",
                          at=CASSETTE_DAY, **facts)


CASES = [
    # (id, facts, expected reasons (substrings, in order); [] means established)
    ("old-and-many-releases", {"first_release": OLD, "version_count": 40}, []),
    ("one-old-release", {"first_release": OLD, "version_count": 1}, []),  # small finished libraries exist
    ("nothing-known", {}, []),
    ("new", {"first_release": CASSETTE_DAY - timedelta(days=3), "version_count": 4},
     ["first published 3 day(s) ago (threshold 30)"]),
    ("new-one-release", {"first_release": CASSETTE_DAY - timedelta(days=3), "version_count": 1},
     ["first published 3 day(s) ago", "only 1 release(s)"]),
    ("just-under-threshold", {"first_release": CASSETTE_DAY - timedelta(days=29, hours=23), "version_count": 9},
     ["first published 29 day(s) ago"]),
    ("at-threshold", {"first_release": CASSETTE_DAY - timedelta(days=30), "version_count": 9}, []),
    ("one-release-this-year", {"first_release": CASSETTE_DAY - timedelta(days=200), "version_count": 1},
     ["only 1 release(s)"]),
    ("placeholder-description", {"first_release": OLD, "version_count": 3,
                                 "description": "This package name is reserved for future use"},
     ["its description says it is a placeholder"]),
    ("placeholder-description-long-established", {"first_release": OLD, "version_count": 12,
                                                  "description": "This package name is reserved for future use"},
     []),  # held for years with a dozen releases: in use whatever its description says
    ("research-squat", {"first_release": OLD, "version_count": 1,
                        "description": "Dependency confusion research - bug bounty, do not install"},
     ["its description says it is a placeholder", "only 1 release(s)"]),
    ("security-placeholder", {"first_release": OLD, "version_count": 1, "markers": ("security-placeholder",),
                              "description": "security holding package"},
     ["replaced by a registry security placeholder", "only 1 release(s)"]),
    ("all-yanked", {"first_release": OLD, "version_count": 6, "markers": ("all-yanked",)}, ["every release is yanked"]),
    ("deprecated", {"first_release": OLD, "version_count": 6, "markers": ("deprecated",)},
     ["every version is deprecated"]),
    ("unknown-marker-ignored", {"first_release": OLD, "version_count": 6, "markers": ("rate-limited",)}, []),
]


@pytest.mark.parametrize("facts, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_signals(settings, facts, expected):
    m = mention()
    signals = unestablished.check(m, answer(m, **facts), CheckContext.for_settings(settings))
    assert len(signals) == len(expected)
    for sig, text in zip(signals, expected):
        assert sig.rule == "DG003" and text in sig.reason


def test_clock_comes_from_settings(settings):
    m = mention()
    a = answer(m, first_release=CASSETTE_DAY - timedelta(days=3), version_count=4)
    later = settings.with_(now=CASSETTE_DAY + timedelta(days=60))
    assert unestablished.check(m, a, CheckContext.for_settings(later)) == []


def test_thresholds_come_from_settings(settings):
    from dataclasses import replace

    m = mention()
    a = answer(m, first_release=CASSETTE_DAY - timedelta(days=45), version_count=2)
    strict = settings.with_(thresholds=replace(settings.thresholds, new_package_days=60, min_versions=3))
    reasons = [s.reason for s in unestablished.check(m, a, CheckContext.for_settings(strict))]
    assert reasons == ["first published 45 day(s) ago (threshold 60)", "only 2 release(s)"]


def test_unestablished_verdict_carries_every_reason_and_the_evidence(settings):
    m = mention()
    a = answer(m, first_release=CASSETTE_DAY - timedelta(days=1), version_count=1, markers=("security-placeholder",))
    f = judge(m, a, CheckContext.for_settings(settings))
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG003")
    assert len(f.reasons) == 4 and f.reasons[-1].startswith("HTTP 200 from the npm registry; asked the npm registry at 2026-12-02")


def test_typosquat_and_unestablished_together(settings):
    m = mention("lodahs")
    f = judge(m, answer(m, first_release=CASSETTE_DAY - timedelta(days=2), version_count=1),
              CheckContext.for_settings(settings))
    assert f.rule == "DG002" and f.suggestion == "lodash"
    assert any("first published 2 day(s) ago" in r for r in f.reasons)


# The description signal is about the package itself, never about what it works on, and never outweighs real
# usage: descriptions as npm's registry serves them (the popular names are in depguard/ecosystems/npm/popular.txt).
DESCRIPTIONS = [
    # (id, name, description, signal expected)
    ("works-on-placeholders", "tidy-templating", "Expand placeholders in a template string", False),
    ("replaces-placeholders", "tidy-config", "Replaces env variable placeholders in configuration settings", False),
    ("renders-placeholder-ui", "tidy-skeleton", "SVG component to create placeholder loading, like Facebook cards", False),
    ("returns-empty-module", "tidy-loader", "A webpack loader that returns an empty module.", False),
    ("detects-typo-squatting", "tidy-dns", "Domain name permutation engine for detecting typo squatting", False),
    ("pentest-tool", "tidy-scan", "AI-powered penetration testing CLI tool", False),
    ("tested-note-do-not-install", "tidy-cli", "[tested here: 61 and newer do not install] The command-line interface", False),
    ("placeholder-package", "tidy-widgets", "Placeholder package for Tidy Widgets", True),
    ("placeholder-to-prevent-confusion", "tidy-widgets", "\U0001f6ab Placeholder to prevent dependency confusion.", True),
    ("a-placeholder-for-upcoming", "tidy-widgets", "A placeholder for the upcoming tidy-widgets release", True),
    ("reserving-name", "tidy-widgets", "TODO: reserving this package name for now", True),
    ("squatted", "tidy-widgets", "npm package squatted to avoid dependency confusion attacks.", True),
    ("pentest-demo", "tidy-widgets", "Created for an authorized penetration test to demonstrate dependency confusion.", True),
    # security tools and detectors: research, bounties and squatting are their subject, not what they are
    # (real PyPI summaries, from pypi.tsv)
    ("tool-for-security-research", "tidy-scan", "Autonomous AI Agent Framework for Security Research", False),
    ("tool-for-bug-bounty-hunters", "tidy-scan", "Recon pipeline for bug bounty hunters with differential change tracking", False),
    ("launcher-for-pentest-commands", "tidy-scan", "Modern TUI launcher for pentest commands", False),
    ("detects-domain-squatting", "tidy-dns", "openSquat - Detection of domain squatting, typosquatting, IDN homograph attacks", False),
    ("squat-jump-metrics", "tidy-fit", "A Python package for computing countermovement and squat jump events", False),
    ("catches-squatted-packages", "tidy-guard", "Dependency firewall. Catches hallucinated, squatted, and malicious packages.", False),
    ("checks-if-a-name-is-reserved", "tidy-names", "A command line tool that checks if a package name is reserved or in use on PyPI.", False),
    ("created-for-security-research", "tidy-widgets", "MCP server package - Created by Poneglyph for security research", True),
    ("prevents-name-squatting", "tidy-widgets", "Reserved for private use to prevent name squatting.", True),
    ("squatted-package", "tidy-widgets", "Squatted pypi package", True),
    ("mock-package-to-squat", "tidy-widgets", "Mock package to squat internal package", True),
    ("squatting-on-the-name", "tidy-widgets", "A hack on 2to3. Just squatting on the name for now...", True),
    ("package-name-reserved-after-a-dash", "tidy-widgets", "TO BE CONTINUED - Package name reserved", True),
    ("popular-empty-package", "@storybook/addon-actions", "Empty package - please don't use it anymore", False),
    ("popular-placeholder", "perf_hooks", "placeholder for Node core module", False),
]


@pytest.mark.parametrize("name, description, expected", [c[1:] for c in DESCRIPTIONS], ids=[c[0] for c in DESCRIPTIONS])
def test_description_says_the_package_itself_is_a_placeholder(settings, name, description, expected):
    m = mention(name)
    # two releases years ago: a held name, not a long-established package (whose description is no signal)
    signals = unestablished.check(m, answer(m, first_release=OLD, version_count=2, description=description),
                                  CheckContext.for_settings(settings))
    assert any("description says it is a placeholder" in s.reason for s in signals) is expected


def test_download_count_of_a_popular_package_is_usage_evidence(settings):
    m = mention("tidy-widgets")  # not in the popular list; as downloaded as the list's least-used name
    a = answer(m, first_release=OLD, version_count=2, description="Placeholder package", downloads=10**9)
    assert unestablished.check(m, a, CheckContext.for_settings(settings)) == []
    few = answer(m, first_release=OLD, version_count=2, description="Placeholder package", downloads=40)
    assert [s.reason[:45] for s in unestablished.check(m, few, CheckContext.for_settings(settings))] == \
        ["its description says it is a placeholder: 'Pl"]
