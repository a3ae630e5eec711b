"""Whether a registry's host can be reached at all, decided once per run instead of once per name.

A registry that refuses connections, whose name does not resolve, that no route leads to, whose TLS
handshake fails, or that lets a connection attempt time out is down for every name asked of it; retrying each
name with backoff only makes the run slow (three tries per name). The rule:

- **Host failures** (:func:`host_failure`: connection refused, DNS failure, network or host unreachable, TLS
  failure, connect timeout) are never retried per name. The first one starts a *confirmation*: after
  ``HttpSettings.confirm_after`` seconds the failed request is sent once more while every other request to
  that host waits. If the confirmation fails the same way, the host is unreachable for the rest of the run
  and every name of it, waiting or yet to come, ends ``not-checked`` at once with one shared reason. If it
  gets any HTTP answer, the host is up and the waiting requests go on (a single transient failure never
  turns a healthy registry's names into not-checked).
- **Everything else** (read timeouts, a body that drips, 5xx, 429, a broken connection after it was made)
  says nothing about the other names, and keeps the bounded per-name retries of :func:`depguard.http.fetch`.

One :class:`Hosts` book is shared by every HTTP client of a run (the registries of one host share its fate);
it also knows which hosts have requests outstanding and since when nothing came back, so the front end can
say early that a registry is not answering.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

from .errors import RegistryUnavailable
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


class HostUnreachable(RegistryUnavailable):
    """The registry's host was found unreachable earlier in this run; nothing was sent."""


def origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, without any user:password (fit to print and to key on)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return "(an unreadable address)"
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port else "")


def _errors(exc: BaseException):
    """``exc`` and every exception it was raised from or during (each once)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        todo.extend([e.__cause__, e.__context__, *getattr(e, "exceptions", ())])


def host_failure(exc: BaseException) -> str | None:
    """Why ``exc`` shows the host cannot be reached at all, or None when it may concern this request only."""
    import errno
    import socket
    import ssl
    import sys

    # httpx's exceptions or depguard.wire's (not imported to look: an exception of a module nobody imported
    # cannot have been raised)
    httpx, wire = sys.modules.get("httpx"), sys.modules.get("depguard.wire")
    if (httpx is not None and isinstance(exc, httpx.ConnectTimeout)) or (
            wire is not None and isinstance(exc, wire.ConnectTimedOut)):
        return "connection attempt timed out"
    if not ((httpx is not None and isinstance(exc, httpx.ConnectError))
            or (wire is not None and isinstance(exc, wire.ConnectFailed))):
        return None
    for e in _errors(exc):
        if isinstance(e, ConnectionRefusedError):
            return "connection refused"
        if isinstance(e, socket.gaierror):
            return f"DNS lookup failed ({e.strerror or e})"
        if isinstance(e, ssl.SSLCertVerificationError):
            return f"TLS certificate not accepted ({e.verify_message or e.reason or e})"
        if isinstance(e, ssl.SSLError):
            return f"TLS failure ({e.reason or e})"
        if isinstance(e, OSError) and e.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ECONNREFUSED):
            return {errno.ENETUNREACH: "network unreachable", errno.EHOSTUNREACH: "no route to host"}.get(
                e.errno, "connection refused")
        if isinstance(e, OSError) and str(e).startswith("Multiple exceptions:"):
            # asyncio (3.11) when every address of the host failed: one message listing each address's error
            import re

            codes = {int(c) for c in re.findall(r"\[Errno (-?\d+)\]", str(e))}
            if codes and codes <= {errno.ECONNREFUSED, errno.ENETUNREACH, errno.EHOSTUNREACH}:
                return "connection refused" if errno.ECONNREFUSED in codes else "network unreachable"
    text = str(exc).upper()
    if "CERTIFICATE" in text or "SSL" in text:
        return f"TLS failure ({exc})"
    return None


@record
class Host:
    """What this run knows about one host."""

    origin: str
    down: str | None = None  # the shared reason once the host is unreachable
    confirming: Any = None  # an asyncio.Event while one request confirms a host failure
    attempts: int = 0  # requests sent (each a connection attempt or a pooled connection's use)
    answers: int = 0  # HTTP answers received (any status)
    inflight: int = 0
    quiet_since: float = 0.0  # when the host last answered, or when requests started going out after a lull
    noticed: bool = False  # a "not answering" notice has been given

    async def ready(self) -> None:
        """Wait while another request confirms a host failure; raise :class:`HostUnreachable` once it is down."""
        while self.confirming is not None:
            await self.confirming.wait()
        if self.down is not None:
            raise HostUnreachable(self.down)

    def sending(self) -> None:
        if self.inflight == 0:  # after a lull, silence counts from now
            self.quiet_since = time.monotonic()
        self.inflight += 1
        self.attempts += 1

    def settled(self) -> None:
        self.inflight -= 1

    def answered(self) -> None:
        """An HTTP answer came back (any status): the host is reachable; a confirmation in progress ends."""
        self.answers += 1
        self.quiet_since = time.monotonic()
        self.end_confirmation()

    def begin_confirmation(self) -> Any:
        """The confirmation the caller is to make (an event, set when it ends), or None when another request is
        making one or the host is down. Any answer from the host ends it (:meth:`answered`)."""
        import asyncio

        if self.confirming is not None or self.down is not None:
            return None
        self.confirming = asyncio.Event()
        return self.confirming

    def end_confirmation(self) -> None:
        if self.confirming is not None:
            event, self.confirming = self.confirming, None
            event.set()


@record
class Hosts:
    """The hosts of one run. ``on_down(origin, reason)`` is called once when a host is found unreachable."""

    on_down: Callable[[str, str], None] | None = None
    hosts: dict[str, Host] = field(default_factory=dict)

    def of(self, url: str) -> Host:
        key = origin(url)
        host = self.hosts.get(key)
        if host is None:
            host = self.hosts[key] = Host(key)
        return host

    def mark_down(self, host: Host, why: str) -> None:
        """The host failed its confirmation: unreachable for the rest of the run, one reason for every name."""
        if host.down is None:
            host.down = f"registry unreachable: {why} at {host.origin} (confirmed; given up for this run)"
            if self.on_down is not None:
                self.on_down(host.origin, why)
        host.end_confirmation()

    def silent(self, after: float, now: float | None = None) -> list[Host]:
        """Hosts with requests outstanding that have not answered for ``after`` seconds and were not named yet."""
        now = time.monotonic() if now is None else now
        return [h for h in self.hosts.values()
                if h.down is None and not h.noticed and h.inflight > 0 and now - h.quiet_since >= after]
