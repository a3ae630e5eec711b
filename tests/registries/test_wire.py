"""Registry GETs on depguard's own wire (depguard.wire: h11 on asyncio's streams) instead of through httpx:
no httpx, httpcore or anyio imported by a lookup; the address spelled as httpx spells it, or the request left
to httpx; bodies decoded as httpx decodes them; kept connections reused, and one the registry closed as it
was reused asked again once on a new connection; never more connections than the client's limit."""

from __future__ import annotations

import asyncio
import gzip
import os
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import httpx
import pytest

from depguard.errors import RegistryUnavailable
from depguard.http import HttpSettings, fetch, make_client
from depguard.wire import request_for

ONCE = HttpSettings(retries=0, timeout=5.0, deadline=10.0)
ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.version_info < (3, 11), reason="the wire needs Python 3.11")


def _serve(handle, ask) -> object:
    async def run() -> object:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await ask(port)

    return asyncio.run(run())


async def _get(port: int, path: str = "/pypi/x/json", settings: HttpSettings = ONCE, client=None):
    own = client is None
    client = client or make_client(settings)
    try:
        return await fetch(client, f"http://127.0.0.1:{port}{path}", "application/json", settings)
    finally:
        if own:
            await client.aclose()


def test_a_cold_lookup_imports_neither_httpx_nor_httpcore_nor_anyio(tmp_path):
    script = textwrap.dedent("""
        import json, sys, threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Registry(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                body = json.dumps({"info": {"name": "requests", "summary": "HTTP", "version": "2.0"},
                                   "releases": {"2.0": [{"upload_time_iso_8601": "2020-01-01T00:00:00Z"}]}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Registry)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        from depguard.config import Settings
        from depguard.ecosystems import catalog
        from depguard.lookup import resolve
        key = catalog().key("pypi", "requests")
        got = resolve([key], Settings(use_cache=False, registries={"pypi": f"http://127.0.0.1:{server.server_port}"}))
        print(got[key].existence.value, sorted(m for m in ("httpx", "httpcore", "anyio") if m in sys.modules))
    """)
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy") and not k.startswith("DEPGUARD_")}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert proc.stdout.split("\n")[0] == "exists []", proc.stderr[-2000:]


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:8080/pypi/requests/json",
    "https://pypi.org/pypi/zope.interface/json",
    "https://pypi.org:443/pypi/a/json",
    "http://registry.example:80/simple/x/",
    "https://registry.npmjs.org/@types%2fnode",
    "https://registry.npmjs.org/-/v1/search?text=a+b&size=1",
    "https://proxy.golang.org/github.com/!azure/go/@v/list",
    "https://user:p%40ss@mirror.example/simple/x/",
    "https://REGISTRY.example/Pkg~1/(x)",
])
def test_the_wire_spells_an_address_as_httpx_does(url):
    headers = [("Accept", "application/json")]
    ours = request_for(url, headers)
    assert ours is not None
    theirs = httpx.Request("GET", url, headers=headers)
    if theirs.url.username or theirs.url.password:
        theirs = next(httpx.BasicAuth(theirs.url.username, theirs.url.password).sync_auth_flow(theirs))
    assert ours.target.encode() == theirs.url.raw_path
    assert [(k.lower().encode(), v.encode()) for k, v in ours.headers] == [(k.lower(), v) for k, v in theirs.headers.raw]


@pytest.mark.parametrize("url", [
    "http://127.0.0.1/pypi/a b/json",  # httpx escapes the space
    "http://127.0.0.1/pypi/caf\u00e9/json",  # and non-ASCII
    "http://127.0.0.1/pypi/50%/json",  # and a '%' that is no escape
    "http://127.0.0.1/a/./b/../json",  # and drops dot segments
    "http://127.0.0.1/json#part",
    "http://[::1]:8080/json",
    "http://b\u00fccher.example/json",
    "ftp://127.0.0.1/json",
])
def test_an_address_httpx_would_spell_otherwise_is_left_to_httpx(url):
    assert request_for(url, []) is None


def test_a_request_left_to_httpx_still_leaves_as_httpx_sent_it():
    heads: list[bytes] = []

    async def handle(reader, writer):
        heads.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}")
        await writer.drain()
        writer.close()

    async def ask(port):
        return (await _get(port, "/pypi/a b/json")).status

    assert _serve(handle, ask) == 404
    assert heads[0].startswith(b"GET /pypi/a%20b/json HTTP/1.1\r\n")


def _answer(body: bytes, *head: bytes, chunked: bool = False) -> bytes:
    if chunked:
        framed = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 7]), body[i:i + 7]) for i in range(0, len(body), 7))
        return b"HTTP/1.1 200 OK\r\n" + b"".join(h + b"\r\n" for h in head) + \
            b"Transfer-Encoding: chunked\r\n\r\n" + framed + b"0\r\n\r\n"
    return b"HTTP/1.1 200 OK\r\n" + b"".join(h + b"\r\n" for h in head) + b"Content-Length: %d\r\n\r\n" % len(body) + body


@pytest.mark.parametrize("encoding, encode, chunked", [
    ("gzip", gzip.compress, True),
    ("gzip", gzip.compress, False),
    ("deflate", zlib.compress, False),
    ("deflate", lambda b: zlib.compress(b)[2:-4], True),  # raw deflate, as some servers send it
    ("identity", lambda b: b, True),
])
def test_compressed_and_chunked_answers_are_read_as_httpx_reads_them(encoding, encode, chunked):
    document = b'{"info": {"name": "x"}, "releases": {}}' * 20

    async def handle(reader, writer):
        await reader.readuntil(b"\r\n\r\n")
        writer.write(_answer(encode(document), b"Content-Type: application/json",
                             b"Content-Encoding: " + encoding.encode(), chunked=chunked))
        await writer.drain()
        writer.close()

    async def ask(port):
        return await _get(port)

    fetched = _serve(handle, ask)
    assert (fetched.status, fetched.body, fetched.content_type) == (200, document, "application/json")


def test_a_body_that_does_not_decode_is_refused_as_undecodable():
    async def handle(reader, writer):
        await reader.readuntil(b"\r\n\r\n")
        writer.write(_answer(b"not gzip at all", b"Content-Encoding: gzip"))
        await writer.drain()
        writer.close()

    async def ask(port):
        try:
            await _get(port)
        except RegistryUnavailable as exc:
            return str(exc)
        return "answered"

    assert _serve(handle, ask).startswith("undecodable body")


def test_a_kept_connection_the_registry_drops_as_it_is_reused_is_asked_again_on_a_new_one():
    """The registry reads the second request of a kept connection and closes it unanswered (an idle timeout
    meeting the request): the request goes once more, on a new connection, not as a failure of the name."""
    connections = []

    async def handle(reader, writer):
        connections.append(writer)
        served = 0
        try:
            while True:
                await reader.readuntil(b"\r\n\r\n")
                if served == 1:
                    break  # the second request of this connection: dropped unanswered
                writer.write(_answer(b"{}", b"Content-Type: application/json"))
                await writer.drain()
                served += 1
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def ask(port):
        client = make_client(ONCE)  # no retry: only the wire's own second try can answer
        try:
            return [(await _get(port, f"/pypi/x{i}/json", client=client)).status for i in range(2)]
        finally:
            await client.aclose()

    assert _serve(handle, ask) == [200, 200]
    assert len(connections) == 2


def test_a_client_never_opens_more_connections_than_its_limit():
    open_now, most = [0], [0]

    async def handle(reader, writer):
        open_now[0] += 1
        most[0] = max(most[0], open_now[0])
        try:
            while True:
                await reader.readuntil(b"\r\n\r\n")
                await asyncio.sleep(0.01)
                writer.write(_answer(b"{}", b"Content-Type: application/json"))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            open_now[0] -= 1
            writer.close()

    async def ask(port):
        client = make_client(ONCE, connections=2)
        try:
            got = await asyncio.gather(*(_get(port, f"/pypi/x{i}/json", client=client) for i in range(7)))
        finally:
            await client.aclose()
        return [f.status for f in got]

    assert _serve(handle, ask) == [200] * 7
    assert most[0] == 2


def test_without_proxy_variables_the_proxy_question_imports_no_urllib_request(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env["PYTHONPATH"] = str(ROOT)
    code = ("import sys; from depguard.http import environment_proxies; "
            "print(environment_proxies(), 'urllib.request' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    expected = "False False" if sys.platform not in ("darwin", "win32") else "False True"
    assert proc.stdout.strip() == expected, proc.stderr[-2000:]


class _FakeConnection:
    """Stands for a wire connection in tests of the line's bookkeeping (nothing is sent)."""

    def __init__(self, origin) -> None:
        self.origin = origin
        self.closed = False

    def close(self) -> None:
        self.closed = True

    def idle_and_open(self) -> bool:
        return not self.closed


async def _settle(rounds: int = 20) -> None:
    for _ in range(rounds):  # loop turns, not time: every ready callback runs
        await asyncio.sleep(0)


def test_a_waiter_woken_then_cancelled_passes_the_free_connection_on(monkeypatch):
    """A connection comes back and wakes the first waiter; that waiter is cancelled before it resumes. The room
    it was woken for goes to the next waiter at once, not to nobody until some other connection comes back."""
    from depguard import wire

    async def fake_open(cls, origin, tls, timeout):
        return _FakeConnection(origin)

    monkeypatch.setattr(wire.Connection, "open", classmethod(fake_open))
    origin = ("http", "registry.example", 80)

    async def run() -> tuple[bool, bool]:
        line = wire.Line(1, tls=None)
        held = await line._take(origin, None, False)
        first = asyncio.ensure_future(line._take(origin, None, False))
        second = asyncio.ensure_future(line._take(origin, None, False))
        await _settle()
        assert len(line.waiting) == 2 and not first.done() and not second.done()
        line.give_back(held, False)  # wakes `first` (its future resolved; it has not resumed yet)
        first.cancel()  # ... and it is cancelled before it resumes
        await _settle()
        got = second.done() and not second.cancelled() and isinstance(second.result(), _FakeConnection)
        if not second.done():
            second.cancel()
        return first.cancelled(), got

    first_cancelled, second_served = asyncio.run(run())
    assert first_cancelled
    assert second_served, "the wake-up was lost: the second waiter still waits although the line has room"


def test_closing_the_line_ends_every_waiter(monkeypatch):
    from depguard import wire

    async def fake_open(cls, origin, tls, timeout):
        return _FakeConnection(origin)

    monkeypatch.setattr(wire.Connection, "open", classmethod(fake_open))
    origin = ("http", "registry.example", 80)

    async def run() -> list[BaseException | None]:
        line = wire.Line(1, tls=None)
        await line._take(origin, None, False)
        waiters = [asyncio.ensure_future(line._take(origin, None, False)) for _ in range(3)]
        await _settle()
        await line.aclose()
        await _settle()
        ended = [w.exception() if w.done() else None for w in waiters]
        for w in waiters:
            w.cancel()
        return ended

    ended = asyncio.run(run())
    assert all(isinstance(e, wire.ConnectFailed) for e in ended), ended


@pytest.mark.parametrize("backend", ["", "httpx"])
def test_an_answer_that_arrived_while_the_loop_was_held_is_read_not_timed_out(backend, monkeypatch):
    """The event loop is held (a long call in its thread) until the registry's whole answer is on the socket
    and the read's timeout has expired: in the turn after, both are due, and the timer's cancellation reaches
    the reading task first. The answer was there in time: it is read, not reported as a timeout."""
    import socket
    import threading
    import time

    from depguard import wire

    if backend:
        monkeypatch.setenv("DEPGUARD_HTTP_BACKEND", backend)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    answered, client_waits = threading.Event(), threading.Event()
    body = b'{"info": {"name": "x"}, "releases": {}}'

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(4096)
            client_waits.wait(10)  # the client waits for the answer (its read's timeout running)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\n\r\n" + body)
            answered.set()
            try:
                conn.recv(1)  # until the client closes
            except OSError:
                pass

    threading.Thread(target=serve, daemon=True).start()
    quick = HttpSettings(retries=0, timeout=0.05, deadline=10.0)

    def hold_the_loop() -> None:
        answered.wait(10)  # the answer is in the socket's buffer ...
        time.sleep(quick.timeout * 3)  # ... and the read's timeout is over

    held: list[bool] = []

    def holding(read):  # the first read of the answer holds the loop once it waits
        async def reading(self, *args, **kwargs):
            if not held:
                held.append(True)
                asyncio.get_running_loop().call_soon(hold_the_loop)
                client_waits.set()
            return await read(self, *args, **kwargs)

        return reading

    if backend:
        from depguard import netio

        monkeypatch.setattr(netio.Stream, "read", holding(netio.Stream.read))
    else:
        monkeypatch.setattr(wire.Connection, "_read", holding(wire.Connection._read))
    try:
        got = asyncio.run(_get(listener.getsockname()[1], settings=quick))
    finally:
        listener.close()
    assert got.status == 200 and got.body == body
