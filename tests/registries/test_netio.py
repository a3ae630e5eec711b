"""Registry clients talk through asyncio's own sockets (depguard.netio): same answers and failures as httpcore's
anyio sockets, a pooled connection the server closed is never reused, every refusing address is a host failure."""

from __future__ import annotations

import asyncio
import sys

import httpx
import pytest

from depguard import netio
from depguard.http import HttpSettings, fetch, make_client
from depguard.reachability import host_failure

needs_311 = pytest.mark.skipif(sys.version_info < (3, 11), reason="asyncio sockets need Python 3.11")


@needs_311
def test_registry_clients_use_asyncio_sockets_unless_told_otherwise(monkeypatch):
    from depguard.wire import Line

    assert isinstance(make_client(HttpSettings()).line, Line)  # the default: the wire, no httpx pool
    monkeypatch.setenv("DEPGUARD_HTTP_BACKEND", "httpx")
    client = make_client(HttpSettings())
    assert client.line is None
    assert isinstance(client.transport._pool._network_backend, netio.Backend)
    monkeypatch.setenv("DEPGUARD_HTTP_BACKEND", "anyio")
    assert not isinstance(make_client(HttpSettings()).transport._pool._network_backend, netio.Backend)


def test_a_test_transport_is_left_alone():
    mock = httpx.MockTransport(lambda request: httpx.Response(200))
    assert make_client(HttpSettings(), transport=mock).transport is mock


class ClosingServer:
    """Answers each request with a keep-alive 200, then closes the connection anyway (as a registry's load
    balancer does to idle connections)."""

    def __init__(self) -> None:
        self.connections = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                     b"Connection: keep-alive\r\n\r\n{}")
        await writer.drain()
        writer.close()


@needs_311
def test_a_pooled_connection_the_server_closed_is_not_reused():
    server = ClosingServer()

    async def run() -> list[int]:
        srv = await asyncio.start_server(server.handle, "127.0.0.1", 0)
        port = srv.sockets[0].getsockname()[1]
        client = make_client(HttpSettings(retries=0))  # no retry could hide a request sent on a dead connection
        statuses = []
        async with srv, client:
            for i in range(3):
                fetched = await fetch(client, f"http://127.0.0.1:{port}/pypi/x{i}/json", "application/json",
                                      HttpSettings(retries=0))
                statuses.append(fetched.status)
                await asyncio.sleep(0.05)  # the server's close arrives before the next request
        return statuses

    assert asyncio.run(run()) == [200, 200, 200]
    assert server.connections == 3


def test_every_address_of_a_host_refusing_is_a_host_failure():
    def failed(message: str) -> httpx.ConnectError:
        try:
            try:
                raise OSError(message)
            except OSError as exc:
                raise httpx.ConnectError(message) from exc
        except httpx.ConnectError as exc:
            return exc

    both = failed("Multiple exceptions: [Errno 111] Connect call failed ('::1', 9, 0, 0), "
                  "[Errno 101] Network is unreachable")
    assert host_failure(both) == "connection refused"
    other = failed("Multiple exceptions: [Errno 111] Connect call failed ('::1', 9, 0, 0), [Errno 24] Too many open files")
    assert host_failure(other) is None  # one address failed for a reason of this machine: retried per name


def test_lookups_keep_at_most_the_registrys_concurrency_of_connections_and_reuse_them():
    """One HTTP client per connection slot (depguard.lookup): as many connections as requests in flight at most,
    each kept alive for the next name."""
    from benchmarks.loopback_registry import LoopbackRegistry
    from depguard.config import Settings
    from depguard.ecosystems import catalog
    from depguard.lookup import resolve
    from depguard.model import Existence

    class Counting(LoopbackRegistry):
        connections = 0

        async def _handle(self, reader, writer):
            Counting.connections += 1
            await super()._handle(reader, writer)

    names = [f"pkg-{i}" for i in range(60)]
    with Counting(latency=0.01) as reg:
        settings = Settings(use_cache=False, registries={"pypi": reg.url + "/pypi-root"})
        answers = resolve([catalog().key("pypi", n) for n in names], settings)
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}
    assert reg.requests["pypi"] == len(names)
    assert Counting.connections <= catalog().get("pypi").registry.concurrency
