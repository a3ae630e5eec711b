"""hex.pm on hand-written cassettes: exists with downloads and retirements, missing."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists(settings):
    a = ask("hex", "certifi", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    # the recent count (last 90 days), the unit of hex.pm's popular ordering, not the all-time one
    assert a.version_count == 3 and (a.downloads, a.usage) == (3700000, "Hex, the last 90 days")
    assert a.first_release.year == 2015 and "retired-versions" in a.markers


def test_missing(settings):
    a = ask("hex", "certifii", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING and "404" in a.reason
