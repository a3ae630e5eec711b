"""Sockets on asyncio's own streams: :func:`connect` for :mod:`depguard.wire`, and the same for httpcore,
instead of through anyio, where requests still go through httpx (a proxy, HTTP/2).

httpcore's connection pool asks every pooled connection ``get_extra_info("is_readable")`` on each pool event;
through anyio each ask builds a mapping of typed attributes, and with a registry's 16 connections that is
most of the pool's time. On asyncio's streams the same answers are attribute reads. Measured on this machine
(``benchmarks``/the README's "When a registry fails" section): 1.81 -> 1.12 ms of CPU per request for 400
requests to a loopback registry, 1.32 -> 0.97 ms at 50 ms latency.

Used on Python 3.11+ (``StreamWriter.start_tls`` and ``asyncio.timeout``) when httpcore has network backends;
elsewhere, or with ``DEPGUARD_HTTP_BACKEND=anyio``, httpcore keeps its own. Errors keep their cause
(``ConnectError`` from ``ConnectionRefusedError``, ``socket.gaierror``, ``ssl.SSLError``), which
:func:`depguard.reachability.host_failure` reads to tell a host that is down from a request that failed.
``Stream`` and ``Backend`` (httpcore's) are made at first use: the wire's requests never import httpcore.
"""

from __future__ import annotations

import asyncio
import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

HAPPY_EYEBALLS_DELAY = 0.25  # seconds before the next address is tried alongside (RFC 8305, as anyio does)
READ_LIMIT = 1 << 20  # bytes asyncio may buffer before it stops reading the socket


def backend_choice() -> str:
    """``DEPGUARD_HTTP_BACKEND``: '' (the default: :mod:`depguard.wire` where it applies, httpx on asyncio
    sockets elsewhere), 'httpx' (always httpx, on asyncio sockets) or 'anyio' (always httpx, on anyio's)."""
    return os.environ.get("DEPGUARD_HTTP_BACKEND", "").strip().lower()


def wanted() -> bool:
    if sys.version_info < (3, 11) or backend_choice() == "anyio":
        return False
    import httpcore

    return hasattr(httpcore, "AsyncNetworkBackend")


async def connect(host: str, port: int, timeout: float | None, local_address: str | None = None,
                  ssl: Any = None, server_hostname: str | None = None) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection (TLS with ``ssl``), the next address tried alongside after HAPPY_EYEBALLS_DELAY.
    Raises TimeoutError, or an OSError (when every address failed: one naming each address's error, raised
    from the first)."""
    extra: dict[str, Any] = {"all_errors": True} if sys.version_info >= (3, 12) else {}
    try:
        async with asyncio.timeout(timeout):  # type: ignore[attr-defined]  # 3.11+, as wanted() says
            return await asyncio.open_connection(
                host, port, limit=READ_LIMIT, happy_eyeballs_delay=HAPPY_EYEBALLS_DELAY,
                local_addr=(local_address, 0) if local_address else None, ssl=ssl, server_hostname=server_hostname,
                **extra)
    except BaseExceptionGroup as group:  # type: ignore[name-defined]  # noqa: F821 - 3.12+: every address failed, each with its own error
        first = group.exceptions[0] if group.exceptions else None
        raise OSError(str(first or group)) from first or group


def arrived(reader: asyncio.StreamReader) -> bool:
    """Whether ``reader`` holds data (or the end) a read can return at once. A read whose timeout fired
    with something there did not time out: the loop was held (a long call in its thread, a machine that
    stalled), and in the turn it got back both the data and the expired timer were due, the timer's
    cancellation reaching the reading task first. Registry answers that came in time are not lost to it."""
    return bool(getattr(reader, "_buffer", b"")) or reader.at_eof()


def __getattr__(name: str) -> Any:
    if name in ("Stream", "Backend"):
        if name not in globals():  # made once (a pool made later gets the same classes)
            _define()
        return globals()[name]
    raise AttributeError(name)


def _define() -> None:
    """Make httpcore's ``Stream`` and ``Backend`` on asyncio's streams (at first use: httpcore is imported then)."""
    import httpcore

    class Stream(httpcore.AsyncNetworkStream):
        def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self._reader = reader
            self._writer = writer

        async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
            try:
                try:
                    async with asyncio.timeout(timeout):  # type: ignore[attr-defined]  # 3.11+, as wanted() says
                        return await self._reader.read(max_bytes)
                except TimeoutError as exc:
                    if not arrived(self._reader):
                        raise httpcore.ReadTimeout("timed out reading") from exc
                    return await self._reader.read(max_bytes)  # there already (see arrived)
            except OSError as exc:
                raise httpcore.ReadError(str(exc) or type(exc).__name__) from exc

        async def write(self, buffer: bytes, timeout: float | None = None) -> None:
            if not buffer:
                return
            try:
                self._writer.write(buffer)
                async with asyncio.timeout(timeout):  # type: ignore[attr-defined]  # 3.11+, as wanted() says
                    await self._writer.drain()
            except TimeoutError as exc:
                raise httpcore.WriteTimeout("timed out writing") from exc
            except (OSError, RuntimeError) as exc:  # RuntimeError: writing to a transport already closed
                raise httpcore.WriteError(str(exc) or type(exc).__name__) from exc

        async def aclose(self) -> None:
            self._writer.close()

        async def start_tls(self, ssl_context: Any, server_hostname: str | None = None,
                            timeout: float | None = None) -> Stream:
            try:
                async with asyncio.timeout(timeout):  # type: ignore[attr-defined]  # 3.11+, as wanted() says
                    await self._writer.start_tls(ssl_context, server_hostname=server_hostname)  # type: ignore[attr-defined]
            except TimeoutError as exc:
                self._writer.close()
                raise httpcore.ConnectTimeout("timed out in the TLS handshake") from exc
            except OSError as exc:  # ssl.SSLError is an OSError
                self._writer.close()
                raise httpcore.ConnectError(str(exc) or type(exc).__name__) from exc
            return self

        def get_extra_info(self, info: str) -> Any:
            if info == "is_readable":  # an idle connection the server closed, or sent something unasked on
                return (self._reader.at_eof() or self._writer.transport.is_closing()
                        or bool(getattr(self._reader, "_buffer", b"")))
            name = {"ssl_object": "ssl_object", "client_addr": "sockname", "server_addr": "peername",
                    "socket": "socket"}.get(info)
            return self._writer.get_extra_info(name) if name else None

    class Backend(httpcore.AsyncNetworkBackend):
        async def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                              local_address: str | None = None, socket_options: Any = None) -> Stream:
            try:
                reader, writer = await connect(host, port, timeout, local_address)
            except TimeoutError as exc:
                raise httpcore.ConnectTimeout(f"timed out connecting to {host}:{port}") from exc
            except OSError as exc:
                raise httpcore.ConnectError(str(exc) or type(exc).__name__) from exc
            sock = writer.get_extra_info("socket")
            for option in socket_options or ():
                sock.setsockopt(*option)
            return Stream(reader, writer)

        async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                      socket_options: Any = None) -> Stream:
            try:
                async with asyncio.timeout(timeout):  # type: ignore[attr-defined]  # 3.11+, as wanted() says
                    reader, writer = await asyncio.open_unix_connection(path, limit=READ_LIMIT)
            except TimeoutError as exc:
                raise httpcore.ConnectTimeout(f"timed out connecting to {path}") from exc
            except OSError as exc:
                raise httpcore.ConnectError(str(exc) or type(exc).__name__) from exc
            return Stream(reader, writer)

        async def sleep(self, seconds: float) -> None:
            await asyncio.sleep(seconds)
    globals().update(Stream=Stream, Backend=Backend)


def use_asyncio_sockets(client: Any) -> None:
    """Give every connection pool of an httpx client (its own, and any proxy's), or of an httpx transport, the
    asyncio backend, when :func:`wanted`. Transports that are not httpcore pools (a test's MockTransport) are
    left alone."""
    if not wanted():
        return
    transports = [client, getattr(client, "_transport", None), *getattr(client, "_mounts", {}).values()]
    for transport in transports:
        pool = getattr(transport, "_pool", None)
        if pool is not None and hasattr(pool, "_network_backend"):
            pool._network_backend = __getattr__("Backend")()
