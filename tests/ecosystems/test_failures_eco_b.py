"""Failure paths of the eco-b registry clients (MockTransport): 5xx, 429, garbage and connection errors are
unknown (never missing); a 404 with an empty body, as proxies send it, is still missing. Names that could
change a request path are invalid before anything is asked."""

from __future__ import annotations

import httpx
import pytest

from depguard.ecosystems import catalog
from depguard.model import Existence

from ._eco_b import ask

ASKED = [
    ("swift", "github.com/apple/swift-nio"), ("cocoapods", "Alamofire"), ("cpan", "Plack::Request"),
    ("hackage", "aeson"), ("cran", "dplyr"), ("conda", "pytest"), ("homebrew", "wget"), ("jsr", "@std/path"),
    ("julia", "HTTP"), ("docker", "library/nginx"),
]


def always(status: int, body: bytes = b"", content_type: str = "application/json"):
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(status, content=body, headers={"Content-Type": content_type})

    return httpx.MockTransport(handler), seen


@pytest.mark.parametrize("eco, name", ASKED)
def test_server_error_is_unknown(eco, name, settings):
    transport, seen = always(500, b"Internal Server Error", "text/plain")
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.UNKNOWN
    assert "500" in a.reason
    assert seen


@pytest.mark.parametrize("eco, name", ASKED)
def test_rate_limit_is_unknown_and_marked(eco, name, settings):
    transport, _ = always(429, b'{"message": "slow down"}')
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.UNKNOWN
    assert "rate-limited" in a.markers


@pytest.mark.parametrize("eco, name", ASKED)
def test_garbage_200_is_unknown(eco, name, settings):
    transport, _ = always(200, b"<html><body>Service temporarily unavailable</body></html>")
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.UNKNOWN


@pytest.mark.parametrize("eco, name", ASKED)
def test_empty_404_through_a_proxy_is_missing(eco, name, settings):
    transport, seen = always(404)
    a = ask(eco, name, settings, transport=transport)
    assert a.existence is Existence.MISSING
    assert seen


@pytest.mark.parametrize("eco, name", ASKED)
def test_connection_failure_is_unknown(eco, name, settings):
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    a = ask(eco, name, settings, transport=httpx.MockTransport(handler))
    assert a.existence is Existence.UNKNOWN
    assert "connect" in a.reason


@pytest.mark.parametrize("eco", [e for e, _ in ASKED])
@pytest.mark.parametrize("name", ["../../etc/passwd", "a b", "x?y=1", "foo#bar", "%2e%2e", ""])
def test_names_that_could_change_the_path_are_invalid(eco, name):
    rule = catalog().get(eco).name_rule
    assert rule.invalid_reason(rule.normalise(name)) is not None


@pytest.mark.parametrize("eco, good", [
    ("swift", "github.com/apple/swift-nio"), ("cocoapods", "Firebase"), ("cocoapods", "Reveal-SDK"),
    ("cpan", "Plack::Request"), ("cpan", "Plack-Middleware-Foo"), ("hackage", "aeson"), ("hackage", "AC-Angle"),
    ("cran", "data.table"), ("conda", "bioconda::samtools"), ("conda", "python"), ("homebrew", "python@3.12"),
    ("homebrew", "homebrew/cask/firefox"), ("jsr", "@std/path"), ("julia", "HTTP.jl"), ("docker", "library/nginx"),
    ("docker", "ghcr.io/owner/tool"), ("docker", "localhost:5000/team/app"),
])
def test_real_names_are_valid(eco, good):
    rule = catalog().get(eco).name_rule
    assert rule.invalid_reason(rule.normalise(good)) is None


@pytest.mark.parametrize("eco, bad", [
    ("jsr", "@Std/Path"), ("jsr", "std/path"), ("docker", "library/Nginx"), ("cran", "2pkg"), ("cran", "pkg."),
    ("hackage", "123"), ("cpan", "Foo::"), ("julia", "1Package"),
])
def test_names_the_registry_refuses_are_invalid(eco, bad):
    rule = catalog().get(eco).name_rule
    assert rule.invalid_reason(rule.normalise(bad)) is not None
