"""MetaCPAN: module -> distribution -> releases; 404 for a module, 0 search hits for a distribution."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_module_found_through_its_distribution(settings):
    with vcr_for("cpan").use_cassette("test_found_module.yaml") as cas:
        a = ask("cpan", "Plack::Request", settings)
    assert cas.play_count == 2
    assert a.existence is Existence.EXISTS
    assert "module of Plack" in a.reason
    assert (a.version_count, a.first_release.year, a.latest_release.year) == (3, 2009, 2020)
    assert a.description.startswith("Perl Superglue")


def test_module_missing_is_a_404(settings):
    with vcr_for("cpan").use_cassette("test_missing_module.yaml"):
        a = ask("cpan", "Plack::Reqeust", settings)
    assert a.existence is Existence.MISSING


def test_distribution_missing_is_a_search_with_zero_hits(settings):
    with vcr_for("cpan").use_cassette("test_missing_distribution.yaml"):
        a = ask("cpan", "Plack-Hallucinated", settings)
    assert a.existence is Existence.MISSING
    assert "0 hits" in a.reason


def test_bare_word_asked_as_module_then_distribution(settings):
    with vcr_for("cpan").use_cassette("test_bare_word_missing.yaml") as cas:
        a = ask("cpan", "Plackk", settings)
    assert cas.play_count == 2
    assert a.existence is Existence.MISSING


def test_deprecated_backpan_module_is_marked(settings):
    with vcr_for("cpan").use_cassette("test_deprecated_module.yaml"):
        a = ask("cpan", "Old::Thing", settings)
    assert a.existence is Existence.EXISTS
    assert set(a.markers) == {"deprecated", "backpan-only"}
