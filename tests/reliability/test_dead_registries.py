"""Every kind of dead registry is given up once for the run, not once per name and retry (issue 19): a name
that does not resolve, a host that accepts then resets or closes, one that accepts and never answers, one
that answers only 5xx or 429, a TLS handshake that fails; every name of it ends not-checked with one shared
reason, and a live registry in the same run is still asked every name. A healthy registry with one name it
cannot serve is not given up. Loopback servers only; the tests count requests, never time."""

from __future__ import annotations

import asyncio
import socket
import ssl
from pathlib import Path

import pytest

from benchmarks.loopback_registry import DEAD_MODES, DeadRegistry, LoopbackRegistry
from depguard.config import Settings
from depguard.ecosystems import catalog
from depguard.http import HttpSettings
from depguard.lookup import Resolver
from depguard.model import Existence

NAMES = [f"pkg-{i}" for i in range(40)]
CONCURRENCY = catalog().get("pypi").registry.concurrency
RETRIES = 2
CERT = Path(__file__).parents[1] / "registries" / "fixtures" / "loopback-cert.pem"
KEY = CERT.with_name("loopback-key.pem")

# what the one shared reason says, and how many requests a dead registry of each kind gets at most: the first
# wave (one per connection), then one request sent again to confirm (a timeout is not sent again; 5xx/429
# answers are asked again `retries` times by that one request, while the others wait)
EXPECTED = {
    "hang": ("timed out: no answer within", CONCURRENCY),
    "reset": ("no answer", CONCURRENCY + 1),
    "close": ("no answer", CONCURRENCY + 1),
    "garbage": ("no answer", CONCURRENCY + 1),
    "status503": ("answers only HTTP 503", CONCURRENCY + RETRIES),
    "status429": ("rate limited (HTTP 429)", CONCURRENCY + RETRIES),
}


def settings(**registries: str) -> Settings:
    # a short timeout so that the silent registry's one timeout is short; the default backoff (0.5 s) on
    # purpose: the retry waits of the first failures must end as soon as the registry is given up
    return Settings(use_cache=False, deadline=60.0, registries=registries,
                    http=HttpSettings(timeout=0.5, deadline=5.0, retries=RETRIES, confirm_after=0.01))


def keys(names=NAMES, eco="pypi"):
    return [catalog().key(eco, n) for n in names]


def run(s: Settings, asked, told: list[str] | None = None):
    """(answers, the run's reachability book): a lookup on depguard's own sockets (no test transport)."""

    async def go():
        async with Resolver(s, notice=(told.append if told is not None else None)) as r:
            r.submit(asked)
            return await r.finish(), r.hosts

    return asyncio.run(go())


def assert_given_up(answers, hosts, origin: str, says: str) -> None:
    assert {a.existence for a in answers.values()} == {Existence.UNKNOWN}
    reasons = {a.reason for a in answers.values()}
    assert len(reasons) == 1, reasons  # one shared reason: the report says it once
    reason = reasons.pop()
    assert says in reason and f"at {origin} (confirmed; given up for this run)" in reason, reason
    assert hosts.hosts[origin].down == reason


def test_every_dead_mode_has_an_expectation():
    assert set(EXPECTED) == set(DEAD_MODES)


@pytest.mark.parametrize("backend", ["", "httpx"])
@pytest.mark.parametrize("mode", sorted(DEAD_MODES))
def test_a_dead_registry_is_given_up_after_its_first_wave(mode, backend, monkeypatch):
    if backend:
        monkeypatch.setenv("DEPGUARD_HTTP_BACKEND", backend)
    told: list[str] = []
    with DeadRegistry(mode) as dead:
        answers, hosts = run(settings(pypi=dead.url), keys(), told)
    says, most = EXPECTED[mode]
    assert_given_up(answers, hosts, dead.url, says)
    # per-name retries would be 40 x 3 = 120 requests
    assert dead.requests <= most < len(NAMES), (dead.requests, dead.connections)
    assert len(told) == 1 and told[0].startswith(f"PyPI ({dead.url}) ")
    if mode.startswith("status429"):
        assert all("rate-limited" in a.markers for a in answers.values())


@pytest.mark.parametrize("mode", sorted(DEAD_MODES))
def test_a_lone_name_of_a_dead_registry_is_given_up_without_its_retries(mode):
    """One name is all the run asks (a hook's `pip install x`): its registry is given up just as fast."""
    with DeadRegistry(mode) as dead:
        answers, hosts = run(settings(pypi=dead.url), keys(["lonely"]))
    says, _ = EXPECTED[mode]
    assert_given_up(answers, hosts, dead.url, says)
    most = {"hang": 1, "status503": 1 + RETRIES, "status429": 1 + RETRIES}.get(mode, 2)
    assert dead.requests <= most, dead.requests


def test_a_name_that_does_not_resolve_is_asked_of_the_resolver_once_per_connection(monkeypatch):
    """The resolver is a stub here (no real lookup): every address of the host fails to resolve."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        if host == "registry.example":
            asked.append(host)
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    answers, hosts = run(settings(pypi="https://registry.example"), keys())
    assert_given_up(answers, hosts, "https://registry.example", "DNS lookup failed")
    assert len(asked) <= CONCURRENCY + 1


class UntrustedTls(LoopbackRegistry):
    """A registry whose TLS certificate nobody trusts (the fixture's self-signed one)."""

    def __init__(self) -> None:
        super().__init__(latency=0.0)
        self.tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.tls.load_cert_chain(CERT, KEY)
        self.handshakes = 0

    async def _handle(self, reader, writer):
        self.handshakes += 1
        await super()._handle(reader, writer)


def test_a_tls_handshake_that_fails_is_given_up_for_the_run(monkeypatch):
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    with UntrustedTls() as reg:
        url = f"https://127.0.0.1:{reg.port}"
        answers, hosts = run(settings(pypi=url), keys())
    assert_given_up(answers, hosts, url, "TLS certificate not accepted")
    assert sum(reg.requests.values()) == 0  # nothing was ever sent over an untrusted connection


@pytest.mark.parametrize("mode", ["reset", "hang", "status503"])
def test_a_dead_registry_and_a_live_one_in_one_run(mode):
    """The live registry's names are all asked and checked; the dead one's are not checked, given up once."""
    npm_names = [f"web-{i}" for i in range(20)]
    with DeadRegistry(mode) as dead, LoopbackRegistry(latency=0.0) as live:
        answers, hosts = run(settings(pypi=dead.url, npm=live.url + "/npm-root"),
                             keys() + keys(npm_names, "npm"))
    pypi = {k: a for k, a in answers.items() if k.ecosystem == "pypi"}
    npm = {k: a for k, a in answers.items() if k.ecosystem == "npm"}
    assert_given_up(pypi, hosts, dead.url, EXPECTED[mode][0])
    assert {a.existence for a in npm.values()} == {Existence.EXISTS} and len(npm) == len(npm_names)
    assert live.requests["npm"] == len(npm_names)
    assert dead.requests <= EXPECTED[mode][1]
    assert hosts.hosts[live.url].down is None


class OnePoisoned(LoopbackRegistry):
    """A healthy registry that cannot serve one name: its request is reset, answered 503, or left hanging."""

    def __init__(self, poisoned: str, how: str) -> None:
        super().__init__(latency=0.0)
        self.poisoned = poisoned
        self.how = how
        self.poisoned_requests = 0

    async def _handle(self, reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                path = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")[1]
                if f"/{self.poisoned}/" in path:
                    self.poisoned_requests += 1
                    if self.how == "hang":
                        await asyncio.sleep(3600)
                    if self.how == "status503":
                        body = b"oops"
                        writer.write(b"HTTP/1.1 503 X\r\nContent-Length: 4\r\n\r\n" + body)
                        await writer.drain()
                        continue
                    return  # reset: closed without an answer
                status, body = self.answer(path)
                writer.write(f"HTTP/1.1 {status} OK\r\nContent-Type: application/json\r\n"
                             f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


@pytest.mark.parametrize("where", [0, -1])
@pytest.mark.parametrize("how", ["reset", "status503", "hang"])
def test_one_name_a_healthy_registry_cannot_serve_is_that_names_trouble_only(how, where):
    names = list(NAMES)
    poisoned = names[where] = "poisoned"
    with OnePoisoned(poisoned, how) as reg:
        answers, hosts = run(settings(pypi=reg.url + "/pypi-root"), keys(names))
    by_name = {k.name: a for k, a in answers.items()}
    bad = by_name.pop(poisoned)
    assert bad.existence is Existence.UNKNOWN and "given up for this run" not in bad.reason, bad.reason
    assert {a.existence for a in by_name.values()} == {Existence.EXISTS}
    assert hosts.hosts[reg.url].down is None
    assert reg.poisoned_requests <= 1 + RETRIES + 1  # its own retries (and at most one confirmation)


def test_the_command_line_ends_not_checked_with_one_notice(monkeypatch, tmp_path, capsys):
    from depguard.cli import main

    (tmp_path / "requirements.txt").write_text("".join(f"{n}\n" for n in NAMES[:8]))
    monkeypatch.setenv("DEPGUARD_SERVER", "0")
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DEPGUARD_TIMEOUT", "0.5")
    monkeypatch.chdir(tmp_path)
    with DeadRegistry("hang") as dead:
        monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", dead.url)
        code = main(["scan", "--no-progress", "requirements.txt"])
    out, err = capsys.readouterr()
    assert code == 3
    assert out.splitlines()[0].startswith(f"pypi  not-checked  8 packages (PyPI, {dead.url}): ")
    assert err.count("\n") == 1 and "cannot be reached (timed out" in err
    assert dead.requests <= 8


def test_a_registry_down_meanwhile_ends_the_retry_waits_at_once():
    """A name waiting out its backoff when its host is given up ends then, not after the wait."""
    from depguard.reachability import Hosts

    async def go() -> bool:
        hosts = Hosts()
        host = hosts.of("http://registry.example")
        waiting = asyncio.ensure_future(host.pause(3600))
        for _ in range(5):
            await asyncio.sleep(0)
        hosts.mark_down(host, "connection refused")
        for _ in range(5):
            await asyncio.sleep(0)
        done = waiting.done()
        waiting.cancel()
        return done

    assert asyncio.run(go())

