"""Julia General: Package.toml then Versions.toml; .jl stripped; raw 404 missing; yanked versions."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_with_versions(settings):
    with vcr_for("julia").use_cassette("test_found.yaml"):
        a = ask("julia", "HTTP.jl", settings)
    assert a.key.name == "HTTP"
    assert a.existence is Existence.EXISTS
    assert a.version_count == 4
    assert a.markers == ()  # one yanked version of four
    assert "JuliaWeb/HTTP.jl" in a.description


def test_missing(settings):
    with vcr_for("julia").use_cassette("test_missing.yaml"):
        a = ask("julia", "HTTPP", settings)
    assert a.existence is Existence.MISSING


def test_versions_file_unavailable_still_exists(settings):
    with vcr_for("julia").use_cassette("test_versions_unavailable.yaml"):
        a = ask("julia", "HTTP", settings)
    assert a.existence is Existence.EXISTS
    assert a.version_count is None
