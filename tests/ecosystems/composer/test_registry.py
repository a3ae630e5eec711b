"""Packagist p2 on hand-written cassettes: exists, missing (tagged and ~dev both 404), branch-only, abandoned."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import ask


def test_exists(settings):
    a = ask("composer", "Dependabot/Dummy-Pkg-A", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://repo.packagist.org/p2/dependabot/dummy-pkg-a.json"
    assert a.version_count == 3 and a.first_release.year == 2017
    assert a.markers == ()


def test_missing_after_asking_dev_versions_too(settings):
    a = ask("composer", "monolog/monolgo", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING


def test_branch_only_package_exists(settings):
    a = ask("composer", "acme/branch-only", settings, "test_dev_only.yaml")
    assert a.existence is Existence.EXISTS
    assert "dev-versions-only" in a.markers


def test_abandoned_is_marked(settings):
    a = ask("composer", "dependabot/dummy-pkg-a", settings, "test_abandoned.yaml")
    assert a.existence is Existence.EXISTS and "abandoned" in a.markers


def test_a_name_without_vendor_is_not_asked(settings):
    a = ask("composer", "monolog", settings)
    assert a.existence is Existence.UNKNOWN
