"""NuGet on hand-written cassettes: flat container + registration, missing, all unlisted and deprecated,
registration kept in pages (no dates)."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists_with_dates_from_registration(settings):
    a = ask("nuget", "Newtonsoft.Json", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://api.nuget.org/v3-flatcontainer/newtonsoft.json/index.json"
    assert a.version_count == 3
    assert a.first_release.year == 2019 and a.latest_release.year == 2023


def test_missing(settings):
    a = ask("nuget", "Newtonsoft.Jsonn", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING


def test_unlisted_and_deprecated_are_marked(settings):
    a = ask("nuget", "Old.Package", settings, "test_unlisted_deprecated.yaml")
    assert a.existence is Existence.EXISTS
    assert {"all-unlisted", "deprecated"} <= set(a.markers)
    assert a.first_release is None  # 1900 means unlisted, not a date


def test_paged_registration_leaves_dates_unknown(settings):
    a = ask("nuget", "NLog", settings, "test_large_registration.yaml")
    assert a.existence is Existence.EXISTS and a.version_count == 2 and a.first_release is None
