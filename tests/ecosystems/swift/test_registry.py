"""Swift packages on GitHub: exists with dates, 404 missing, archived marked, 403 never missing, other hosts."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_with_repository_dates(settings):
    with vcr_for("swift").use_cassette("test_found.yaml"):
        a = ask("swift", "github.com/Apple/swift-nio", settings)
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://api.github.com/repos/apple/swift-nio"
    assert a.first_release.year == 2017 and a.latest_release.year == 2026
    assert a.markers == ()


def test_missing_is_a_real_404(settings):
    with vcr_for("swift").use_cassette("test_missing.yaml"):
        a = ask("swift", "github.com/apple/swift-nio-hallucinated", settings)
    assert a.existence is Existence.MISSING
    assert "404" in a.reason


def test_archived_repository_exists_but_is_marked(settings):
    with vcr_for("swift").use_cassette("test_archived.yaml"):
        a = ask("swift", "github.com/ReactiveX/RxSwift-old", settings)
    assert a.existence is Existence.EXISTS
    assert "archived" in a.markers


def test_rate_limit_403_is_unknown_not_missing(settings):
    with vcr_for("swift").use_cassette("test_rate_limited.yaml"):
        a = ask("swift", "github.com/apple/swift-log", settings)
    assert a.existence is Existence.UNKNOWN
    assert "403" in a.reason and "not a \"not found\"" in a.reason


def test_other_git_hosts_are_not_checked_and_nothing_is_asked(settings):
    a = ask("swift", "gitlab.com/group/project", settings)  # no cassette: a request would fail the test
    assert a.existence is Existence.UNKNOWN
    assert "gitlab.com" in a.reason
