"""pub.dev on hand-written cassettes: exists, missing, discontinued (exists, marked)."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists(settings):
    a = ask("pub", "retry", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.version_count == 3 and a.first_release.year == 2016 and a.latest_release.year == 2023
    assert a.markers == ()


def test_missing(settings):
    a = ask("pub", "retyr", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING


def test_discontinued_is_marked(settings):
    a = ask("pub", "retry", settings, "test_discontinued.yaml")
    assert a.existence is Existence.EXISTS and "discontinued" in a.markers
