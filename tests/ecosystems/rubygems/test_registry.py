"""rubygems.org on hand-written cassettes: versions found, missing with a plain-text 404 body."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists_with_versions_dates_and_downloads(settings):
    a = ask("rubygems", "prius", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://rubygems.org/api/v1/versions/prius.json"
    assert a.version_count == 3 and a.downloads == 24000
    assert a.first_release.year == 2015 and a.latest_release.year == 2017


def test_missing_with_plain_text_body(settings):
    a = ask("rubygems", "priuss", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING and "404" in a.reason
