"""Docker Hub: library/ images, pulls and dates, 404 missing, 401 unknown, other registries not checked."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_with_pulls_and_dates(settings):
    with vcr_for("docker").use_cassette("test_found.yaml"):
        a = ask("docker", "library/nginx", settings)
    assert a.existence is Existence.EXISTS
    assert a.downloads == 12012345678
    assert (a.first_release.year, a.latest_release.year) == (2014, 2026)


def test_missing(settings):
    with vcr_for("docker").use_cassette("test_missing.yaml"):
        a = ask("docker", "library/ngnix-official", settings)
    assert a.existence is Existence.MISSING


def test_401_is_unknown_not_missing(settings):
    with vcr_for("docker").use_cassette("test_unauthorized.yaml"):
        a = ask("docker", "myorg/private-app", settings)
    assert a.existence is Existence.UNKNOWN
    assert "401" in a.reason


def test_images_on_other_registries_are_not_checked(settings):
    for name in ("ghcr.io/owner/tool", "quay.io/prometheus/node-exporter", "localhost:5000/app"):
        a = ask("docker", name, settings)
        assert a.existence is Existence.UNKNOWN
        assert "not Docker Hub" in a.reason
