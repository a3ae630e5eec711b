"""Fail closed, in time: a hook's work runs under a hard time budget, and every failure ends in a deny.

A coding agent's host lets a tool call through when its hook crashes (Claude Code: any exit code but 0 and
2 is a "non-blocking error") or runs past the hook's timeout (60 s by default in Claude Code and Gemini
CLI). So the hook's whole work — reading the event, loading the settings, parsing, asking registries —
runs in a worker thread, and the caller waits at most ``budget`` seconds for it:

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

import threading
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
