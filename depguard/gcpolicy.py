"""Fewer garbage collections while a big scan builds its results.

A scan of a large tree builds hundreds of thousands of small objects (mentions, locations, keys, findings)
that live until the report is written and hold no reference cycles. CPython's cyclic collector, tuned for
programs that make and drop objects, runs its full collection over all of them again and again: 1.5 s of
a 7 s scan of 10,000 files, measured. Inside :func:`bulk` the collector runs rarely, and :func:`settle`
(called once the files are read) moves what exists to the collector's permanent generation, so later
collections skip it. On leaving, the old thresholds come back and frozen objects are collectable again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_depth = 0
_frozen = False
_last = False  # the outermost bulk() is the last work of the process (see process_ends)


def process_ends() -> None:
    """The command line's run is the whole process: leaving the outermost :func:`bulk` then stops collecting
    instead of restoring the thresholds, whose first collection would walk everything made since the last one
    just before the process exits (3-7 ms of a cold scan's CPU, measured). Never called in a server or by a
    library user: their runs end and the process goes on."""
    global _last
    _last = True
    # and until then: the start-up's imports (modules, classes, functions: all live to the end) were walked by
    # a collection every 700 allocations, ~3% of a warm scan of a few files (issue 19)
    gc.set_threshold(*_BULK)


_BULK = (50_000, 20, 100)  # the thresholds inside bulk() (at least these)
_OUTLIVING: list[object] = []  # what the process's last run made, kept from being freed (see outlive)


def outlive(value: object) -> None:
    """When the run is the whole process (:func:`process_ends`): keep ``value`` (a scan's report, and through it
    its mentions, stored entries and texts) from being freed object by object when the run returns, just
    before the process ends (20 ms of a warm scan of 10,000 files, measured). The process ends without
    Python's teardown (``depguard.cli.end_process``), or with it, which frees it then. A no-op otherwise."""
    if _last:
        _OUTLIVING.append(value)


@contextmanager
def bulk() -> Iterator[None]:
    global _depth, _frozen
    old = gc.get_threshold()
    gc.set_threshold(*(max(o, b) for o, b in zip(old, _BULK)))
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and _last:
            gc.disable()  # the process ends now: no collection to pay for on the way out
        elif _depth == 0:
            gc.set_threshold(*old)
            if _frozen:
                gc.unfreeze()
                _frozen = False


def settle() -> None:
    """Inside :func:`bulk`: what exists now lives to the end of the run (a no-op outside it)."""
    global _frozen
    if _depth:
        gc.freeze()
        _frozen = True


@contextmanager
def held() -> Iterator[None]:
    """Inside :func:`bulk`: no collection while building objects that live to the end of the run and hold no
    reference cycles (a warm scan's mentions, rebuilt from the parse cache; the modules, classes and functions
    of the network stack a cold scan imports before its first request: walking those was 13-23 ms of CPU,
    measured with gc.callbacks), then :func:`settle`. A no-op outside it."""
    if not _depth or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        settle()  # first: frozen, what was made is no longer counted, so enabling triggers no collection of it
        gc.enable()
