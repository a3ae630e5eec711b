"""Registry faults injected by a loopback server: every one ends in not-checked with its reason, never a
crash, never a false ok, never a cached 'fact'."""

from __future__ import annotations

from dataclasses import replace

import pytest

from depguard.cache import AnswerCache
from depguard.config import Settings
from depguard.ecosystems import catalog
from depguard.http import HttpSettings
from depguard.lookup import resolve
from depguard.model import Existence, Verdict
from depguard.scan import collect_names, evaluate

from .fault_server import FAULTS, FaultServer

FAULT_EXPECTATIONS = {
    "hang": "timed out",
    "drip": "no complete answer within",
    "status429": "rate limited",
    "status429-retry-after": "rate limited",
    "status429-long-retry": "Retry-After 3600s",
    "status500": "HTTP 500",
    "truncated": "",
    "notjson": "not JSON",
    "emptybody200": "empty body",
    "jsonarray": "not a JSON object",
    "huge": "too large",
    "huge-undeclared": "too large",
    "redirect-away": "refused redirect to another host",
    "status403": "unexpected HTTP 403",
    "garbage-status": "",
}


@pytest.fixture(scope="module")
def server():
    with FaultServer(hang=4.0) as srv:
        yield srv


@pytest.fixture
def fast(tmp_path, server) -> Settings:
    # the registry comes through the settings (depguard.config reads DEPGUARD_REGISTRY_* into them)
    return Settings(use_cache=True, cache_dir=tmp_path / "cache", registries={"pypi": server.url},
                    http=HttpSettings(timeout=0.6, deadline=1.2, retries=1, backoff=0.01, max_retry_after=1.0,
                                      max_body=1024 * 1024))


def test_every_fault_kind_has_an_expectation():
    assert set(FAULT_EXPECTATIONS) == set(FAULTS) - {"burst503", "redirect-same"}


@pytest.mark.parametrize("fault", sorted(FAULT_EXPECTATIONS))
def test_fault_is_not_checked_with_its_reason(fault, server, fast, monkeypatch):
    key = catalog().key("pypi", fault)
    answer = resolve([key], fast)[key]
    assert answer.existence is Existence.UNKNOWN, answer
    assert FAULT_EXPECTATIONS[fault] in answer.reason
    # the failure is not remembered as a fact
    assert AnswerCache(fast.cache_dir).get_many([key]) == {}


def test_burst_of_5xx_then_success_is_retried(server, fast, monkeypatch):
    settings = replace(fast, http=replace(fast.http, retries=2))
    key = catalog().key("pypi", "burst503")
    assert resolve([key], settings)[key].existence is Existence.EXISTS
    assert server.hits["/pypi/burst503/json"] == 3


def test_same_host_redirect_is_followed(server, fast, monkeypatch):
    key = catalog().key("pypi", "redirect-same")
    assert resolve([key], fast)[key].existence is Existence.EXISTS


def test_connection_refused_dns_failure_and_tls_failure(server, fast, monkeypatch):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    closed_port = s.getsockname()[1]
    s.close()
    cases = {
        f"http://127.0.0.1:{closed_port}": "registry unreachable: connection refused",
        "https://registry.does-not-resolve.invalid": "registry unreachable: DNS lookup failed",
        f"https://127.0.0.1:{server.port}": "registry unreachable: ",  # a TLS handshake with plain HTTP
    }
    for base, expected in cases.items():
        key = catalog().key("pypi", "ok-anything")
        answer = resolve([key], replace(fast, use_cache=False, registries={"pypi": base}))[key]
        assert answer.existence is Existence.UNKNOWN, (base, answer)
        assert expected in answer.reason


def test_faults_do_not_spoil_the_other_names_and_exit_3(server, fast, monkeypatch):
    names = ["ok-one", "ok-two", "status500", "hang", "notjson"]
    report = evaluate(collect_names(names, "pypi"), fast)
    verdicts = {f.mention.key.name: f.verdict for f in report.findings}
    assert verdicts == {"ok-one": Verdict.OK, "ok-two": Verdict.OK, "status500": Verdict.NOT_CHECKED,
                        "hang": Verdict.NOT_CHECKED, "notjson": Verdict.NOT_CHECKED}
    assert report.exit_code() == 3
    report2 = evaluate(collect_names(["missing-one", "hang"], "pypi"), fast)
    assert report2.exit_code() == 1  # something flagged wins over not checked


def test_retries_are_bounded_in_count_and_time(server, fast, monkeypatch):
    # the time is the waits depguard chooses between attempts (recorded, not slept), never a wall-clock bound: each
    # is at most max-retry-after (a longer Retry-After ends the retries) and there are at most ``retries`` of them
    import asyncio
    import sys

    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def recorded(delay: float, *args: object) -> object:
        if sys._getframe(1).f_code.co_filename.endswith("http.py"):  # the waits between attempts, not the pollers'
            waits.append(delay)
            delay = 0
        return await real_sleep(delay, *args)

    settings = replace(fast, use_cache=False, http=replace(fast.http, retries=3))
    monkeypatch.setattr(asyncio, "sleep", recorded)
    key = catalog().key("pypi", "status429")
    before = server.hits["/pypi/status429/json"]
    resolve([key], settings)
    assert server.hits["/pypi/status429/json"] - before == 4
    chosen = [w for w in waits if w > 0]
    assert 0 < len(chosen) <= settings.http.retries
    assert all(w <= settings.http.max_retry_after for w in chosen)


def test_scan_deadline_ends_slow_lookups(server, fast, monkeypatch):
    settings = replace(fast, use_cache=False, deadline=0.5, http=replace(fast.http, deadline=3.0, timeout=3.0, retries=0))
    keys = [catalog().key("pypi", n) for n in ("hang", "ok-fast")]
    answers = resolve(keys, settings)
    assert answers[keys[1]].existence is Existence.EXISTS
    assert answers[keys[0]].existence is Existence.UNKNOWN
    assert "deadline" in answers[keys[0]].reason
