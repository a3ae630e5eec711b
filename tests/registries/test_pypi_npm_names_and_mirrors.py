"""PyPI and npm registry clients on cassettes: found, missing, scoped, gone-but-200, failing."""

from __future__ import annotations

import os

import pytest

from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence

from .cassettes import vcr_for
from .ecosystems._registry import ask


def test_pypi_found(settings):
    with vcr_for("pypi").use_cassette("test_found.yaml"):
        a = ask("pypi", "Requests", settings)
    assert a.existence is Existence.EXISTS
    assert a.version_count and a.version_count > 100
    assert a.first_release and a.first_release.year == 2011
    assert a.latest_release and a.latest_release > a.first_release
    assert a.asked == "https://pypi.org/pypi/requests/json"
    assert a.source == "PyPI"


def test_pypi_missing(settings):
    with vcr_for("pypi").use_cassette("test_missing.yaml"):
        a = ask("pypi", "reqeusts", settings)
    assert a.existence is Existence.MISSING
    assert "404" in a.reason


def test_pypi_missing_with_empty_body_through_a_proxy(settings):
    with vcr_for("pypi").use_cassette("test_missing_empty_body.yaml"):
        a = ask("pypi", "reqeusts", settings)
    assert a.existence is Existence.MISSING


def test_pypi_failing_is_unknown_after_retries(settings):
    with vcr_for("pypi").use_cassette("test_failing.yaml") as cas:
        a = ask("pypi", "requests", settings)
    assert a.existence is Existence.UNKNOWN
    assert "503" in a.reason
    assert cas.play_count == 3  # first attempt + 2 retries


def test_npm_found(settings):
    with vcr_for("npm").use_cassette("test_found.yaml"):
        a = ask("npm", "is-number", settings)
    assert a.existence is Existence.EXISTS
    assert a.version_count and a.version_count >= 10
    assert a.markers == ()


def test_npm_scoped_name_is_sent_encoded(settings):
    with vcr_for("npm").use_cassette("test_scoped.yaml"):
        a = ask("npm", "@types/ms", settings)
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://registry.npmjs.org/@types%2Fms"


def test_npm_missing(settings):
    with vcr_for("npm").use_cassette("test_missing.yaml"):
        a = ask("npm", "lodahs", settings)
    assert a.existence is Existence.MISSING


def test_npm_unpublished_tombstone_is_missing_although_200(settings):
    with vcr_for("npm").use_cassette("test_unpublished.yaml"):
        a = ask("npm", "babel-plugin-autocss", settings)
    assert a.existence is Existence.MISSING
    assert "unpublished" in a.markers


def test_npm_security_holder_exists_but_is_marked(settings):
    with vcr_for("npm").use_cassette("test_security_holder.yaml"):
        a = ask("npm", "webpack.js.org", settings)
    assert a.existence is Existence.EXISTS
    assert "security-placeholder" in a.markers


@pytest.mark.parametrize("name", ["../../etc/passwd", "a/b", "x?y=1", "foo#bar", "%2e%2e", "foo bar", ""])
def test_names_that_could_change_the_path_are_invalid_for_pypi(name):
    rule = catalog().get("pypi").name_rule
    assert rule.invalid_reason(rule.normalise(name)) is not None


@pytest.mark.parametrize("name", ["@scope/../x", "a/b", "x?y", "foo#bar", "%2e", "@a/b/c", ".hidden", "_under"])
def test_names_that_could_change_the_path_are_invalid_for_npm(name):
    rule = catalog().get("npm").name_rule
    assert rule.invalid_reason(name) is not None


def test_registry_base_url_from_environment(settings, monkeypatch):
    import httpx

    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(404, json={"message": "Not Found"})

    from depguard.config import from_environment

    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", "https://mirror.example/base/")
    key = catalog().key("pypi", "Some_Thing")
    a = resolve([key], from_environment(settings, os.environ), transport=httpx.MockTransport(handler))[key]
    assert seen == ["https://mirror.example/base/pypi/some-thing/json"]
    assert a.existence is Existence.MISSING


def test_npm_release_times_without_created_and_modified(settings):
    # the recorded is-number document has per-version times only (as some mirrors serve it)
    with vcr_for("npm").use_cassette("test_found.yaml"):
        a = ask("npm", "is-number", settings)
    assert a.first_release is not None
    assert a.latest_release is not None and a.latest_release >= a.first_release
