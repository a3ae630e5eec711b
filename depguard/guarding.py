"""Guarding one command (or one edit) before it happens: mentions -> report -> a decision.

Shared by ``depguard guard -- CMD`` and the coding-agent hooks (:mod:`depguard.hooks`). The command is read
with the shell model of :mod:`depguard.commands` (never executed, never expanded). The decision fails
closed: anything flagged is refused (``deny``), and anything that could not be checked is not let through
silently (``ask`` in a hook, not run by ``guard``) unless the caller allows unchecked names explicitly.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from .commands import mentions_in_script, tool_name
from .config import Settings
from .model import Report, Verdict
from .parsers import Source
from .scan import Collected, evaluate

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash"})


def argv_script(argv: Sequence[str]) -> str:
    """The shell text an argv stands for: the ``-c`` script of ``sh -c '...'``, else the quoted argv."""
    if argv and tool_name(argv[0]) in SHELLS:
        for i, arg in enumerate(argv[1:-1], 1):
            if arg == "-c" or (arg.startswith("-") and not arg.startswith("--") and arg.endswith("c")):
                return argv[i + 1]
    return shlex.join(argv)


def collect_command(script: str, path: str = "<command>") -> Collected:
    """Every package a shell command installs or runs, as mentions located in ``script``."""
    source = Source(path=path, text=script)
    mentions = list(mentions_in_script(source))
    return Collected(mentions=mentions, problems=list(source.problems), files=1)


@dataclass(frozen=True)
class Decision:
    report: Report
    blocked: bool
    reasons: tuple[str, ...]  # one line per flagged or unchecked name
    outcome: str | None = None  # "deny" (something flagged), "ask" (something not checked), None (clean)

    @property
    def checked_nothing(self) -> bool:
        return not self.report.findings


def decide(report: Report, settings: Settings, allow_unchecked: bool = False) -> Decision:
    from .report.annotate import describe

    code = report.exit_code(settings.fail_on)
    blocked = code == 1 or (code == 3 and not allow_unchecked)
    reasons: list[str] = []
    seen: set[tuple[str, str]] = set()
    for f in report.findings:
        if f.verdict is Verdict.NOT_CHECKED and allow_unchecked:
            continue
        if f.verdict is Verdict.SUSPICIOUS and settings.fail_on is Verdict.MISSING:
            continue
        text = describe(f)
        if text is None or (f.mention.key.ecosystem, text) in seen:
            continue
        seen.add((f.mention.key.ecosystem, text))
        reasons.append(f"{f.mention.written} ({f.mention.key.ecosystem}): {text}")
    if blocked and not allow_unchecked:
        reasons.extend(f"{p}" for p in report.problems if p.kind in ("read", "parse", "limit", "registry"))
    outcome = None if not blocked else ("deny" if code == 1 else "ask")
    return Decision(report, blocked, tuple(reasons), outcome)


def check_collected(collected: Collected, settings: Settings, allow_unchecked: bool = False, transport=None) -> Decision:
    """Look up and judge what was collected (asking no registry when nothing was), then decide."""
    report = evaluate(collected, settings, transport=transport) if collected.mentions else Report(tuple(), tuple(collected.problems))
    return decide(report, settings, allow_unchecked)


def check_command(script: str, settings: Settings, allow_unchecked: bool = False, transport=None,
                  cwd=None) -> Decision:
    """Check the packages ``script`` would install or run; ``blocked`` says whether to refuse it."""
    return check_collected(collect_command(script), settings, allow_unchecked, transport)
