"""Failure paths of every registry client in the catalog, on httpx.MockTransport: 500, 429, connection errors
and a 200 that is not the registry's document are unknown (never missing, a 429 marked rate-limited); a 404
with an empty body, as proxies send it, is still missing."""

from __future__ import annotations

import httpx
import pytest

from depguard.ecosystems import catalog
from depguard.model import Existence
from tests.ecosystems._registry import ask, sample_names

# one real name per ecosystem, asked through each failure
NAMES = {
    "cargo": "serde", "cocoapods": "Alamofire", "composer": "psr/log", "conda": "pytest", "cpan": "Plack::Request",
    "cran": "dplyr", "docker": "library/nginx", "github-actions": "actions/checkout", "go": "github.com/pkg/errors",
    "hackage": "aeson", "hex": "jason", "homebrew": "wget", "jsr": "@std/path", "julia": "HTTP", "maven": "junit:junit",
    "npm": "lodash", "nuget": "Serilog", "pub": "http", "pypi": "requests", "rubygems": "rails",
    "swift": "github.com/apple/swift-nio",
    **sample_names(),  # an ecosystem's own recorded.py (tests/ecosystems/_registry.py)
}
ASKED = sorted(NAMES.items())
NOT_THE_DOCUMENT = [
    pytest.param(b"<html>captive portal</html>", "text/html", id="html-page"),
    pytest.param(b"<html><body>Service temporarily unavailable</body></html>", "application/json", id="html-as-json"),
]


def always(status: int, body: bytes = b"", content_type: str = "application/json"):
    """A transport answering every request the same way, and the URLs it was asked."""
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(status, content=body, headers={"Content-Type": content_type})

    return httpx.MockTransport(handler), seen


def test_every_ecosystem_in_the_catalog_is_asked_here():
    assert sorted(NAMES) == sorted(catalog().ids())


@pytest.mark.parametrize(("eco", "name"), ASKED)
def test_server_error_is_unknown(eco, name, settings):
    transport, seen = always(500, b"Internal Server Error", "text/plain")
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.UNKNOWN
    assert "500" in a.reason
    assert seen


@pytest.mark.parametrize(("eco", "name"), ASKED)
def test_rate_limit_is_unknown_and_marked(eco, name, settings):
    transport, _ = always(429, b'{"message": "slow down"}')
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.UNKNOWN
    assert "rate-limited" in a.markers


@pytest.mark.parametrize(("body", "content_type"), NOT_THE_DOCUMENT)
@pytest.mark.parametrize(("eco", "name"), ASKED)
def test_a_200_that_is_not_the_registrys_document_is_unknown(eco, name, body, content_type, settings):
    transport, _ = always(200, body, content_type)
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.UNKNOWN


def test_go_proxy_answers_text_so_any_200_list_is_versions(settings):
    transport, _ = always(200, b"v0.9.1\n", "text/plain")
    a = ask("go", "github.com/pkg/errors", settings, transport=transport)
    assert a.existence is Existence.EXISTS and a.version_count == 1


@pytest.mark.parametrize(("eco", "name"), ASKED)
def test_empty_404_through_a_proxy_is_missing(eco, name, settings):
    transport, seen = always(404)
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.MISSING
    assert seen


@pytest.mark.parametrize(("eco", "name"), ASKED)
def test_connection_failure_is_unknown(eco, name, settings):
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    a = ask(eco, name, settings, transport=httpx.MockTransport(handler))
    assert a.existence is Existence.UNKNOWN
    assert "connect" in a.reason
