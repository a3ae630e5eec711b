"""Parsing a large tree on several cores: files go to worker processes in chunks, and each chunk's
mentions come back as soon as it is parsed, so the lookups of a streaming scan start while the rest is
still being read.

Only trees of at least :data:`MIN_FILES` files are split (below that, starting the workers costs more than
it saves), and only when the caller allows it (``parallel=True``; the command line does). The workers are
spawned, never forked: the scan runs beside an event loop thread, and forking a threaded process can leave
a lock held forever in the child. Until the first worker has answered (starting one takes a few tenths of
a second), the calling process parses chunks itself; after that it only gathers (one worker per core). ``DEPGUARD_WORKERS`` sets the number of workers (``0`` turns them off); the
default is one per available core. A pool that cannot start or breaks leaves its chunks to the calling
process, so the result never depends on it: the same mentions in the same order either way.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Collection
    from concurrent.futures import Future

    from .config import Settings
    from .discover import FileEntry
    from .parsers import Hints
    from .scan import Collected

MIN_FILES = 2000  # smaller trees are parsed in the calling process
YIELD_NICE = 10  # how much lower the workers' priority is while the registry lookups run beside them
MAX_WORKERS = 8
HELP_WHILE_STARTING = True  # the calling process parses too until a worker answers


def worker_count(files: int) -> int:
    """How many worker processes to parse ``files`` files with (0: parse in the calling process)."""
    raw = os.environ.get("DEPGUARD_WORKERS", "").strip()
    if raw:
        try:
            wanted = int(raw)
        except ValueError:
            wanted = -1
        if wanted >= 0:
            return min(wanted, MAX_WORKERS) if wanted >= 2 and files >= MIN_FILES else 0
    if files < MIN_FILES:
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(cores, MAX_WORKERS) if cores >= 2 else 0


def chunk_size(files: int, workers: int) -> int:
    return max(16, min(256, files // max(1, workers * 8)))


def parse_files(entries: list[FileEntry], settings: Settings, hints: dict[Path, Hints],
                parallel: bool) -> Iterator[tuple[int, list[Collected]]]:
    """(index of the chunk's first entry, one Collected per entry) for every chunk, as each is finished.

    :func:`request_yield` (another process, the registry lookups, needs a core meanwhile) makes the workers
    lower their scheduling priority (nice +:data:`YIELD_NICE`) so that it gets one whenever it can run, and
    they take the rest."""
    workers = worker_count(len(entries)) if parallel else 0
    size = chunk_size(len(entries), workers) if workers else 64
    chunks = deque((i, entries[i : i + size]) for i in range(0, len(entries), size))
    if workers:
        yield from _with_pool(chunks, workers, settings, hints)
    while chunks:
        first, chunk = chunks.popleft()
        yield first, _parse_here(chunk, settings, hints)


def _parse_here(chunk: list[FileEntry], settings: Settings, hints: dict[Path, Hints]) -> list[Collected]:
    from .scan import collect_file

    return [collect_file(entry, settings, hints[entry.root]) for entry in chunk]


_YIELD: list[Any] = []  # the running pool's "yield the CPU" event; empty while no pool runs


def request_yield() -> None:
    """Ask the running pool's parse workers to lower their priority for the rest of the scan."""
    for event in _YIELD:
        event.set()


def _with_pool(chunks: deque, workers: int, settings: Settings,
               hints: dict[Path, Hints]) -> Iterator[tuple[int, list[Collected]]]:
    """Hand chunks to the pool (taking them from the front) and parse here too (from the back) until a
    worker has answered; on return, ``chunks`` holds whatever is left to the caller."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context("spawn")
    try:
        event = ctx.Event()
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init, initargs=(settings, hints, event))
    except (OSError, ValueError, ImportError):
        return
    _YIELD[:] = [event]
    inflight: dict[Any, tuple[int, list[FileEntry]]] = {}
    started = not HELP_WHILE_STARTING  # whether a worker has answered yet: until then parse here too
    try:
        while chunks or inflight:
            while chunks and len(inflight) < workers * 2:
                first, chunk = chunks.popleft()
                try:
                    future = pool.submit(_parse_there, [(e.path, e.shown, e.root, tuple(f.name for f in e.formats),
                                                         e.data_imports) for e in chunk])
                except (BrokenProcessPool, RuntimeError, OSError):
                    chunks.appendleft((first, chunk))
                    raise _Broken from None
                inflight[future] = (first, chunk)
            finished: Collection[Future[Any]] = [f for f in inflight if f.done()]
            started = started or bool(finished)
            if not finished and chunks and not started:
                first, chunk = chunks.pop()
                yield first, _parse_here(chunk, settings, hints)
                continue
            if not finished:
                finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
            for future in finished:
                first, chunk = inflight.pop(future)
                try:
                    parts = future.result()
                except (BrokenProcessPool, OSError, KeyError, ImportError):
                    parts = _parse_here(chunk, settings, hints)
                yield first, parts
    except _Broken:
        for first, chunk in inflight.values():
            chunks.appendleft((first, chunk))
    finally:
        _YIELD.clear()
        pool.shutdown(wait=True, cancel_futures=True)


class _Broken(Exception):
    pass


_STATE: dict[str, Any] = {}


def _init(settings: Settings, hints: dict[Path, Hints], yield_event: Any = None) -> None:
    _STATE["yield"] = yield_event
    _STATE["niced"] = False
    _STATE["settings"] = settings
    _STATE["hints"] = hints


def _parse_there(chunk: list[tuple[Path, str, Path, tuple[str, ...], bool]]) -> list[Collected]:
    from .discover import FileEntry

    event = _STATE.get("yield")
    if not _STATE.get("niced") and event is not None and event.is_set():
        _STATE["niced"] = True
        try:
            os.nice(YIELD_NICE)
        except (OSError, AttributeError):
            pass  # not allowed here (or not POSIX): parse at the usual priority
    from .parsers import get_format

    entries = [FileEntry(path, shown, root, tuple(get_format(n) for n in names), data)
               for path, shown, root, names, data in chunk]
    return _parse_here(entries, _STATE["settings"], _STATE["hints"])
