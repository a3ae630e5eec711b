"""JSR meta.json: versions and dates, 404 missing, every version yanked."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found(settings):
    with vcr_for("jsr").use_cassette("test_found.yaml"):
        a = ask("jsr", "@std/path", settings)
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://jsr.io/@std/path/meta.json"
    assert (a.version_count, a.first_release.month, a.latest_release.month) == (3, 5, 10)
    assert a.markers == ()


def test_missing(settings):
    with vcr_for("jsr").use_cassette("test_missing.yaml"):
        a = ask("jsr", "@std/pathh", settings)
    assert a.existence is Existence.MISSING


def test_all_yanked(settings):
    with vcr_for("jsr").use_cassette("test_all_yanked.yaml"):
        a = ask("jsr", "@me/oops", settings)
    assert a.existence is Existence.EXISTS
    assert a.markers == ("all-yanked",)
