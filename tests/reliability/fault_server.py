"""A fault-injecting HTTP server on 127.0.0.1 for reliability tests.

The fault is chosen by the requested name (the last path segment before ``/json`` for PyPI-shaped paths,
or the last segment): ``ok-…`` answers a small valid PyPI document, ``missing-…`` a 404, and the names in
FAULTS misbehave as described there. Every request is counted per path. Bounded: it serves only loopback,
stops with its context manager, and every fault ends on its own (no fault hangs longer than ``hang``).
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from urllib.parse import unquote

from benchmarks.loopback_registry import LoopbackServer


def ok_doc(name: str) -> bytes:
    """A real project document for ``name`` (a document about another name is not an answer)."""
    return json.dumps({"info": {"name": name, "summary": "fine"}, "urls": [{"filename": "x-1.tar.gz"}],
                       "releases": {"1.0": [{"upload_time_iso_8601": "2015-01-01T00:00:00Z", "yanked": False}],
                                    "2.0": [{"upload_time_iso_8601": "2016-01-01T00:00:00Z", "yanked": False}]}}).encode()


OK_DOC = ok_doc("x")

FAULTS = {
    "hang": "accepts, reads the request, never answers (until `hang` seconds pass)",
    "drip": "sends headers, then one body byte every 0.2 s",
    "status429": "429 without Retry-After",
    "status429-retry-after": "429 with Retry-After: 0",
    "status429-long-retry": "429 with Retry-After: 3600",
    "status500": "500 every time",
    "burst503": "503 twice, then a valid 200",
    "truncated": "Content-Length larger than the body, then closes",
    "notjson": "200 with an HTML body",
    "emptybody200": "200 with an empty body",
    "jsonarray": "200 with a JSON array instead of an object",
    "huge": "200 declaring and sending a body over the size cap",
    "huge-undeclared": "200 chunked, streaming past the size cap",
    "redirect-away": "302 to another host",
    "redirect-same": "302 to ok-redirected on the same host",
    "status403": "403 Forbidden",
    "garbage-status": "a reply that is not HTTP",
}


class FaultServer(LoopbackServer):
    def __init__(self, hang: float = 30.0) -> None:
        super().__init__()
        self.hang = hang
        self.hits: Counter[str] = Counter()

    @staticmethod
    def fault_of(path: str) -> str:
        parts = [p for p in path.split("?")[0].split("/") if p]
        if parts and parts[-1] == "json":
            parts = parts[:-1]
        return unquote(parts[-1]) if parts else ""

    async def _reply(self, writer: asyncio.StreamWriter, status: int, body: bytes, extra: str = "",
                     content_type: str = "application/json") -> None:
        writer.write(f"HTTP/1.1 {status} X\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n{extra}\r\n".encode() + body)
        await writer.drain()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                path = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")[1]
                self.hits[path] += 1
                name = self.fault_of(path)
                n = self.hits[path]
                if name.startswith("ok") or (name == "burst503" and n > 2) or path.endswith("?moved=1"):
                    await self._reply(writer, 200, ok_doc(name))
                elif name.startswith("missing"):
                    await self._reply(writer, 404, b'{"message": "Not Found"}')
                elif name == "hang":
                    await asyncio.sleep(self.hang)
                    return
                elif name == "drip":
                    writer.write(b"HTTP/1.1 200 X\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
                    for _ in range(int(self.hang / 0.2)):
                        writer.write(b" ")
                        await writer.drain()
                        await asyncio.sleep(0.2)
                    return
                elif name == "status429":
                    await self._reply(writer, 429, b"slow down", content_type="text/plain")
                elif name == "status429-retry-after":
                    await self._reply(writer, 429, b"slow down", "Retry-After: 0\r\n", "text/plain")
                elif name == "status429-long-retry":
                    await self._reply(writer, 429, b"slow down", "Retry-After: 3600\r\n", "text/plain")
                elif name in ("status500", "burst503"):
                    await self._reply(writer, 500 if name == "status500" else 503, b"<html>oops</html>", content_type="text/html")
                elif name == "truncated":
                    writer.write(b"HTTP/1.1 200 X\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n" + OK_DOC[:40])
                    await writer.drain()
                    return
                elif name == "notjson":
                    await self._reply(writer, 200, b"<html><body>Welcome to the captive portal</body></html>", content_type="text/html")
                elif name == "emptybody200":
                    await self._reply(writer, 200, b"")
                elif name == "jsonarray":
                    await self._reply(writer, 200, b"[1, 2, 3]")
                elif name == "huge":
                    size = 3 * 1024 * 1024
                    writer.write(f"HTTP/1.1 200 X\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n".encode())
                    writer.write(b" " * size)
                    await writer.drain()
                    return
                elif name == "huge-undeclared":
                    writer.write(b"HTTP/1.1 200 X\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                    chunk = b" " * 65536
                    for _ in range(64):
                        writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                        await writer.drain()
                    writer.write(b"0\r\n\r\n")
                    await writer.drain()
                    return
                elif name == "redirect-away":
                    await self._reply(writer, 302, b"", "Location: http://elsewhere.invalid/pypi/x/json\r\n")
                elif name == "redirect-same":
                    # to the same project's document at another address (as PyPI sends Foo_Bar to foo-bar)
                    await self._reply(writer, 302, b"", "Location: /pypi/redirect-same/json?moved=1\r\n")
                elif name == "status403":
                    await self._reply(writer, 403, b"Forbidden", content_type="text/plain")
                elif name == "garbage-status":
                    writer.write(b"SSH-2.0-OpenSSH_9.0\r\n\r\n")
                    await writer.drain()
                    return
                else:
                    await self._reply(writer, 404, b"{}")
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, IndexError):
            pass
        finally:
            writer.close()
