"""CRAN via crandb /{name}/all: timeline dates and versions, CouchDB 404, archived packages marked."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_with_timeline(settings):
    with vcr_for("cran").use_cassette("test_found.yaml"):
        a = ask("cran", "dplyr", settings)
    assert a.existence is Existence.EXISTS
    assert (a.version_count, a.first_release.year, a.latest_release.year) == (3, 2014, 2023)


def test_missing(settings):
    with vcr_for("cran").use_cassette("test_missing.yaml"):
        a = ask("cran", "dplyrr", settings)
    assert a.existence is Existence.MISSING


def test_archived_on_cran_is_marked(settings):
    with vcr_for("cran").use_cassette("test_archived.yaml"):
        a = ask("cran", "oldpkg", settings)
    assert a.existence is Existence.EXISTS
    assert a.markers == ("archived",)
