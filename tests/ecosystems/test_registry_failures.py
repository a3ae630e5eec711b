"""Failure paths for every eco-a registry, on httpx.MockTransport: 429, 500 and garbage are unknown (never
missing); a 404 with an empty body (as proxies send it) is missing."""

from __future__ import annotations

import httpx
import pytest

from depguard.model import Existence
from tests.ecosystems._registry import ask

NAMES = [("cargo", "serde"), ("go", "github.com/pkg/errors"), ("composer", "psr/log"), ("maven", "junit:junit"),
         ("nuget", "Serilog"), ("rubygems", "rails"), ("pub", "http"), ("hex", "jason"), ("github-actions", "actions/checkout")]


def _transport(status: int, body: bytes = b"", content_type: str = "application/json"):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=body, headers={"Content-Type": content_type})

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(("eco", "name"), NAMES)
def test_rate_limited_is_unknown(settings, eco, name):
    a = ask(eco, name, settings, transport=_transport(429))
    assert a.existence is Existence.UNKNOWN


@pytest.mark.parametrize(("eco", "name"), NAMES)
def test_server_error_is_unknown(settings, eco, name):
    a = ask(eco, name, settings, transport=_transport(500, b"oops", "text/plain"))
    assert a.existence is Existence.UNKNOWN and "500" in a.reason


@pytest.mark.parametrize(("eco", "name"), [n for n in NAMES if n[0] != "go"])
def test_garbage_200_is_unknown(settings, eco, name):
    a = ask(eco, name, settings, transport=_transport(200, b"<html>captive portal</html>", "text/html"))
    assert a.existence is Existence.UNKNOWN


def test_go_proxy_answers_text_so_any_200_list_is_versions(settings):
    a = ask("go", "github.com/pkg/errors", settings, transport=_transport(200, b"v0.9.1\n", "text/plain"))
    assert a.existence is Existence.EXISTS and a.version_count == 1


@pytest.mark.parametrize(("eco", "name"), NAMES)
def test_empty_404_is_missing(settings, eco, name):
    a = ask(eco, name, settings, transport=_transport(404))
    assert a.existence is Existence.MISSING
