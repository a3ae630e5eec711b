"""A registry that cannot be reached is given up once for the run, not once per name (issue 19), and the
outage is told once per registry (issue 17): one line in text output, one notice on stderr, every name
not-checked in JSON. No timing assertions: the tests count connection attempts."""

from __future__ import annotations

import json
import socket
from collections import Counter
from dataclasses import replace

import httpx
import pytest

from depguard import lookup
from depguard.cli import main
from depguard.config import DEFAULT_DEADLINE, Settings
from depguard.ecosystems import catalog
from depguard.http import HttpSettings
from depguard.lookup import Resolver, resolve
from depguard.model import Existence

from .fault_server import FaultServer, ok_doc

NAMES = [f"pkg-{i}" for i in range(40)]


class Counting(httpx.AsyncBaseTransport):
    """Counts the requests that reach the real transport (each one a connection attempt when nothing is
    pooled) and fails the first ``refuse`` of them as a refused connection does, all at once when all of them
    have arrived (a wave of requests in flight together)."""

    def __init__(self, inner: httpx.AsyncBaseTransport, refuse: int = 0) -> None:
        import asyncio

        self.inner = inner
        self.refuse = refuse
        self.urls: Counter[str] = Counter()
        self.wave = asyncio.Event()

    @property
    def attempts(self) -> int:
        return sum(self.urls.values())

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.urls[str(request.url)] += 1
        if self.attempts <= self.refuse:
            if self.attempts == self.refuse:
                self.wave.set()
            await self.wave.wait()
            try:
                raise ConnectionRefusedError(111, "Connection refused")
            except ConnectionRefusedError as exc:
                raise httpx.ConnectError("All connection attempts failed", request=request) from exc
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def ok_transport() -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[-2]
        return httpx.Response(200, content=ok_doc(name), headers={"content-type": "application/json"})

    return httpx.MockTransport(handler)


@pytest.fixture
def closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))  # bound, never listening: every connection is refused at once
    try:
        yield s.getsockname()[1]
    finally:
        s.close()


def quick(registry: str) -> Settings:
    return Settings(use_cache=False, registries={"pypi": registry},
                    http=HttpSettings(timeout=2.0, deadline=5.0, retries=2, backoff=0.01, confirm_after=0.01))


def keys(names=NAMES):
    return [catalog().key("pypi", n) for n in names]


def test_a_refused_registry_is_given_up_after_one_confirmation_not_retried_per_name(closed_port):
    counting = Counting(httpx.AsyncHTTPTransport())
    answers = resolve(keys(), quick(f"http://127.0.0.1:{closed_port}"), transport=counting)
    concurrency = catalog().get("pypi").registry.concurrency
    # per-name retries would be 40 x 3 = 120 attempts; here: the first wave, plus one confirmation
    assert counting.attempts <= concurrency + 1 < len(NAMES)
    assert max(counting.urls.values()) <= 2
    reasons = {a.reason for a in answers.values()}
    assert {a.existence for a in answers.values()} == {Existence.UNKNOWN}
    assert len(reasons) == 1, reasons  # one shared reason: the reports can say it once
    assert f"registry unreachable: connection refused at http://127.0.0.1:{closed_port}" in reasons.pop()


def test_a_registry_that_does_not_resolve_is_given_up_for_the_run():
    counting = Counting(httpx.AsyncHTTPTransport())
    answers = resolve(keys(), quick("https://registry.does-not-resolve.invalid"), transport=counting)
    assert counting.attempts <= catalog().get("pypi").registry.concurrency + 1
    assert all("registry unreachable: DNS lookup failed" in a.reason for a in answers.values())


def test_one_refused_connection_is_confirmed_and_the_healthy_registry_checks_every_name():
    counting = Counting(ok_transport(), refuse=1)
    answers = resolve(keys(), quick("https://pypi.example"), transport=counting)
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}


def test_a_whole_first_wave_refused_then_answering_still_checks_every_name():
    concurrency = catalog().get("pypi").registry.concurrency
    counting = Counting(ok_transport(), refuse=concurrency)  # every request in flight fails once, then all is well
    answers = resolve(keys(), quick("https://pypi.example"), transport=counting)
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}


def test_names_asked_after_the_registry_is_down_send_nothing(closed_port):
    import asyncio


    counting = Counting(httpx.AsyncHTTPTransport())
    settings = quick(f"http://127.0.0.1:{closed_port}")

    async def run():
        async with Resolver(settings, counting) as r:
            r.submit(keys(NAMES[:3]))
            await r.finish()
            before = counting.attempts
            r.submit(keys(NAMES[3:]))  # a streaming scan finds more names later
            await asyncio.sleep(0)
            answers = await r.finish()
            return before, answers

    before, answers = asyncio.run(run())
    assert counting.attempts == before
    assert all("registry unreachable" in a.reason for a in answers.values())


def test_read_timeouts_keep_their_per_name_retries():
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[-2]
        if name == "slow":
            raise httpx.ReadTimeout("timed out", request=request)
        return httpx.Response(200, content=ok_doc(name), headers={"content-type": "application/json"})

    counting = Counting(httpx.MockTransport(handler))
    answers = resolve(keys(["slow", "fine-a", "fine-b"]), quick("https://pypi.example"), transport=counting)
    assert counting.urls["https://pypi.example/pypi/slow/json"] == 3  # retries=2: not a host failure
    by_name = {k.name: a for k, a in answers.items()}
    assert by_name["slow"].existence is Existence.UNKNOWN and "timed out" in by_name["slow"].reason
    assert by_name["fine-a"].existence is by_name["fine-b"].existence is Existence.EXISTS


def test_a_registry_that_stops_answering_is_named_once_early(monkeypatch):
    monkeypatch.setattr(lookup, "SILENT_AFTER", 0.2)
    monkeypatch.setattr(lookup, "SILENCE_CHECK", 0.05)
    told: list[str] = []
    with FaultServer(hang=1.5) as server:
        settings = replace(quick(server.url), http=HttpSettings(timeout=1.0, deadline=1.2, retries=0))
        answers = resolve(keys(["hang"]), settings, notice=told.append)
    assert all(a.existence is Existence.UNKNOWN for a in answers.values())
    assert len(told) == 1, told
    assert told[0].startswith(f"PyPI ({server.url}) has not answered for")


@pytest.fixture
def outage_project(tmp_path, monkeypatch, closed_port):
    (tmp_path / "requirements.txt").write_text("".join(f"{n}\n" for n in NAMES[:12]))
    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", f"http://127.0.0.1:{closed_port}")
    monkeypatch.setenv("DEPGUARD_SERVER", "0")
    monkeypatch.chdir(tmp_path)
    return closed_port


def test_an_outage_is_one_line_of_text_and_one_notice(outage_project, capsys):
    code = main(["scan", "--no-progress", "requirements.txt"])
    out, err = capsys.readouterr()
    assert code == 3
    lines = out.splitlines()
    assert len(lines) == 2, out  # the outage line and the summary
    assert lines[0].startswith(f"pypi  not-checked  12 packages (PyPI, http://127.0.0.1:{outage_project}): ")
    assert "pkg-0, pkg-1" in lines[0] and "and 2 more" in lines[0]
    assert err.count("\n") == 1
    assert err.startswith(f"depguard: PyPI (http://127.0.0.1:{outage_project}) cannot be reached (connection refused)")


def test_json_keeps_one_not_checked_entry_per_name_in_an_outage(outage_project, capsys):
    code = main(["scan", "--no-progress", "--format", "json", "requirements.txt"])
    report = json.loads(capsys.readouterr().out)
    assert code == 3
    assert [f["name"] for f in report["findings"]] == NAMES[:12]
    assert {f["verdict"] for f in report["findings"]} == {"not-checked"}


def test_scan_has_a_default_overall_deadline_documented_in_help(capsys):
    assert Settings().deadline == DEFAULT_DEADLINE and 0 < DEFAULT_DEADLINE <= 300
    with pytest.raises(SystemExit):
        main(["scan", "--help"])
    assert f"(default {DEFAULT_DEADLINE:g}" in " ".join(capsys.readouterr().out.split())


def test_registries_sharing_an_unreachable_host_are_named_in_one_notice(outage_project, tmp_path, monkeypatch, capsys):
    (tmp_path / "package.json").write_text('{"dependencies": {"left-pad": "1.0.0", "lodash": "4.17.21"}}')
    monkeypatch.setenv("DEPGUARD_REGISTRY_NPM", f"http://127.0.0.1:{outage_project}")
    code = main(["scan", "--no-progress", "requirements.txt", "package.json"])
    out, err = capsys.readouterr()
    assert code == 3
    assert [line.split("  ")[0] for line in out.splitlines()[:-1]] == ["pypi", "npm"]  # one line per registry
    assert err.count("\n") == 1, err
    assert "and" in err.split("(")[0] and "their packages are not checked" in err


def test_an_answer_during_a_confirmation_keeps_the_host_up_whatever_the_confirming_request_meets_next():
    """A refused request confirms; meanwhile another request to the host is answered: the host is up, so the first
    request failing again starts a new confirmation instead of giving the whole registry up."""
    import asyncio

    refusals = {"flaky": 2}

    async def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[-2]
        if refusals.get(name, 0) > 0:
            refusals[name] -= 1
            await asyncio.sleep(0.002)
            try:
                raise ConnectionRefusedError(111, "Connection refused")
            except ConnectionRefusedError as exc:
                raise httpx.ConnectError("All connection attempts failed", request=request) from exc
        await asyncio.sleep(0.005)  # the other name's answer arrives while the first confirmation waits
        return httpx.Response(200, content=ok_doc(name), headers={"content-type": "application/json"})

    answers = resolve(keys(["flaky", "steady"]), quick("https://pypi.example"), transport=httpx.MockTransport(handler))
    assert {k.name: a.existence for k, a in answers.items()} == {"flaky": Existence.EXISTS, "steady": Existence.EXISTS}


def test_names_the_deadline_cut_off_are_one_line_naming_the_registry_and_its_address():
    from depguard.report import RenderOptions, render
    from depguard.scan import collect_names, evaluate

    with FaultServer(hang=1.5) as server:
        settings = replace(quick(server.url), deadline=0.3, http=HttpSettings(timeout=1.0, deadline=1.2, retries=0))
        report = evaluate(collect_names(["hang", "drip"], "pypi"), settings)  # both still going at the deadline
    lines = render(report, "table", RenderOptions()).splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"pypi  not-checked  2 packages (PyPI, {server.url}): could not be checked: deadline of 0.3s")


def test_a_registry_slower_than_the_confirmation_is_not_declared_dead():
    """Answers that take longer than a confirmation waits are answers: every name checked, asked once, no notice."""
    from benchmarks.loopback_registry import LoopbackRegistry

    told: list[str] = []
    with LoopbackRegistry(latency=0.2) as reg:
        settings = quick(reg.url + "/pypi-root")
        assert settings.http.confirm_after < 0.2
        answers = resolve(keys(NAMES[:20]), settings, notice=told.append)
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}
    assert reg.requests["pypi"] == 20 and told == []


@pytest.mark.parametrize("where", ["refused", "dns"])
def test_depguards_own_sockets_give_a_dead_registry_up_after_one_confirmation(where, closed_port):
    """Without a test transport (asyncio's sockets, depguard.netio): a refused connection and a name that does
    not resolve are both host failures; the first wave and one confirmation are all that is sent."""
    url = f"http://127.0.0.1:{closed_port}" if where == "refused" else "https://registry.does-not-resolve.invalid"
    told: list[str] = []

    async def run():
        async with Resolver(quick(url), notice=told.append) as r:
            r.submit(keys())
            return await r.finish(), r.hosts

    answers, hosts = lookup_run(run())
    [host] = hosts.hosts.values()
    assert host.attempts <= catalog().get("pypi").registry.concurrency + 1 < len(NAMES)
    assert host.answers == 0 and host.down is not None
    assert {a.existence for a in answers.values()} == {Existence.UNKNOWN}
    assert len({a.reason for a in answers.values()}) == 1
    why = "connection refused" if where == "refused" else "DNS lookup failed"
    assert len(told) == 1 and why in told[0]


def lookup_run(coro):
    import asyncio

    return asyncio.run(coro)
