"""Registry GETs on asyncio's own streams, read with h11: HTTP/1.1 and no more than a lookup needs.

httpx (with httpcore and anyio's asyncio backend under it) is most of what a cold run imports before its first
request can leave, and its pool, locks and cancel scopes most of what each request costs beside the
registry's answer. :class:`depguard.http.Client` sends a plain GET here instead when httpx would add nothing
to it: no proxy in the environment, no transport of a test's, no HTTP/2 asked for, and an address whose
request line and ``Host`` httpx would not have spelled otherwise (:func:`request_for`; any other address
still goes through httpx). The request head is the one httpx sends, byte for byte (h11 writes both).

What a failure raises (:class:`WireError` and its kinds) is told apart the way httpx's exceptions are:
:func:`depguard.reachability.host_failure` reads a :class:`ConnectFailed` as it reads ``httpx.ConnectError``
(the cause it was raised from says refused, DNS or TLS), and :func:`depguard.http.fetch` gives every other
kind its per-name retries.
"""

from __future__ import annotations

import asyncio
import zlib
from base64 import b64encode
from urllib.parse import unquote, urlsplit

import h11

from .netio import arrived, connect

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from collections.abc import AsyncIterator
    from typing import Any

ACCEPT_ENCODING = "gzip, deflate"  # what :class:`Response` decodes (zlib's), and so what a request says it takes
READ_SIZE = 64 * 1024
MAX_HEAD = 100 * 1024  # bytes of an answer's head at most (httpcore's bound)
REDIRECTS = frozenset({301, 302, 303, 307, 308})


class WireError(Exception):
    """A request that got no complete answer."""


class ConnectFailed(WireError):
    """No connection (refused, DNS, unreachable, TLS): raised from the OSError saying which."""


class ConnectTimedOut(ConnectFailed):
    pass


class TimedOut(WireError):
    """No progress within the request's timeout (reading, writing, or waiting for a free connection)."""


class ReadError(WireError):
    pass


class WriteError(WireError):
    pass


class Broken(WireError):
    """The registry broke HTTP, or closed the connection before its answer was complete."""


class Undecodable(WireError):
    """A body its Content-Encoding does not decode."""


_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")
_HOST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-.")
_HEX = frozenset("0123456789abcdefABCDEF")
_PORTS = {"http": 80, "https": 443}


def _spelled_as_is(text: str, extra: str = "") -> bool:
    """Whether httpx would send ``text`` (a path or query) unchanged: only characters it never escapes, and
    every '%' an escape already."""
    for i, c in enumerate(text):
        if c == "%":
            if text[i + 1:i + 2] not in _HEX or text[i + 2:i + 3] not in _HEX:
                return False
        elif c not in _SAFE and c not in extra:
            return False
    return True


class Request:
    """One GET: where to (``origin``: scheme, host, port) and its head's fields, in the order they are sent."""

    __slots__ = ("origin", "target", "headers")

    def __init__(self, origin: tuple[str, str, int], target: str, headers: list[tuple[str, str]]) -> None:
        self.origin = origin
        self.target = target
        self.headers = headers


def request_for(url: str, headers: list[tuple[str, str]]) -> Request | None:
    """The GET httpx would send for ``url`` with ``headers`` (``Host`` first, Basic authentication from a
    user:password in the address replacing any Authorization), or None when httpx would spell the address
    otherwise than it is written here (an escape it would add, a dot segment, an IPv6 or non-ASCII host...):
    such a request goes through httpx."""
    if "#" in url or url.endswith("?"):
        return None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme, parts.hostname or ""
    if scheme not in _PORTS or not host or not _HOST.issuperset(host) or host.startswith(".") or ".." in host:
        return None
    path, query = parts.path or "/", parts.query
    if not path.startswith("/") or not _spelled_as_is(path) or not _spelled_as_is(query, "?"):
        return None
    if "." in path and any(seg in (".", "..") for seg in path.split("/")):
        return None
    if port == _PORTS[scheme]:
        port = None
    head = [("Host", host if port is None else f"{host}:{port}"), *headers]
    if parts.username is not None or parts.password is not None:
        userinfo = parts.netloc.rpartition("@")[0]
        if not _spelled_as_is(userinfo.replace("@", "%40")):
            return None
        user, _, password = userinfo.partition(":")
        token = b64encode(f"{unquote(user)}:{unquote(password)}".encode()).decode()
        at = next((i for i, (k, _) in enumerate(head) if k.lower() == "authorization"), None)
        if at is None:
            head.append(("Authorization", f"Basic {token}"))
        else:
            head[at] = ("Authorization", f"Basic {token}")
            head[at + 1:] = [h for h in head[at + 1:] if h[0].lower() != "authorization"]
    return Request((scheme, host, port or _PORTS[scheme]), path + (f"?{query}" if query else ""), head)


class Headers:
    """An answer's header fields, read as httpx's ``Headers.get`` reads them: any case, repeats joined."""

    __slots__ = ("_fields",)

    def __init__(self, raw: Any) -> None:  # h11's (name, value) pairs
        fields: dict[str, str] = {}
        for name, value in raw:
            key = name.decode("latin-1").lower()
            text = value.decode("latin-1")
            fields[key] = f"{fields[key]}, {text}" if key in fields else text
        self._fields = fields

    def get(self, name: str, default: Any = None) -> Any:
        return self._fields.get(name.lower(), default)

    def __contains__(self, name: str) -> bool:
        return name.lower() in self._fields


class _Gzip:
    def __init__(self) -> None:
        self._z = zlib.decompressobj(zlib.MAX_WBITS | 16)

    def decode(self, data: bytes) -> bytes:
        return self._z.decompress(data)

    def flush(self) -> bytes:
        return self._z.flush()


class _Deflate:
    """zlib-wrapped deflate, or raw deflate when the first bytes say so (as httpx decodes it)."""

    def __init__(self) -> None:
        self._first = True
        self._z = zlib.decompressobj()

    def decode(self, data: bytes) -> bytes:
        was_first, self._first = self._first, False
        try:
            return self._z.decompress(data)
        except zlib.error:
            if not was_first:
                raise
            self._z = zlib.decompressobj(-zlib.MAX_WBITS)
            return self._z.decompress(data)

    def flush(self) -> bytes:
        return self._z.flush()


_DECODERS = {"gzip": _Gzip, "x-gzip": _Gzip, "deflate": _Deflate}


def _decoders(encoding: str | None) -> list[Any]:
    """The decoders of a Content-Encoding, outermost first; an encoding nobody decodes is left as it is (as
    httpx leaves it: what reads the body then finds it unreadable)."""
    if not encoding:
        return []
    names = [e.strip().lower() for e in encoding.split(",")]
    return [_DECODERS[n]() for n in reversed(names) if n in _DECODERS]


class Response:
    """An answer's status and head; the body comes through :meth:`aiter_bytes` (decoded), and :meth:`aclose`
    gives the connection back (kept when the body was read to its end, else closed)."""

    __slots__ = ("status_code", "headers", "_line", "_conn", "_timeout")

    def __init__(self, status: int, headers: Headers, line: Line, conn: Connection, timeout: float | None) -> None:
        self.status_code = status
        self.headers = headers
        self._line = line
        self._conn: Connection | None = conn
        self._timeout = timeout

    @property
    def is_redirect(self) -> bool:
        return self.status_code in REDIRECTS and "location" in self.headers

    async def aiter_bytes(self) -> AsyncIterator[bytes]:
        conn = self._conn
        if conn is None:
            return
        decoders = _decoders(self.headers.get("content-encoding"))
        try:
            while True:
                event = await conn.next_event(self._timeout)
                if type(event) is h11.Data:
                    data = bytes(event.data)
                    for d in decoders:
                        data = d.decode(data)
                    if data:
                        yield data
                elif type(event) is h11.EndOfMessage:
                    tail = b""
                    for d in decoders:
                        tail = d.decode(tail) + d.flush()
                    self._conn = None
                    self._line.give_back(conn, conn.finished())
                    if tail:
                        yield tail
                    return
                else:
                    raise Broken(f"unexpected {type(event).__name__} in an answer's body")
        except zlib.error as exc:
            raise Undecodable(str(exc)) from None

    async def aclose(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:  # the body was not read to its end: the connection cannot carry another request
            self._line.give_back(conn, False)


class Connection:
    """One HTTP/1.1 connection to one origin, one request at a time (kept alive between them)."""

    __slots__ = ("origin", "reader", "writer", "h11", "used", "heard")

    def __init__(self, origin: tuple[str, str, int], reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.origin = origin
        self.reader = reader
        self.writer = writer
        self.h11 = h11.Connection(our_role=h11.CLIENT, max_incomplete_event_size=MAX_HEAD)
        self.used = False  # it has carried a request
        self.heard = False  # the current request's answer has begun arriving

    @classmethod
    async def open(cls, origin: tuple[str, str, int], tls: Any, timeout: float | None) -> Connection:
        scheme, host, port = origin
        try:
            reader, writer = await connect(host, port, timeout,
                                           ssl=tls() if scheme == "https" else None,
                                           server_hostname=host if scheme == "https" else None)
        except TimeoutError as exc:
            raise ConnectTimedOut(f"timed out connecting to {host}:{port}") from exc
        except OSError as exc:  # ssl.SSLError is an OSError
            raise ConnectFailed(str(exc) or type(exc).__name__) from exc
        return cls(origin, reader, writer)

    def idle_and_open(self) -> bool:
        """Whether a kept connection can carry the next request: the registry has not closed it nor sent
        anything unasked on it."""
        return (self.h11.our_state is h11.IDLE and not self.reader.at_eof() and not self.writer.transport.is_closing()
                and not getattr(self.reader, "_buffer", b""))

    def finished(self) -> bool:
        """After an answer's end: whether the connection can be kept for another request."""
        if self.h11.our_state is h11.DONE and self.h11.their_state is h11.DONE:
            self.h11.start_next_cycle()
            return True
        return False

    async def write(self, request: Request, timeout: float | None) -> None:
        """Write ``request``'s head (a GET has no body)."""
        self.used = True
        self.heard = False
        data = self.h11.send(h11.Request(method="GET", target=request.target, headers=request.headers))
        data += self.h11.send(h11.EndOfMessage())
        try:
            self.writer.write(data)
            async with asyncio.timeout(timeout):  # type: ignore[attr-defined]  # 3.11+ (http.Client checks)
                await self.writer.drain()
        except TimeoutError as exc:
            raise TimedOut("timed out writing") from exc
        except (OSError, RuntimeError) as exc:  # RuntimeError: writing to a transport already closed
            raise WriteError(str(exc) or type(exc).__name__) from exc

    async def head(self, timeout: float | None) -> tuple[int, Headers]:
        """The answer's head (1xx skipped): (status, headers)."""
        while True:
            event = await self.next_event(timeout)
            if type(event) is h11.Response:
                return event.status_code, Headers(event.headers)
            if type(event) is not h11.InformationalResponse:
                raise Broken("Server disconnected without sending a response.")

    async def next_event(self, timeout: float | None) -> Any:
        conn = self.h11
        while True:
            try:
                event = conn.next_event()
            except h11.RemoteProtocolError as exc:
                raise Broken(str(exc) or "malformed answer") from exc
            if event is not h11.NEED_DATA:
                if type(event) is h11.ConnectionClosed:
                    raise Broken("Server disconnected without sending a response."
                                 if conn.their_state is h11.CLOSED and conn.our_state is h11.DONE
                                 else "Server disconnected before the answer was complete.")
                return event
            data = await self._read(timeout)
            self.heard = self.heard or bool(data)
            try:
                conn.receive_data(data)
            except h11.RemoteProtocolError as exc:
                raise Broken(str(exc) or "malformed answer") from exc

    async def _read(self, timeout: float | None) -> bytes:
        try:
            try:
                async with asyncio.timeout(timeout):  # type: ignore[attr-defined]
                    return await self.reader.read(READ_SIZE)
            except TimeoutError as exc:
                if not arrived(self.reader):
                    raise TimedOut("timed out reading") from exc
                return await self.reader.read(READ_SIZE)  # there already: returns at once
        except OSError as exc:
            raise ReadError(str(exc) or type(exc).__name__) from exc

    def close(self) -> None:
        self.writer.close()


class Line:
    """Up to ``limit`` kept-alive connections, shared by the requests of one client: a request takes an idle
    connection to its origin (one the registry closed meanwhile is dropped), else opens one, else waits for
    one to come back. ``tls``: called for the TLS context of an https connection."""

    def __init__(self, limit: int, tls: Any) -> None:
        self.limit = max(1, limit)
        self.tls = tls
        self.idle: list[Connection] = []
        self.busy = 0  # connections taken, or being opened
        self.waiting: list[asyncio.Future[None]] = []
        self.closed = False
        self.written = 0  # requests whose head has gone out

    async def send(self, request: Request, timeout: float | None) -> Response:
        for fresh in (False, True):
            conn = await self._take(request.origin, timeout, fresh)
            reused = conn.used
            try:
                await conn.write(request, timeout)
                self.written += 1
                status, headers = await conn.head(timeout)
            except (ReadError, WriteError, Broken):
                self.give_back(conn, False)
                if reused and not conn.heard and not fresh:
                    continue  # the registry closed a kept connection as it was reused: once more, on a new one
                raise
            except BaseException:
                self.give_back(conn, False)
                raise
            return Response(status, headers, self, conn, timeout)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _take(self, origin: tuple[str, str, int], timeout: float | None, fresh: bool) -> Connection:
        while True:
            if self.closed:
                raise ConnectFailed("the client is closed")
            if not fresh:
                while self.idle:
                    conn = next((c for c in reversed(self.idle) if c.origin == origin), None)
                    if conn is None:
                        break
                    self.idle.remove(conn)
                    if conn.idle_and_open():
                        self.busy += 1
                        return conn
                    conn.close()
            if self.busy + len(self.idle) >= self.limit and self.idle:  # room made by closing another origin's
                self.idle.pop(0).close()
            if self.busy + len(self.idle) < self.limit:
                self.busy += 1
                try:
                    return await Connection.open(origin, self.tls, timeout)
                except BaseException:
                    self.busy -= 1
                    self._wake()
                    raise
            waiter = asyncio.get_running_loop().create_future()
            self.waiting.append(waiter)
            try:
                async with asyncio.timeout(timeout):  # type: ignore[attr-defined]
                    await waiter
            except BaseException as exc:
                if waiter in self.waiting:
                    self.waiting.remove(waiter)
                elif waiter.done() and not waiter.cancelled():
                    # woken (a connection came back) but cancelled or timed out before it could resume: the room
                    # it was woken for goes to the next waiter, not to nobody until the next give-back
                    self._wake()
                if isinstance(exc, TimeoutError):
                    raise TimedOut("timed out waiting for a connection") from exc
                raise

    def give_back(self, conn: Connection, keep: bool) -> None:
        self.busy -= 1
        if keep and not self.closed:
            self.idle.append(conn)
        else:
            conn.close()
        self._wake()

    def _wake(self) -> None:
        while self.waiting:
            waiter = self.waiting.pop(0)
            if not waiter.done():
                waiter.set_result(None)
                return

    async def aclose(self) -> None:
        self.closed = True
        idle, self.idle = self.idle, []
        for conn in idle:
            conn.close()
        waiting, self.waiting = self.waiting, []
        for waiter in waiting:  # every waiter, not one: each finds the line closed and raises
            if not waiter.done():
                waiter.set_result(None)
