"""Maven Central on hand-written cassettes: metadata found, missing (metadata and folder 404), folder only."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists_from_metadata(settings):
    a = ask("maven", "com.google.guava:guava", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://repo1.maven.org/maven2/com/google/guava/guava/maven-metadata.xml"
    assert a.version_count == 8
    assert a.latest_release.isoformat().startswith("2017-12-21T01:22:03")


def test_missing_when_metadata_and_folder_are_404(settings):
    a = ask("maven", "com.google.guava:guavaa", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING


def test_folder_without_metadata_exists(settings):
    a = ask("maven", "org.old:ancient", settings, "test_no_metadata.yaml")
    assert a.existence is Existence.EXISTS and "no-metadata" in a.markers


def test_not_coordinates_are_not_asked(settings):
    a = ask("maven", "guava", settings)
    assert a.existence is Existence.UNKNOWN
