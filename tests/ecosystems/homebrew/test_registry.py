"""formulae.brew.sh: formula, then cask; casks asked directly; installs summed; deprecation; taps."""

from __future__ import annotations

from depguard.model import Existence
from tests.cassettes import vcr_for

from .._eco_b import ask


def test_formula_found_with_installs_summed(settings):
    with vcr_for("homebrew").use_cassette("test_formula.yaml"):
        a = ask("homebrew", "wget", settings)
    assert a.existence is Existence.EXISTS
    assert a.downloads == 2931382
    assert a.description == "Internet file retriever"


def test_plain_name_falls_back_to_a_cask(settings):
    with vcr_for("homebrew").use_cassette("test_cask.yaml") as cas:
        a = ask("homebrew", "firefox", settings)
    assert cas.play_count == 2
    assert a.existence is Existence.EXISTS and "(cask)" in a.reason
    assert a.downloads == 388420


def test_cask_name_asks_the_cask_endpoint_only(settings):
    with vcr_for("homebrew").use_cassette("test_cask_only.yaml") as cas:
        a = ask("homebrew", "homebrew/cask/firefox", settings)
    assert cas.play_count == 1
    assert a.existence is Existence.EXISTS


def test_missing_as_formula_and_cask(settings):
    with vcr_for("homebrew").use_cassette("test_missing.yaml"):
        a = ask("homebrew", "wgett", settings)
    assert a.existence is Existence.MISSING
    assert "no formula or cask" in a.reason


def test_deprecated_formula_is_marked(settings):
    with vcr_for("homebrew").use_cassette("test_deprecated.yaml"):
        a = ask("homebrew", "old-tool", settings)
    assert a.markers == ("deprecated",)


def test_third_party_tap_is_not_checked(settings):
    a = ask("homebrew", "user/tools/private-tool", settings)
    assert a.existence is Existence.UNKNOWN
    assert "user/tools" in a.reason
