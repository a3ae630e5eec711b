"""anaconda.org: conda-forge first, then main; channels carried in the name; downloads; pulled builds."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_on_conda_forge_with_downloads(settings):
    with vcr_for("conda").use_cassette("test_found.yaml"):
        a = ask("conda", "pytest", settings)
    assert a.existence is Existence.EXISTS
    assert (a.downloads, a.version_count, a.first_release.year) == (150000, 3, 2016)
    assert "conda-forge" in a.reason


def test_found_on_the_default_channel_after_a_conda_forge_404(settings):
    with vcr_for("conda").use_cassette("test_found_on_main.yaml") as cas:
        a = ask("conda", "anaconda-navigator", settings)
    assert cas.play_count == 2
    assert a.existence is Existence.EXISTS and "channel main" in a.reason


def test_missing_only_when_every_channel_says_404(settings):
    with vcr_for("conda").use_cassette("test_missing.yaml"):
        a = ask("conda", "pytestt", settings)
    assert a.existence is Existence.MISSING
    assert "conda-forge, main" in a.reason


def test_channel_in_the_name_is_asked_first(settings):
    with vcr_for("conda").use_cassette("test_channel.yaml"):
        a = ask("conda", "bioconda::samtools", settings)
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://api.anaconda.org/package/bioconda/samtools"


def test_every_file_pulled_to_broken_is_all_yanked(settings):
    with vcr_for("conda").use_cassette("test_all_broken.yaml"):
        a = ask("conda", "pulled-pkg", settings)
    assert a.existence is Existence.EXISTS
    assert "all-yanked" in a.markers
