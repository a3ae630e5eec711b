"""GitHub repositories for `uses:` on hand-written cassettes: exists, missing, rate limited (403 is unknown,
never missing), renamed and archived."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists(settings):
    a = ask("github-actions", "Actions/Checkout", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://api.github.com/repos/actions/checkout"
    assert a.first_release.year == 2019 and a.markers == ()


def test_missing(settings):
    a = ask("github-actions", "actions/checkoutt", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING


def test_rate_limit_is_unknown(settings):
    a = ask("github-actions", "actions/checkout", settings, "test_rate_limited.yaml")
    assert a.existence is Existence.UNKNOWN
    assert "rate-limited" in a.markers and "403" in a.reason


def test_moved_and_archived_are_marked(settings):
    a = ask("github-actions", "old-owner/old-action", settings, "test_moved_archived.yaml")
    assert a.existence is Existence.EXISTS
    assert {"moved", "archived"} <= set(a.markers)
    assert "new-owner/old-action" in a.reason
