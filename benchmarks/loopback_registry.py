"""A loopback registry for benchmarks: PyPI-JSON-API- and npm-shaped answers with a set latency.

Serves on 127.0.0.1 only, counts requests, and stops when its owner stops it. Names listed in ``missing``
get a 404; every other name gets a small, realistic 200 document. HTTP/1.1 with keep-alive, so a pooled
client pays the connection cost once per connection, as with a real registry.

    with LoopbackRegistry(latency=0.05, missing={"pypi:reqeusts"}) as reg:
        os.environ["DEPGUARD_REGISTRY_PYPI"] = reg.url + "/pypi-root"
        ...
        print(reg.requests)
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from urllib.parse import unquote


def pypi_doc(name: str) -> bytes:
    releases = {f"1.{i}.0": [{"filename": f"{name}-1.{i}.0.tar.gz", "upload_time_iso_8601": f"20{15 + i}-01-01T00:00:00Z",
                              "yanked": False}] for i in range(6)}
    return json.dumps({"info": {"name": name, "summary": f"The {name} package", "version": "1.5.0"},
                       "releases": releases, "urls": releases["1.5.0"]}).encode()


def npm_doc(name: str) -> bytes:
    versions = {f"1.{i}.0": {"name": name, "version": f"1.{i}.0"} for i in range(6)}
    times = {"created": "2015-01-01T00:00:00Z", "modified": "2024-01-01T00:00:00Z",
             **{v: f"20{15 + i}-01-01T00:00:00Z" for i, v in enumerate(versions)}}
    return json.dumps({"_id": name, "name": name, "description": f"The {name} package", "dist-tags": {"latest": "1.5.0"},
                       "time": times, "versions": versions}).encode()


class LoopbackServer:
    """An asyncio HTTP server on 127.0.0.1 in a thread of its own; subclasses define the connection handler
    ``async def _handle(self, reader, writer)``.

    Used by the benchmarks and by the reliability tests' fault server. It serves loopback only and stops
    with its context manager, cancelling every connection still open.
    """

    backlog = 100
    tls = None  # an ssl.SSLContext: serve TLS

    def __init__(self) -> None:
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._server: asyncio.base_events.Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)

        async def start() -> None:
            self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port, backlog=self.backlog,
                                                      ssl=self.tls)
            self.port = self._server.sockets[0].getsockname()[1]
            self._ready.set()

        loop.run_until_complete(start())
        loop.run_forever()
        tasks = asyncio.all_tasks(loop)
        for task in tasks:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        loop.close()

    def __enter__(self):
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None:
            def stop() -> None:
                if self._server is not None:
                    self._server.close()
                self._loop.stop()  # type: ignore[union-attr]

            self._loop.call_soon_threadsafe(stop)
        if self._thread is not None:
            self._thread.join(10)


class LoopbackRegistry(LoopbackServer):
    backlog = 512

    def __init__(self, latency: float = 0.05, missing: set[str] | None = None) -> None:
        super().__init__()
        self.latency = latency
        self.missing = missing or set()
        self.requests: Counter[str] = Counter()
        self.paths: Counter[str] = Counter()

    def answer(self, path: str) -> tuple[int, bytes]:
        # /pypi-root/pypi/<name>/json  or  /npm-root/<name>
        if path.startswith("/pypi-root/pypi/") and path.endswith("/json"):
            name = unquote(path[len("/pypi-root/pypi/"):-len("/json")])
            self.requests["pypi"] += 1
            return (404, b'{"message": "Not Found"}') if f"pypi:{name}" in self.missing else (200, pypi_doc(name))
        if path.startswith("/npm-root/"):
            name = unquote(path[len("/npm-root/"):])
            self.requests["npm"] += 1
            return (404, b'{"error":"Not found"}') if f"npm:{name}" in self.missing else (200, npm_doc(name))
        self.requests["other"] += 1
        return 404, b"{}"

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                request_line = head.split(b"\r\n", 1)[0].decode("latin-1")
                parts = request_line.split(" ")
                path = parts[1] if len(parts) > 1 else "/"
                self.paths[path] += 1
                await asyncio.sleep(self.latency)
                status, body = self.answer(path)
                reason = "OK" if status == 200 else "Not Found"
                writer.write(f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
                             f"Content-Length: {len(body)}\r\nConnection: keep-alive\r\n\r\n".encode() + body)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


DEAD_MODES = {
    "hang": "accepts, reads the request, never answers (until the server stops)",
    "reset": "accepts, reads the request, resets the connection (RST)",
    "close": "accepts, reads the request, closes the connection without an answer",
    "status503": "answers 503 to every request",
    "status429": "answers 429 (no Retry-After) to every request",
    "garbage": "answers something that is not HTTP, then closes",
}


class DeadRegistry(LoopbackServer):
    """A registry that answers nothing usable, in one of DEAD_MODES; counts connections and requests."""

    backlog = 512

    def __init__(self, mode: str) -> None:
        if mode not in DEAD_MODES:
            raise ValueError(f"unknown mode {mode!r}: one of {', '.join(DEAD_MODES)}")
        super().__init__()
        self.mode = mode
        self.connections = 0
        self.requests = 0

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                await reader.readuntil(b"\r\n\r\n")
                self.requests += 1
                if self.mode == "hang":
                    await asyncio.sleep(3600)
                elif self.mode == "reset":
                    import socket
                    import struct

                    writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    writer.transport.abort()
                    return
                elif self.mode in ("close", "garbage"):
                    if self.mode == "garbage":
                        writer.write(b"SSH-2.0-OpenSSH_9.0\r\n\r\n")
                        await writer.drain()
                    return
                else:
                    status = 503 if self.mode == "status503" else 429
                    body = b"<html>unavailable</html>"
                    writer.write(f"HTTP/1.1 {status} X\r\nContent-Type: text/html\r\nContent-Length: {len(body)}\r\n"
                                 "Connection: keep-alive\r\n\r\n".encode() + body)
                    await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, asyncio.CancelledError, OSError):
            pass
        finally:
            writer.close()
