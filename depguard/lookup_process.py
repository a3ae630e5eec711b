"""The registry lookups of a large scan, in a process of their own.

The lookup stage is CPU-bound in the HTTP client: httpx spends about 1.7 ms of CPU per request on the
benchmark machine (measured with a bare client against a local server, HTTP/1.1 and HTTP/2 alike), so
3,000 names keep one core busy for five seconds. In the scanning process that core is shared, under one
interpreter lock, with gathering the parse workers' results and judging them, and the lookups crawl while
the files are read. Here they get an interpreter of their own: keys go in through a pipe as the files are
parsed, answers come back when the scan asks for them.

Used only where the parse workers are (large trees, a front end that allows spawning, no HTTP transport
passed in by a caller), and only once a name misses the answer cache (a warm scan starts no process). The
parse workers then lower their priority so the lookups get a core. Should the process fail to start or
die, every key it was given is looked up in the scanning process instead: an answer is never lost, and
never made up. ``DEPGUARD_LOOKUP_PROCESS=0`` keeps the lookups in the scanning process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import Settings
    from .model import PackageKey, RegistryAnswer

PROGRESS_EVERY = 0.25  # seconds between progress reports of the lookup process


class RemoteLookups:
    """Keys submitted over time, answered by a spawned process; ``finish()`` returns every answer."""

    def __init__(self, settings: Settings, progress: Callable[[int], None] | None = None,
                 notice: Callable[[str], None] | None = None) -> None:
        self.settings = settings
        self.progress = progress
        self.notice = notice  # the lookup process's notices (a registry unreachable or silent), said here
        self.sent: list[PackageKey] = []
        self._conn: Any = None
        self._proc: Any = None
        self._broken = False

    def start(self) -> bool:
        import multiprocessing

        try:
            ctx = multiprocessing.get_context("spawn")
            ours, theirs = ctx.Pipe(duplex=True)
            proc = ctx.Process(target=_child, args=(theirs, self.settings), name="depguard-lookups", daemon=True)
            proc.start()
            theirs.close()
        except (OSError, ValueError, ImportError, RuntimeError):
            return False
        self._conn, self._proc = ours, proc
        return True

    def submit(self, keys: list[PackageKey]) -> None:
        self.sent.extend(keys)
        if self._broken:
            return
        try:
            self._conn.send(("keys", keys))
            self._drain()
        except (OSError, EOFError, ValueError):
            self._broken = True

    def _drain(self) -> None:
        while self._conn.poll():
            self._handle(self._conn.recv())

    def _handle(self, msg: tuple) -> Any:
        if msg[0] == "progress" and self.progress:
            self.progress(msg[1])
        elif msg[0] == "notice" and self.notice:
            self.notice(msg[1])
        return msg

    def finish(self, on_answers: Callable[[dict], None] | None = None) -> dict[PackageKey, RegistryAnswer]:
        """Every submitted key's answer (looked up here for any the process could not give).

        ``on_answers`` is handed each batch as it arrives (every :data:`PROGRESS_EVERY` seconds), so the
        scan can judge while the last lookups are still on the wire."""
        answers: dict = {}

        def take(batch: dict) -> None:
            answers.update(batch)
            if on_answers is not None and batch:
                on_answers(batch)

        if not self._broken:
            try:
                self._conn.send(("finish",))
                while True:
                    msg = self._handle(self._conn.recv())
                    if msg[0] in ("part", "answers"):
                        take(msg[1])
                    if msg[0] == "answers":
                        break
            except (OSError, EOFError, ValueError, TypeError, AttributeError):
                self._broken = True
        self.close()
        missing = [k for k in dict.fromkeys(self.sent) if k not in answers]
        if missing:  # the process died or never answered: ask here rather than lose a key
            from .lookup import resolve

            take(resolve(missing, self.settings, progress=self.progress, notice=self.notice))
        return answers

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._proc is not None:
            self._proc.join(5)
            if self._proc.is_alive():
                self._proc.kill()
                self._proc.join(5)
            self._proc = None


def _child(conn: Any, settings: Settings) -> None:
    """The lookup process: a Resolver fed from the pipe by a reader thread."""
    import asyncio
    import threading

    from . import aio
    from .lookup import Resolver

    async def run() -> dict:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        counted = [0]

        def progress(n: int) -> None:
            counted[0] += n

        async with Resolver(settings, None, progress, notice=lambda line: conn.send(("notice", line))) as resolver:
            def reader() -> None:
                try:
                    while True:
                        msg = conn.recv()
                        if msg[0] == "keys":
                            loop.call_soon_threadsafe(resolver.submit, msg[1])
                        else:
                            break
                except (OSError, EOFError):
                    pass  # the scanning process went away: finish with what was asked
                loop.call_soon_threadsafe(done.set)

            threading.Thread(target=reader, name="depguard-lookup-keys", daemon=True).start()
            last = time.monotonic()
            while not done.is_set():
                try:
                    await asyncio.wait_for(done.wait(), PROGRESS_EVERY)
                except asyncio.TimeoutError:
                    pass
                if counted[0] and time.monotonic() - last >= PROGRESS_EVERY:
                    conn.send(("progress", counted[0]))
                    counted[0], last = 0, time.monotonic()
            # the scan has read every file: from now on hand answers over as they come
            sent: set = set()

            def batch() -> dict:
                new = {k: a for k, a in resolver.answers.items() if k not in sent}
                sent.update(new)
                return new

            finishing = asyncio.ensure_future(resolver.finish())
            while not finishing.done():
                await asyncio.wait([finishing], timeout=PROGRESS_EVERY)
                if not finishing.done():
                    conn.send(("part", batch()))
                if counted[0]:
                    conn.send(("progress", counted[0]))
                    counted[0] = 0
            finishing.result()
        return batch()  # the rest, sent after the Resolver has written the answer cache

    try:
        answers = aio.run(run())
        conn.send(("answers", answers))
    except (OSError, EOFError):
        pass
    finally:
        conn.close()
