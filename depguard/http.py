"""The one place depguard makes HTTP clients and turns HTTP trouble into values.

Every registry client fetches through :func:`fetch`, which applies a per-request total deadline (not only a
read timeout, so a slow drip cannot hold a run), a body-size cap, bounded retries with backoff on 429/5xx
honouring ``Retry-After``, and same-host-only redirects. It raises :class:`RegistryUnavailable` or
:class:`RateLimited`; a 404 is returned like any other status, because "not found" is an answer.
"""

from __future__ import annotations

import sys
import time
from urllib.parse import urljoin, urlsplit, urlunsplit
from weakref import WeakKeyDictionary

from . import __version__
from .about import user_agent
from .errors import RateLimited, RegistryUnavailable
from .reachability import HostRateLimited, HostUnreachable, Hosts, host_failure
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:  # httpx is imported lazily: `depguard --help` must stay cheap
    from collections.abc import Callable
    from typing import Any

    import httpx

    from .reachability import Host

# httpx's package imports its own command line (click, rich.console, pygments: about 100 ms of every cold run
# on a busy machine) when those happen to be installed, as rich is for depguard. depguard never runs it; a None
# entry makes httpx fall back to the stub it defines for a missing command line.
sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]

USER_AGENT = user_agent(__version__)
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


@record(frozen=True)
class HttpSettings:
    timeout: float = 10.0  # connect/read timeout of one attempt
    deadline: float = 20.0  # total time one attempt may take, body included
    retries: int = 2  # extra attempts after the first, on 429/5xx/transport errors
    backoff: float = 0.5  # base of exponential backoff, seconds
    confirm_after: float = 0.1  # a host failure is confirmed by one more try this much later (reachability)
    max_retry_after: float = 20.0  # a longer Retry-After gives up instead of waiting
    max_body: int = 32 * 1024 * 1024  # bytes; larger answers are refused
    max_redirects: int = 3
    allow_cross_host_redirects: bool = False
    verify: bool | str = True  # True, or a CA bundle path; False only when configured explicitly
    http2: bool = False
    # GITHUB_TOKEN / GH_TOKEN: sent only to GitHub's API over https, never shown (repr) or stored
    github_token: str | None = field(default=None, repr=False)


GITHUB_API_HOSTS = frozenset({"api.github.com"})


def github_api(url: str) -> bool:
    """Whether ``url`` is GitHub's API over https (the only place a GitHub token is ever sent)."""
    parts = urlsplit(url)
    return parts.scheme == "https" and (parts.hostname or "") in GITHUB_API_HOSTS


@record(frozen=True)
class Fetched:
    url: str
    status: int
    body: bytes
    content_type: str
    redirected: bool = False  # the registry sent us elsewhere (same host) before this answer

    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


def redact(url: str) -> str:
    """The URL with any user:password@ removed, fit to print, log or store."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))


_TLS: dict[tuple, object] = {}


def tls_context(verify: bool | str):
    """One TLS context per process for each way of verifying (verifying as httpx does, honouring SSL_CERT_FILE
    and SSL_CERT_DIR). Loading the CA bundle costs tens of milliseconds, so it is loaded at the first TLS
    handshake (:func:`lazy_certificates`): a run against plain-HTTP registries (a local mirror) never pays
    it, and a scan makes one HTTP client per connection slot (a ``depguard serve`` process more per run)."""
    import os

    key = (verify, os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
    context = _TLS.get(key)
    if context is None:
        if verify is False:
            import httpx

            context = httpx.create_ssl_context(verify=False, trust_env=True)
        else:
            context = lazy_certificates(verify)
        _TLS[key] = context
    return context


def _lazy_context_class():
    import ssl

    class Lazy(ssl.SSLContext):
        """A client context that verifies certificates and host names (``ssl.create_default_context``'s
        settings), whose certificate authorities are read at its first TLS handshake, not when made."""

        _where: tuple[str | None, str | None] = (None, None)
        _loaded = False

        @classmethod
        def made(cls, verify: bool | str) -> ssl.SSLContext:
            """As ``httpx.create_ssl_context(verify, trust_env=True)``: ``True`` reads SSL_CERT_FILE, else
            SSL_CERT_DIR, else certifi's bundle; a string is a CA bundle file or a directory of CAs."""
            import os
            import sys

            context = cls(ssl.PROTOCOL_TLS_CLIENT)
            context.verify_mode = ssl.CERT_REQUIRED
            context.check_hostname = True
            if verify is True:
                cafile, capath = os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR")
                context._where = (cafile, None) if cafile else (None, capath) if capath else (None, None)
            else:
                where = str(verify)
                context._where = (None, where) if os.path.isdir(where) else (where, None)
            keylog = os.environ.get("SSLKEYLOGFILE")
            if keylog and not sys.flags.ignore_environment:
                context.keylog_filename = keylog
            return context

        def _load(self) -> None:
            if not self._loaded:
                cafile, capath = self._where
                if cafile is None and capath is None:
                    import certifi

                    cafile = certifi.where()
                self.load_verify_locations(cafile=cafile, capath=capath)
                self._loaded = True

        def wrap_bio(self, *args: Any, **kwargs: Any) -> Any:
            self._load()
            return super().wrap_bio(*args, **kwargs)

        def wrap_socket(self, *args: Any, **kwargs: Any) -> Any:
            self._load()
            return super().wrap_socket(*args, **kwargs)

    return Lazy


_LAZY: list[Any] = []  # the class, made at first use: ``ssl`` is imported only when an HTTP client is made


def lazy_certificates(verify: bool | str) -> Any:
    """A verifying client TLS context whose CAs are read at its first handshake (see :func:`tls_context`)."""
    if not _LAZY:
        _LAZY.append(_lazy_context_class())
    return _LAZY[0].made(verify)


class Client:
    """What :func:`fetch` sends through, and the run's reachability book (:mod:`depguard.reachability`). Made
    by :func:`make_client`.

    Without a proxy, a test's transport or HTTP/2, a request goes out on :mod:`depguard.wire`'s connections
    (``line``): a GET written and read with h11 on asyncio's streams, no httpx imported (httpx, httpcore and
    anyio's backend were most of a cold run's CPU before its first request, and of each request's). An
    address the wire would not spell as httpx does goes through an httpx transport made for it.

    httpx's ``AsyncClient`` wraps every request in layers depguard uses none of (URL merging, a cookie jar, auth
    flows, event hooks, its own redirect following: :func:`fetch` follows redirects itself): ~0.2 ms of CPU per
    request, a third of a cold lookup's. Where httpx carries a request, it is built here with the headers and
    timeouts that client sends (:meth:`request`), user:password in a registry address included, and handed to
    the transport. Cookies a registry sets are not sent back (no registry needs them).

    When the environment names a proxy (``HTTP_PROXY``/``HTTPS_PROXY``/``ALL_PROXY``, or the system's settings
    as urllib reads them), requests go through an ``AsyncClient`` as before: it picks the proxy, or none
    (``NO_PROXY``), for each URL (``client``)."""

    __slots__ = ("transport", "client", "hosts", "line", "_timeout", "_encodings", "_headers", "_make_transport")

    def __init__(self, hosts: Hosts, transport: httpx.AsyncBaseTransport | None = None,
                 client: httpx.AsyncClient | None = None, timeout: float = 10.0, line: Any = None,
                 make_transport: Callable[[], httpx.AsyncBaseTransport] | None = None) -> None:
        self.transport = transport
        self.client = client
        self.hosts = hosts
        self.line = line  # a depguard.wire.Line, or None: every request through httpx
        self._timeout: Any = timeout  # httpx's per-request timeouts, made at the first request httpx carries
        self._encodings = "" if line is not None else _accept_encoding()
        self._headers: dict[str, list[tuple[str, str]]] = {}  # Accept -> the headers every request carries
        self._make_transport = make_transport  # the httpx transport for an address the wire does not take

    def request(self, url: str, accept: str, authorization: str | None = None) -> Any:
        """The GET an ``AsyncClient(headers={"User-Agent": ...})`` would build for ``url``: its headers in its
        order (the request's own last), Basic authentication from a user:password in the URL."""
        if self.client is not None:  # the client's own way: its headers, cookies and timeout
            return self.client.build_request(
                "GET", url, headers={"Accept": accept, **({"Authorization": authorization} if authorization else {})})
        headers = self._headers.get(accept)
        if headers is None:
            if self.line is not None:
                from .wire import ACCEPT_ENCODING

                self._encodings = ACCEPT_ENCODING
            headers = self._headers[accept] = [("Accept-Encoding", self._encodings), ("Connection", "keep-alive"),
                                               ("User-Agent", USER_AGENT), ("Accept", accept)]
        if authorization is not None:
            headers = [*headers, ("Authorization", authorization)]
        if self.line is not None:
            from .wire import request_for

            wired = request_for(url, headers)
            if wired is not None:
                return wired
        import httpx

        if not isinstance(self._timeout, dict):
            self._timeout = httpx.Timeout(self._timeout).as_dict()
        request = httpx.Request("GET", url, headers=headers, extensions={"timeout": self._timeout})
        if request.url.username or request.url.password:  # as the client does: the URL's credentials win
            request = next(httpx.BasicAuth(request.url.username, request.url.password).sync_auth_flow(request))
        return request

    async def send(self, request: Any) -> Any:
        """The answer's head (an httpx.Response, or the wire's, read alike); its body is read (and the
        connection given back) through the response."""
        if self.client is not None:
            return await self.client.send(request, stream=True)
        if self.line is not None:
            from .wire import Request

            if type(request) is Request:
                return await self.line.send(request, self._timeout if not isinstance(self._timeout, dict)
                                            else self._timeout["read"])
            if self.transport is None:
                assert self._make_transport is not None
                self.transport = self._make_transport()
        assert self.transport is not None
        response = await self.transport.handle_async_request(request)
        response.request = request
        if self.line is not None:  # an address the wire left to httpx: written too (see Line.written)
            self.line.written += 1
        return response

    async def aclose(self) -> None:
        if self.client is not None:
            await self.client.aclose()
        elif self.transport is not None:
            await self.transport.aclose()
        if self.line is not None:
            await self.line.aclose()

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def _accept_encoding() -> str:
    """What httpx's client sends as Accept-Encoding (the encodings its responses decode)."""
    try:
        from httpx._client import ACCEPT_ENCODING as sent
    except ImportError:  # pragma: no cover - another httpx: the encodings every httpx decodes
        return "gzip, deflate"
    return str(sent)


def environment_proxies() -> bool:
    """Whether httpx's client (trust_env) would send some request through a proxy: urllib's proxy settings
    (the environment's ``*_proxy`` variables, else the system's) name one for http, https or all. Where urllib
    reads the environment only (not macOS or Windows) and no variable of the environment is a ``*_proxy``
    one, that is known without importing urllib.request (~15 ms, with http.client and email)."""
    import os

    if sys.platform not in ("darwin", "win32") and not any(name[-6:].lower() == "_proxy" for name in os.environ):
        return False
    from urllib.request import getproxies

    found = getproxies()
    return any(found.get(scheme) for scheme in ("http", "https", "all"))


_WRAPPED: WeakKeyDictionary = WeakKeyDictionary()  # an httpx.AsyncClient given to fetch -> its Client


def as_client(client: Client | httpx.AsyncClient) -> Client:
    """``client``, or an httpx ``AsyncClient`` someone made (a library user, a test) as a :class:`Client` that
    sends through it, with a reachability book of its own for as long as it lives."""
    if isinstance(client, Client):
        return client
    wrapped = _WRAPPED.get(client)
    if wrapped is None:
        wrapped = _WRAPPED[client] = Client(Hosts(), client=client)
    return wrapped


def hosts_of(client: Client | httpx.AsyncClient) -> Hosts:
    """The reachability book of ``client`` (one of its own unless :func:`make_client` was given one)."""
    return as_client(client).hosts


def make_client(settings: HttpSettings, transport: httpx.AsyncBaseTransport | None = None,
                connections: int = 64, hosts: Hosts | None = None) -> Client:
    """An HTTP client; ``hosts``: the run's reachability book, shared with its other clients. ``transport``
    (a test's): requests go to it, and no proxy of the environment applies (as with httpx's client)."""
    book = hosts if hosts is not None else Hosts()
    if transport is not None:
        return Client(book, transport=transport, timeout=settings.timeout)
    http2 = settings.http2
    if http2:
        try:
            import h2  # noqa: F401
        except ImportError:
            http2 = False
    from .netio import backend_choice

    def pool() -> httpx.AsyncBaseTransport:
        import httpx

        from .netio import use_asyncio_sockets

        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=min(connections, 32))
        made = httpx.AsyncHTTPTransport(verify=tls_context(settings.verify), http2=http2, limits=limits,
                                        trust_env=True)
        use_asyncio_sockets(made)
        return made

    if environment_proxies():
        import httpx

        from .netio import use_asyncio_sockets

        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=min(connections, 32))
        client = httpx.AsyncClient(headers={"User-Agent": USER_AGENT}, timeout=httpx.Timeout(settings.timeout),
                                   limits=limits, follow_redirects=False, verify=tls_context(settings.verify),
                                   http2=http2, trust_env=True)
        use_asyncio_sockets(client)
        return Client(book, client=client, timeout=settings.timeout)
    if http2 or backend_choice() or sys.version_info < (3, 11):
        return Client(book, transport=pool(), timeout=settings.timeout)
    from .wire import Line

    return Client(book, timeout=settings.timeout, line=Line(connections, lambda: _alpn(tls_context(settings.verify))),
                  make_transport=pool)


def _alpn(context: Any) -> Any:
    """``context``, offering HTTP/1.1 in the TLS handshake (as httpcore does for an HTTP/1.1 connection)."""
    context.set_alpn_protocols(["http/1.1"])
    return context


def _retry_after(value: str | None) -> float | None:
    from email.utils import parsedate_to_datetime

    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError, OverflowError):
        return None


async def _attempt(client: Client, url: str, accept: str, settings: HttpSettings, host: Host) -> Fetched:
    current = url
    for _ in range(settings.max_redirects + 1):
        token = None
        if settings.github_token and github_api(current):  # checked for every hop: never sent elsewhere
            token = f"Bearer {settings.github_token}"
        resp = await client.send(client.request(current, accept, token))
        host.answered(resp.status_code not in RETRY_STATUSES)  # any answer: the host is reachable
        try:
            if resp.is_redirect:
                target = urljoin(current, resp.headers.get("location", ""))
                if not settings.allow_cross_host_redirects and urlsplit(target).netloc != urlsplit(current).netloc:
                    raise RegistryUnavailable(f"refused redirect to another host ({redact(target)})")
                current = target
                continue
            declared = resp.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > settings.max_body:
                raise RegistryUnavailable(f"answer too large ({int(declared)} bytes > {settings.max_body})")
            chunks: list[bytes] = []
            size = 0
            try:
                async for chunk in resp.aiter_bytes():
                    size += len(chunk)
                    if size > settings.max_body:
                        raise RegistryUnavailable(f"answer too large (over {settings.max_body} bytes)")
                    chunks.append(chunk)
            except _loaded("DecodingError", "Undecodable") as exc:
                raise RegistryUnavailable(f"undecodable body: {exc}") from None
            fetched = Fetched(redact(current), resp.status_code, b"".join(chunks), resp.headers.get("content-type", ""),
                              redirected=current != url)
            if resp.status_code in RETRY_STATUSES:
                raise _StatusRetry(fetched, _retry_after(resp.headers.get("retry-after")))
            return fetched
        finally:
            await resp.aclose()
    raise RegistryUnavailable(f"more than {settings.max_redirects} redirects")


class _StatusRetry(Exception):
    def __init__(self, fetched: Fetched, retry_after: float | None) -> None:
        self.fetched = fetched
        self.retry_after = retry_after


def _loaded(httpx_name: str, wire_name: str) -> tuple[type[BaseException], ...]:
    """The exception classes of that name in httpx and in :mod:`depguard.wire`, of those imported (an
    exception of a module nobody imported cannot have been raised; httpx is not imported to look)."""
    found = []
    for module, name in (("httpx", httpx_name), ("depguard.wire", wire_name)):
        loaded = sys.modules.get(module)
        if loaded is not None and name:
            found.append(getattr(loaded, name))
    return tuple(found)


def _transport_errors() -> tuple[type[BaseException], ...]:
    """What a request raises when it got no answer (httpx's or the wire's errors, a deadline, a socket's)."""
    import asyncio

    return (*_loaded("HTTPError", "WireError"), asyncio.TimeoutError, OSError)


def _describe(exc: BaseException) -> str:
    import asyncio

    if isinstance(exc, (asyncio.TimeoutError, *_loaded("TimeoutException", "TimedOut"),
                        *_loaded("", "ConnectTimedOut"))):
        return "timed out"
    if isinstance(exc, _loaded("ConnectError", "ConnectFailed")):
        text = str(exc) or "connection failed"
        if "CERTIFICATE" in text.upper() or "SSL" in text.upper():
            return f"TLS failure: {text}"
        return f"could not connect: {text}"
    if isinstance(exc, _loaded("RemoteProtocolError", "Broken")):
        return f"connection broken: {exc}"
    return f"{type(exc).__name__}: {exc}"


async def fetch(client: Client | httpx.AsyncClient, url: str, accept: str, settings: HttpSettings) -> Fetched:
    """GET ``url``; return any final status (404 included). Raise RegistryError when no answer could be had.

    A host failure (refused, DNS, unreachable, TLS, connect timeout), and a failure that may be the host's
    (no usable answer from it since the request went out: a reset, a timeout, 5xx/429), is not retried per
    name: the host's fate is decided once for the run (see :mod:`depguard.reachability`); other failures get
    ``settings.retries`` more attempts with backoff."""
    import asyncio
    import random

    client = as_client(client)
    hosts = client.hosts
    host = hosts.of(url)
    confirming = None  # the confirmation this request is making, while it is the host's current one
    last = "no attempt made"
    attempt = 0  # per-name retries used
    sends = 0
    asked_again = 0  # sends of a confirmation of 5xx/429 answers (at most ``retries``)
    try:
        while True:
            if confirming is None or host.confirming is not confirming:
                confirming = None  # (another request's answer ended it: the host is up)
                await host.ready()  # waits for another request's confirmation; raises once the host is down
            wait = settings.backoff * (2**attempt) * (0.5 + random.random())
            why: str | None = None
            kind = ""
            retry_after = None
            sends += 1
            started = time.monotonic()
            host.sending()
            try:
                if hasattr(asyncio, "timeout"):  # Python 3.11+: no task per attempt, as wait_for makes
                    async with asyncio.timeout(settings.deadline):
                        return await _attempt(client, url, accept, settings, host)
                else:  # pragma: no cover - Python 3.10
                    return await asyncio.wait_for(_attempt(client, url, accept, settings, host), settings.deadline)
            except _StatusRetry as retry:
                status = retry.fetched.status
                last = f"HTTP {status}"
                retry_after = retry.retry_after
                if retry_after is not None:
                    if retry_after > settings.max_retry_after:
                        last += f" (Retry-After {retry_after:.0f}s is longer than depguard waits)"
                        if host.suspects(url, started):  # the registry says so itself: no need to confirm
                            hosts.mark_down(host, f"rate limited: {last}" if status == 429 else last,
                                            "registry refusing", limited=status == 429)
                        if status == 429:
                            raise RateLimited(f"rate limited: {last}") from None
                        break
                    wait = retry_after
                if host.suspects(url, started):
                    why, kind = (f"rate limited (HTTP {status})" if status == 429 else f"answers only HTTP {status}"), "status"
            except _transport_errors() as exc:
                last = _describe(exc)
                timed_out = isinstance(exc, (asyncio.TimeoutError, *_loaded("TimeoutException", "TimedOut")))
                if isinstance(exc, asyncio.TimeoutError):
                    last = f"no complete answer within {settings.deadline:g}s"
                why = host_failure(exc)
                if why is not None:
                    kind = "timeout" if timed_out or why == "connection attempt timed out" else "reach"
                elif host.suspects(url, started):  # connected, but nothing came back
                    why, kind = (f"timed out: no answer within {settings.timeout:g}s", "timeout") if timed_out \
                        else (f"no answer: {last}", "reach")
            finally:
                host.settled()
            if why is not None:
                if confirming is not None and host.confirming is confirming:  # the confirmation failed again
                    if kind == "status" and asked_again < settings.retries:
                        asked_again += 1
                        await asyncio.sleep(wait if retry_after is not None else settings.confirm_after)
                        continue
                    if await host.settle(confirming):  # nothing else in flight answered meanwhile
                        _give_up(hosts, host, why, kind)
                    confirming = None  # the host answered another request: it is up, this name goes on alone
                elif sends <= settings.retries + 1 and (kind != "status" or settings.retries > 0):
                    confirming = host.begin_confirmation(kind)
                    asked_again = 1
                    if confirming is None:
                        continue  # another request is confirming, or the host is down: its outcome decides
                    if kind == "timeout":  # not sent again (another timeout): the requests in flight decide
                        if await host.settle(confirming):
                            _give_up(hosts, host, why, kind)
                        confirming = None
                    else:
                        await asyncio.sleep(wait if retry_after is not None else settings.confirm_after)
                        continue  # not a per-name retry: the confirmation decides for every name of the host
                elif kind != "status":  # failures that kept looking like the host's while it answered others
                    raise RegistryUnavailable(f"{last} after {sends} attempts") from None
            if attempt >= settings.retries:
                if last == "HTTP 429":
                    raise RateLimited(f"rate limited: {last} after {sends} attempts") from None
                break
            attempt += 1
            await host.pause(wait)
    finally:
        if confirming is not None and host.confirming is confirming:  # cancelled (the deadline) while confirming
            host.end_confirmation()
    raise RegistryUnavailable(f"{last} after {attempt + 1} attempt(s)" if "attempt" not in last else last)


def _give_up(hosts: Hosts, host: Host, why: str, kind: str) -> None:
    """Mark ``host`` down for the run and raise what every name of it then gets."""
    limited = why.startswith("rate limited")
    hosts.mark_down(host, why, "registry refusing" if kind == "status" else "registry unreachable", limited=limited)
    raise (HostRateLimited if limited else HostUnreachable)(host.down or why) from None
