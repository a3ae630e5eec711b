"""Fail closed, in time: a hook's work runs under a hard time budget, and every failure ends in a deny.

A coding agent's host lets a tool call through when its hook crashes (Claude Code: any exit code but 0 and
2 is a "non-blocking error") or runs past the hook's timeout (60 s by default in Claude Code and Gemini
CLI). So the hook's whole work — reading the event, loading the settings, parsing, asking registries —
runs under a watch that answers after at most ``budget`` seconds (:func:`run_within`: the work in a worker
thread, the caller waiting for it; :func:`run_watched`, for a process started for one hook run: the work in
the caller's thread, a watchdog thread answering and ending the process at the budget):

- an exception of any kind (``RecursionError`` from a deeply nested command, event or TOML file, an
  unusable cache directory, a bug) becomes a deny with a one-line reason;
- a run past the budget becomes a deny that says so, written before the host gives up on the hook;
- registry lookups get a deadline inside the budget (:func:`clamp`), so a slow registry normally ends
  in a reasoned "not checked" answer well before the budget, and a project config's long ``deadline``
  cannot stretch the hook past it.

The default budget is 45 s (below Claude Code's and Gemini CLI's 60 s); ``--budget`` changes it, and it
should stay below the timeout the host is configured with.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..records import replace

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import TypeVar

    from ..config import Settings
    T = TypeVar("T")

DEFAULT_BUDGET = 45.0
LOOKUP_SHARE = 0.75  # of the time left, for the registry stage; the rest is for judging and answering


class Budget:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started = time.monotonic()

    def remaining(self) -> float:
        return max(0.0, self.seconds - (time.monotonic() - self.started))

    def clamp(self, settings: Settings) -> Settings:
        """``settings`` with registry deadlines that end inside the budget."""
        left = max(0.5, self.remaining() * LOOKUP_SHARE)
        deadline = left if settings.deadline is None else min(settings.deadline, left)
        http = replace(settings.http, timeout=min(settings.http.timeout, left), deadline=min(settings.http.deadline, left))
        return settings.with_(deadline=deadline, http=http)


def failure_reason(exc: BaseException) -> str:
    """One line saying what went wrong, for the deny."""
    from ..report.escape import plain

    if isinstance(exc, RecursionError):
        what = "its input is nested too deeply to read"
    elif isinstance(exc, MemoryError):
        what = "it ran out of memory"
    elif isinstance(exc, OSError):
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        what = f"{type(exc).__name__}{where}: {exc.strerror or exc}"
    else:
        what = f"{type(exc).__name__}: {exc}"
    text = plain(what)
    if len(text) > 300:
        text = text[:297] + "..."
    return f"depguard failed while checking this tool call ({text}); refused because an unchecked call is never let through."


def timeout_reason(seconds: float) -> str:
    return (f"depguard could not finish checking this tool call within its time budget of {seconds:g} s; refused "
            "because an unchecked call is never let through. Try again, or split the command.")


def run_within(work: Callable[[], T], seconds: float, fail: Callable[[str], T],
               budget: float | None = None) -> tuple[T, bool]:
    """``(work(), True)`` when it returns within ``seconds``; ``(fail(reason), False)`` when it raises or runs
    out of time (the worker thread is left behind, as a daemon: nothing waits for it). ``budget``: the time
    budget the reason names (what the user set), when ``seconds`` is what was left of it."""
    import threading  # here: a hook process answers through run_watched, without threading (~3M instructions)

    box: dict[str, object] = {}

    def target() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - every failure must end in an answer
            box["error"] = exc

    worker = threading.Thread(target=target, name="depguard-hook", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        return fail(timeout_reason(seconds if budget is None else budget)), False
    if "error" in box:
        return fail(failure_reason(box["error"])), False  # type: ignore[arg-type]
    return box["value"], True  # type: ignore[return-value]


def run_watched(work: Callable[[], T], seconds: float, fail: Callable[[str], T], give_up: Callable[[T], None],
                budget: float | None = None) -> tuple[T, bool]:
    """As :func:`run_within`, for a process that ends with this one run: ``work()`` runs in this thread and a
    watchdog thread (made with ``_thread``: nothing here imports ``threading``, and a module that does later
    sees this thread as the main one) waits ``seconds`` for it. Past them the watchdog hands
    ``fail(reason)`` to ``give_up``, which answers and ends the process (it must not return). Whichever of the
    two answers first does; the other stays silent. An exception from ``work`` becomes ``(fail(reason),
    False)``, as in :func:`run_within`, except KeyboardInterrupt, which propagates (there, it reaches the
    caller while it waits)."""
    import _thread

    done = _thread.allocate_lock()
    done.acquire()
    answering = _thread.allocate_lock()  # taken by whichever answers

    def watch() -> None:
        if done.acquire(timeout=min(max(seconds, 0.0), _thread.TIMEOUT_MAX)):
            return
        if answering.acquire(blocking=False):
            give_up(fail(timeout_reason(seconds if budget is None else budget)))

    _thread.start_new_thread(watch, ())
    try:
        value, finished = work(), True
    except KeyboardInterrupt:
        _silence_or_wait(answering)
        raise
    except BaseException as exc:  # noqa: BLE001 - every failure must end in an answer
        value, finished = fail(failure_reason(exc)), False
    _silence_or_wait(answering)
    done.release()
    return value, finished


def _silence_or_wait(answering: object) -> None:
    """Take the right to answer from the watchdog, or, when it has taken it (it is answering and ends the
    process), wait for that end."""
    while not answering.acquire(blocking=False):  # type: ignore[attr-defined]
        time.sleep(0.05)
