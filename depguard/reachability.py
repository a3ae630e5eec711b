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
- **A registry that answers nothing usable** is given up the same way, once, whatever the shape of its
  failure: a connection accepted then reset or closed without an answer, a request no answer comes to
  within the timeout, or only 5xx/429 answers. Such a failure is *suspect* when no usable answer came from
  the host since the request went out and, on a host that did answer earlier in the run, a request to
  another address failed so too (one name the registry cannot serve is that name's trouble, not the
  registry's). A suspect failure starts a confirmation as above: a reset or closed connection is sent once
  more; 5xx/429 answers are asked again ``retries`` times, ``confirm_after`` apart (or the registry's
  ``Retry-After``) by that one request while the others wait; a timeout is not sent again
  (that would cost another timeout) and is decided by the requests still in flight. A confirmation that
  fails ends the host only once no other request to it is still in flight, and any usable answer meanwhile
  keeps it up. So the whole run waits for a silent registry one timeout (``HttpSettings.timeout``), not
  one per name and retry.
- **Everything else** (a body that drips, a failure after the answer began, a failure while the host keeps
  answering other requests) says nothing about the other names, and keeps the bounded per-name retries of
  :func:`depguard.http.fetch`; a host found down meanwhile ends the retry waits at once.

One :class:`Hosts` book is shared by every HTTP client of a run (the registries of one host share its fate);
it also knows which hosts have requests outstanding and since when nothing came back, so the front end can
say early that a registry is not answering.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

from .errors import RateLimited, RegistryUnavailable
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


class HostUnreachable(RegistryUnavailable):
    """The registry's host was found unreachable earlier in this run; nothing was sent."""


class HostRateLimited(RateLimited):
    """The registry's host answered only 429 (rate limited) earlier in this run; nothing was sent."""


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
    limited: bool = False  # it is down for answering only 429
    confirming: Any = None  # an asyncio.Event while one request confirms a host failure
    kind: str = ""  # what the confirmation in progress confirms: 'reach', 'timeout' or 'status'
    attempts: int = 0  # requests sent (each a connection attempt or a pooled connection's use)
    answers: int = 0  # HTTP answers received (any status)
    good: int = 0  # usable answers received (any status but 5xx and 429)
    last_good: float = float("-inf")  # when the last usable answer came
    struck: set[str] = field(default_factory=set)  # addresses whose requests failed suspectly since then
    inflight: int = 0
    names: int = 0  # names of the run still waiting for their first answer from this host (the lookup counts)
    quiet_since: float = 0.0  # when the host last answered, or when requests started going out after a lull
    noticed: bool = False  # a "not answering" notice has been given
    moved: Any = None  # an asyncio.Event set when a request settles or an answer comes (see :meth:`settle`)
    gone: Any = None  # an asyncio.Event set once the host is down (ends the per-name retry waits)

    async def ready(self) -> None:
        """Wait while another request confirms a host failure; raise :class:`HostUnreachable` (or
        :class:`HostRateLimited`) once it is down."""
        while self.confirming is not None:
            await self.confirming.wait()
        if self.down is not None:
            raise (HostRateLimited if self.limited else HostUnreachable)(self.down)

    def sending(self) -> None:
        if self.inflight == 0:  # after a lull, silence counts from now
            self.quiet_since = time.monotonic()
        self.inflight += 1
        self.attempts += 1

    def settled(self) -> None:
        self.inflight -= 1
        self._moved()

    def answered(self, usable: bool = True) -> None:
        """An HTTP answer came back (``usable``: not 5xx or 429): the host is reachable, so a confirmation
        of its reachability ends; a usable answer also ends one of its answers, and clears the strikes."""
        self.answers += 1
        self.quiet_since = time.monotonic()
        if usable:
            self.good += 1
            self.last_good = self.quiet_since
            self.struck.clear()
        if usable or self.kind != "status":
            self.end_confirmation()
        self._moved()

    def suspects(self, url: str, started: float) -> bool:
        """Whether a failure of the request to ``url`` sent at ``started`` may be the host's, not the
        name's: no usable answer came since it went out, and a request to another address failed so too
        since the host's last usable answer, or the host has given none in this run and no other name of
        the run waits for it (a lone name is all there is to ask)."""
        if self.last_good >= started:
            return False
        self.struck.add(url)
        return len(self.struck) >= 2 or (self.good == 0 and self.names <= 1)

    def begin_confirmation(self, kind: str = "reach") -> Any:
        """The confirmation the caller is to make (an event, set when it ends), or None when another request is
        making one or the host is down. Any answer from the host ends it (:meth:`answered`)."""
        import asyncio

        if self.confirming is not None or self.down is not None:
            return None
        self.confirming = asyncio.Event()
        self.kind = kind
        return self.confirming

    def end_confirmation(self) -> None:
        if self.confirming is not None:
            event, self.confirming = self.confirming, None
            self.kind = ""
            event.set()

    async def settle(self, confirming: Any) -> bool:
        """Wait until no other request to the host is in flight; True if ``confirming`` is still the
        confirmation in progress then (nothing answered meanwhile: the host failed it)."""
        import asyncio

        while self.inflight > 0 and self.confirming is confirming:
            if self.moved is None:
                self.moved = asyncio.Event()
            self.moved.clear()
            await self.moved.wait()
        return self.confirming is confirming

    async def pause(self, seconds: float) -> None:
        """Sleep ``seconds``, or less when the host is found down meanwhile."""
        import asyncio

        if self.down is not None:
            return
        if self.gone is None:
            self.gone = asyncio.Event()
        try:
            await asyncio.wait_for(self.gone.wait(), seconds)
        except asyncio.TimeoutError:
            pass

    def _moved(self) -> None:
        if self.moved is not None:
            self.moved.set()


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

    def mark_down(self, host: Host, why: str, what: str = "registry unreachable", limited: bool = False) -> None:
        """The host failed its confirmation: unreachable for the rest of the run, one reason for every name."""
        if host.down is None:
            host.down = f"{what}: {why} at {host.origin} (confirmed; given up for this run)"
            host.limited = limited
            if host.gone is not None:
                host.gone.set()
            if self.on_down is not None:
                self.on_down(host.origin, why)
        host.end_confirmation()

    def silent(self, after: float, now: float | None = None) -> list[Host]:
        """Hosts with requests outstanding that have not answered for ``after`` seconds and were not named yet."""
        now = time.monotonic() if now is None else now
        return [h for h in self.hosts.values()
                if h.down is None and not h.noticed and h.inflight > 0 and now - h.quiet_since >= after]
