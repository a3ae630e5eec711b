"""Requests go straight to the connection pool (depguard.http.Client), not through httpx's AsyncClient layers,
and leave as that client sent them: the same request head byte for byte (headers, their order, Basic
authentication from a user:password in the address), the per-request timeout, and the environment's proxies
(HTTP_PROXY/NO_PROXY) still decide the route."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from depguard.errors import RegistryUnavailable
from depguard.http import USER_AGENT, HttpSettings, fetch, make_client

ONCE = HttpSettings(retries=0, timeout=5.0, deadline=10.0)
NO_PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY",
                      "no_proxy", "NO_PROXY")


@pytest.fixture(autouse=True)
def _no_proxy_of_the_caller(monkeypatch):
    for name in NO_PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)


class Recorder:
    """A loopback HTTP server that keeps every request head it reads and answers 200 ``{}`` (or never)."""

    def __init__(self, answer: bool = True) -> None:
        self.heads: list[bytes] = []
        self.answer = answer

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                self.heads.append(await reader.readuntil(b"\r\n\r\n"))
                if not self.answer:
                    await asyncio.sleep(30)
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


def _serve(recorder: Recorder, ask) -> object:
    async def run() -> object:
        server = await asyncio.start_server(recorder.handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await ask(port)

    return asyncio.run(run())


@pytest.mark.parametrize("address", ["http://127.0.0.1:{port}/pypi/requests/json",
                                     "http://mirror-user:s%40cret@127.0.0.1:{port}/simple/requests/"])
def test_a_registry_request_is_the_one_httpx_client_sent(address):
    recorder = Recorder()

    async def ask(port: int) -> None:
        url = address.format(port=port)
        client = make_client(ONCE)
        try:
            assert (await fetch(client, url, "application/json", ONCE)).status == 200
        finally:
            await client.aclose()
        async with httpx.AsyncClient(headers={"User-Agent": USER_AGENT}, timeout=httpx.Timeout(5.0),
                                     follow_redirects=False, trust_env=True) as before:  # how depguard asked before
            async with before.stream("GET", url, headers={"Accept": "application/json"}) as resp:
                await resp.aread()

    _serve(recorder, ask)
    ours, httpx_client = recorder.heads
    assert ours == httpx_client
    assert (b"Authorization: Basic " in ours) == ("@" in address)


def test_the_request_timeout_applies_to_each_request_not_only_the_deadline():
    recorder = Recorder(answer=False)
    quick = HttpSettings(retries=0, timeout=0.2, deadline=20.0)

    async def ask(port: int) -> str:
        client = make_client(quick)
        try:
            await fetch(client, f"http://127.0.0.1:{port}/pypi/x/json", "application/json", quick)
        except RegistryUnavailable as exc:
            return str(exc)
        finally:
            await client.aclose()
        return "answered"

    said = _serve(recorder, ask)  # one request, nothing else asked of the host: it is given up for the run
    assert "timed out: no answer within 0.2s" in said, said


def test_a_proxy_named_by_the_environment_carries_the_request_and_no_proxy_is_honoured(monkeypatch):
    proxy = Recorder()

    async def ask(port: int) -> tuple[int, int]:
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{port}")
        client = make_client(ONCE)
        try:  # the registry's host does not exist: only the proxy can answer
            got = await fetch(client, "http://registry.invalid/pypi/x/json", "application/json", ONCE)
        finally:
            await client.aclose()
        monkeypatch.setenv("NO_PROXY", "127.0.0.1")
        client = make_client(ONCE)
        try:  # straight to the "registry" (the same loopback server), not through the proxy
            direct = await fetch(client, f"http://127.0.0.1:{port}/pypi/y/json", "application/json", ONCE)
        finally:
            await client.aclose()
        return got.status, direct.status

    assert _serve(proxy, ask) == (200, 200)
    through, straight = proxy.heads
    assert through.startswith(b"GET http://registry.invalid/pypi/x/json HTTP/1.1\r\n")
    assert straight.startswith(b"GET /pypi/y/json HTTP/1.1\r\n")


def test_without_a_proxy_requests_skip_httpx_clients_layers(monkeypatch):
    recorder = Recorder()

    def refuse(*args, **kwargs):
        raise AssertionError("a registry request went through httpx.AsyncClient")

    monkeypatch.setattr(httpx.AsyncClient, "send", refuse)

    async def ask(port: int) -> int:
        async with make_client(ONCE) as client:
            return (await fetch(client, f"http://127.0.0.1:{port}/pypi/x/json", "application/json", ONCE)).status

    assert _serve(recorder, ask) == 200
