"""Hackage /package/{name}/preferred: version count over all lists, plain-text 404, all-deprecated."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_counts_every_version_list(settings):
    with vcr_for("hackage").use_cassette("test_found.yaml"):
        a = ask("hackage", "aeson", settings)
    assert a.existence is Existence.EXISTS
    assert a.version_count == 6
    assert a.markers == ()


def test_missing_with_a_plain_text_body(settings):
    with vcr_for("hackage").use_cassette("test_missing.yaml"):
        a = ask("hackage", "aeson-hallucinated", settings)
    assert a.existence is Existence.MISSING


def test_every_version_deprecated_is_marked(settings):
    with vcr_for("hackage").use_cassette("test_all_deprecated.yaml"):
        a = ask("hackage", "old-thing", settings)
    assert a.existence is Existence.EXISTS
    assert a.markers == ("deprecated",)
