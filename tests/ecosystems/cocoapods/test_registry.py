"""CocoaPods trunk: versions and first release, 404 missing, exact-case lookup."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_found_with_versions(settings):
    with vcr_for("cocoapods").use_cassette("test_found.yaml"):
        a = ask("cocoapods", "Alamofire", settings)
    assert a.existence is Existence.EXISTS
    assert a.version_count == 3
    assert a.first_release.year == 2014 and a.latest_release.year == 2024


def test_missing(settings):
    with vcr_for("cocoapods").use_cassette("test_missing.yaml"):
        a = ask("cocoapods", "Alamofirre", settings)
    assert a.existence is Existence.MISSING


def test_name_is_asked_exactly_as_written(settings):
    with vcr_for("cocoapods").use_cassette("test_wrong_case.yaml"):
        a = ask("cocoapods", "alamofire", settings)
    assert a.asked == "https://trunk.cocoapods.org/api/v1/pods/alamofire"
    assert a.existence is Existence.MISSING
