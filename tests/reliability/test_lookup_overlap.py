"""The lookup stage overlaps its own work with the registry's (issue 19): the look-alike index is loaded, in a
worker thread, while the first requests are on the wire, not when the first answers come back; a run whose
registry refuses connections never loads it. No timing assertions: what had been answered when the index
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
    assert answered == 0 and not in_main_thread  # before any answer, beside the event loop


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
