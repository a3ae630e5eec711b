"""The lookup stage overlaps its own work with the registry's (issue 19): the look-alike index is loaded, in
the loop's thread once the first requests have been written, while they are on the wire, not when the first
answers come back (the names are then matched in a worker thread); a run whose registry refuses connections
never loads it. No timing assertions: what had been answered when the index
was asked for, and whether it was asked for at all."""

from __future__ import annotations

import socket
import threading

from benchmarks.loopback_registry import LoopbackRegistry
from depguard.checks import typosquat
from depguard.config import Settings
from depguard.ecosystems import catalog
from depguard.http import HttpSettings
from depguard.lookup import resolve
from depguard.model import Existence

NAMES = ["requests", "flask", "some-unlisted-name", "another-unlisted-one"]


class GatedRegistry(LoopbackRegistry):
    """Holds every answer until the look-alike index has been asked for (at most 10 s): a run that loads the
    index only after its first answers still gets them, late, and the test sees answers were sent first. No
    latency to race against, so a loaded machine cannot make the test fail or pass by chance."""

    def __init__(self) -> None:
        super().__init__(latency=0.0)
        self.index_asked = threading.Event()

    def answer(self, path: str) -> tuple[int, bytes]:
        self.index_asked.wait(10)
        return super().answer(path)


def watch_index(monkeypatch, reg: GatedRegistry | None) -> list[tuple[int, bool]]:
    """(answers the registry had sent, asked from the main thread) at each request for an index."""
    seen: list[tuple[int, bool]] = []
    real = typosquat.index_for

    def index_for(*args, **kwargs):
        seen.append((reg.requests["pypi"] if reg else 0, threading.current_thread() is threading.main_thread()))
        if reg is not None:
            reg.index_asked.set()
        return real(*args, **kwargs)

    monkeypatch.setattr(typosquat, "index_for", index_for)
    return seen


def settings(url: str) -> Settings:
    return Settings(use_cache=False, registries={"pypi": url},
                    http=HttpSettings(timeout=5.0, deadline=10.0, retries=0, confirm_after=0.01))


def test_the_lookalike_index_is_loaded_beside_the_first_requests(monkeypatch):
    with GatedRegistry() as reg:  # answers only once the index was asked for
        seen = watch_index(monkeypatch, reg)
        answers = resolve([catalog().key("pypi", n) for n in NAMES], settings(reg.url + "/pypi-root"))
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}
    assert seen, "the index was never asked for"
    answered, in_main_thread = seen[0]
    assert answered == 0 and in_main_thread  # before any answer, in the loop's thread


def sends_before_the_index(monkeypatch, loop_turns_before_the_first_send: int = 0) -> list[int]:
    """How many requests had been written each time the index was asked for, in a lookup of NAMES from a
    registry that answers only once the index was asked for; the first send held back that many loop turns."""
    import asyncio

    from depguard import wire

    written: list[int] = []
    real_write = wire.Connection.write

    async def write(self, request, timeout):
        if not written:
            for _ in range(loop_turns_before_the_first_send):
                await asyncio.sleep(0)
        await real_write(self, request, timeout)
        written.append(1)

    monkeypatch.setattr(wire.Connection, "write", write)
    at_index: list[int] = []
    with GatedRegistry() as reg:
        real = typosquat.index_for

        def index_for(*args, **kwargs):
            at_index.append(len(written))
            reg.index_asked.set()
            return real(*args, **kwargs)

        monkeypatch.setattr(typosquat, "index_for", index_for)
        resolve([catalog().key("pypi", n) for n in NAMES], settings(reg.url + "/pypi-root"))
    return at_index


def test_the_lookalike_index_waits_until_every_first_request_has_gone_out(monkeypatch):
    """Unpacking the index holds the interpreter: it starts only once the first wave of requests (here all
    four names: fewer than the registry's concurrency) has been written, never between their sends. The
    registry answers only once the index was asked for, and the wait for the wave is not a time limit, so
    however slowly a loaded machine sends the wave, the count is the same."""
    at_index = sends_before_the_index(monkeypatch)
    assert at_index, "the index was never asked for"
    assert at_index[0] == len(NAMES)


def test_the_wait_for_the_first_wave_is_not_a_time_limit(monkeypatch):
    """On a loaded machine a wave can take longer to write than any fixed wait: with the first send held back
    (the machine made slow on purpose, by loop turns instead of a clock, and any time limit over at once), the
    index still waits for every send."""
    from depguard import lookup

    monkeypatch.setattr(lookup, "WARM_AFTER", 0.0)
    at_index = sends_before_the_index(monkeypatch, loop_turns_before_the_first_send=50)
    assert at_index and at_index[0] == len(NAMES)


def test_a_run_that_gives_up_never_loads_the_lookalike_index(monkeypatch):
    seen = watch_index(monkeypatch, None)
    s = socket.socket()
    s.bind(("127.0.0.1", 0))  # bound, never listening: refused at once
    try:
        answers = resolve([catalog().key("pypi", n) for n in NAMES], settings(f"http://127.0.0.1:{s.getsockname()[1]}"))
    finally:
        s.close()
    assert {a.existence for a in answers.values()} == {Existence.UNKNOWN}
    assert seen == []


def test_a_freed_connection_sends_the_next_request_before_an_answer_is_read(monkeypatch):
    """Reading a 200's document (JSON decoding: tens of milliseconds for a popular project's) waits until the
    request that was waiting for the connection has gone out. 17 names on 16 connections: the 17th name's
    request is sent before any document is read (the order of events in the loop, not a timing)."""
    from depguard import http
    from depguard.registries.jsonapi import JsonRegistry

    events: list[str] = []
    send, found = http.Client.send, JsonRegistry.found

    async def sending(self, request):
        path = request.target if hasattr(request, "target") else request.url.path  # the wire's, or httpx's
        events.append("send " + path.split("/")[-2])
        return await send(self, request)

    def reading(self, key, fetched, ctx):
        events.append("read " + key.name)
        return found(self, key, fetched, ctx)

    monkeypatch.setattr(http.Client, "send", sending)
    monkeypatch.setattr(JsonRegistry, "found", reading)
    names = [f"name{i}" for i in range(catalog().get("pypi").registry.concurrency + 1)]
    with LoopbackRegistry(latency=0.0) as reg:
        answers = resolve([catalog().key("pypi", n) for n in names], settings(reg.url + "/pypi-root"))
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}
    assert events.index(f"send {names[-1]}") < min(i for i, e in enumerate(events) if e.startswith("read "))
    assert {f"read {n}" for n in names} <= set(events)  # (and a look-alike's target, asked for its facts)


def test_a_client_with_a_lookup_of_its_own_is_asked_through_it():
    """The two-step request (:meth:`HttpRegistry.requested`) never bypasses a subclass's own ``lookup``."""
    import asyncio

    from depguard.registries import HttpRegistry

    class Own(HttpRegistry):
        async def lookup(self, key, ctx):
            return "own answer"

        def found(self, key, fetched, ctx):
            raise AssertionError("not asked")

    client = Own.__new__(Own)
    read = asyncio.run(client.requested(catalog().key("pypi", "x"), None))
    assert read() == "own answer"


def test_the_lookalike_thread_gives_the_interpreter_back_between_names(monkeypatch, tmp_path):
    """Matching ahead runs beside the event loop: after each name it lets the loop (waiting to read an answer or
    send a request) take the interpreter lock at once, not after the 5 ms switch interval."""
    import threading

    from depguard import lookup

    yields: list[float] = []
    real_sleep = lookup.time.sleep
    monkeypatch.setattr(lookup.time, "sleep", lambda s: yields.append(s) or real_sleep(s))
    unlisted = ["some-unlisted-name", "another-unlisted-one", "a-third-unlisted"]
    keys = [catalog().key("pypi", n) for n in unlisted]
    lookup._match_ahead(lookup._load_indexes(catalog(), keys, tmp_path), threading.Event())
    assert yields.count(0) == len(unlisted)


class LastHeld(LoopbackRegistry):
    """Holds its answer for ``held`` until ``release`` is set (at most 10 s)."""

    def __init__(self, held: str) -> None:
        super().__init__(latency=0.0)
        self.held = held
        self.release = threading.Event()
        self.answered_held = False

    def answer(self, path: str) -> tuple[int, bytes]:
        if f"/{self.held}/" in path:
            self.release.wait(10)
            self.answered_held = True
        return super().answer(path)


def test_a_scan_judges_each_answer_as_it_comes_not_after_the_last(monkeypatch, tmp_path):
    """The checks of a name answered early run while another name's request is still waiting for its answer
    (the registry holds one answer until something was judged; judged only after the last answer, nothing is
    judged before it lets go), and the report is the one judging at the end gives."""
    from depguard import checks
    from depguard.scan import collect_names, evaluate

    names = ["requests", "flask", "numpy", "held-back-name"]
    judged_before_last: list[bool] = []
    real = checks.judge

    with LastHeld("held-back-name") as reg:
        def judge(*args, **kwargs):
            judged_before_last.append(not reg.answered_held)
            reg.release.set()
            return real(*args, **kwargs)

        monkeypatch.setattr(checks, "judge", judge)
        patient = Settings(use_cache=False, registries={"pypi": reg.url + "/pypi-root"},  # outwaits the hold
                           http=HttpSettings(timeout=30.0, deadline=30.0, retries=0))
        report = evaluate(collect_names(names, "pypi"), patient)
    assert judged_before_last and judged_before_last[0]
    monkeypatch.setattr(checks, "judge", real)
    with LoopbackRegistry(latency=0.0) as reg:
        again = evaluate(collect_names(names, "pypi"), settings(reg.url + "/pypi-root"))
    assert [(f.mention.key, f.verdict, f.rule, f.reasons) for f in report.findings] == \
        [(f.mention.key, f.verdict, f.rule, f.reasons) for f in again.findings]


def test_the_answer_cache_is_closed_without_waiting_for_its_checkpoint(tmp_path):
    """Closing the last connection checkpoints the cache's write-ahead log (an fsync); at the end of a lookup
    that happens in a thread of its own while the run goes on to judge and print. The close is held here until
    released: close(later=True) returns while it is still held, and the connection is closed after."""
    from depguard.cache import AnswerCache

    cache = AnswerCache(tmp_path)
    cache.get_many([catalog().key("pypi", "x")])  # opened
    real = cache._conn
    release, closed = threading.Event(), threading.Event()

    class Held:
        def close(self):
            release.wait(10)
            real.close()
            closed.set()

    cache._conn = Held()
    cache.close(later=True)
    assert not closed.is_set() and cache._conn is None
    release.set()
    assert closed.wait(10)


def test_a_cold_lookup_closes_the_answer_cache_later(monkeypatch, tmp_path):
    from depguard.cache import AnswerCache

    seen: list[bool] = []
    real = AnswerCache.close
    monkeypatch.setattr(AnswerCache, "close", lambda self, later=False: seen.append(later) or real(self, later))
    with LoopbackRegistry(latency=0.0) as reg:
        s = Settings(use_cache=True, cache_dir=tmp_path, registries={"pypi": reg.url + "/pypi-root"},
                     http=HttpSettings(timeout=5.0, deadline=10.0, retries=0))
        answers = resolve([catalog().key("pypi", n) for n in NAMES], s)
    assert {a.existence for a in answers.values()} == {Existence.EXISTS}
    assert seen == [True]
    assert set(AnswerCache(tmp_path, registries=s.registries).get_many(answers)) == set(answers)  # all stored

