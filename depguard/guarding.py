"""Guarding one command (or one edit) before it happens: mentions -> report -> a decision.

Shared by ``depguard guard -- CMD`` and the coding-agent hooks (:mod:`depguard.hooks`). A command is read
with the shell model of :mod:`depguard.commands` (:func:`~depguard.commands.analyze`: never executed, never
expanded), which says what it installs by name, which manifests and lockfiles it installs from (in the
folder it will run in) and what it installs that cannot be known from the text. Named packages and the
names in those manifests are looked up and judged; a manifest the same command line writes is judged by
what the line writes. The decision fails closed: anything flagged is refused (``deny``), and anything that
could not be checked — an unanswered lookup, an install from a variable, a substitution, a downloaded
script, another index — is not let through silently (``ask`` in a hook; ``guard`` runs nothing) unless
the caller allows unchecked names explicitly.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from .commands import Manifest, analyze, mentions_of_targets, tool_name
from .config import Settings
from .model import Report, Verdict
from .parsers import Source
from .records import record
from .scan import Collected, evaluate

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash"})


def argv_script(argv: Sequence[str]) -> str:
    """The shell text an argv stands for: the ``-c`` script of ``sh -c '...'``, else the quoted argv."""
    if argv and tool_name(argv[0]) in SHELLS:
        for i, arg in enumerate(argv[1:-1], 1):
            if arg == "-c" or (arg.startswith("-") and not arg.startswith("--") and arg.endswith("c")):
                return argv[i + 1]
    return shlex.join(argv)


def shown(path: Path, root: Path | None) -> str:
    """``path`` relative to ``root`` when it is inside it, else as given."""
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except (ValueError, OSError):
            pass
    return path.as_posix()


def collect_file_text(path: Path, text: str, root: Path, fmts: list, settings: Settings,
                      honour_suppression: bool = True) -> Collected:
    """The mentions the parsers ``fmts`` find in ``text``, read as the file ``path`` of the tree at ``root``.

    ``honour_suppression=False``: inline ``depguard: ignore`` markers are not applied (the text is the thing
    under judgement: an agent's edit, a manifest the command line itself writes)."""
    from .scan import _parse_with, project_hints

    out = Collected(files=1)
    rel = shown(path, root)
    near = () if rel.startswith("/") else (rel,)  # the folders of a file inside the tree are looked at as a scan would
    source = Source(path=rel, text=text, fs_path=path, root=root, hints=project_hints(root, settings=settings, near=near),
                    max_related_bytes=settings.max_file_bytes)
    for fmt in fmts:
        _parse_with(fmt, source, out)
    out.problems.extend(source.problems)
    if not honour_suppression:
        out.suppressed.clear()
    return out


def merge(into: Collected, part: Collected) -> None:
    for i, reason in part.suppressed.items():
        into.suppressed[len(into.mentions) + i] = reason
    into.mentions.extend(part.mentions)
    into.problems.extend(part.problems)
    into.files += part.files


def _names_file(path: Path, text: str, ecosystem: str, root: Path) -> Collected:
    """A list of names, one per line (``xargs -a names.txt npm i``)."""
    from .parsers.named_lists import names_list_mentions

    out = Collected(files=1)
    out.mentions.extend(names_list_mentions(Source(path=shown(path, root), text=text), ecosystem))
    return out


def collect_manifest(m: Manifest, settings: Settings, root: Path) -> tuple[Collected, list[str]]:
    """The mentions of the files a manifest install reads, and why part of it could not be read."""
    from .parsers import formats_for, get_format

    out = Collected()
    reasons: list[str] = []
    if m.format == "constraints":  # pins only: installs nothing by itself
        return out, reasons
    written = dict(m.written)
    appended = dict(m.appended)
    for name in m.files:
        path = Path(name) if Path(name).is_absolute() else root / name
        texts: list[tuple[str, bool]] = []  # (text, whether its inline suppressions count)
        if name in written:
            texts.append((written[name], False))
        else:
            try:
                if path.is_file():
                    if path.stat().st_size > settings.max_file_bytes:
                        reasons.append(f"{shown(path, root)} is larger than {settings.max_file_bytes} bytes; not read")
                        continue
                    texts.append((path.read_bytes().decode("utf-8", errors="replace"), True))
            except OSError as exc:
                reasons.append(f"{shown(path, root)} could not be read ({exc.strerror or exc})")
                continue
        if name in appended:  # what the line appends is judged as the line writes it, never suppressed by itself
            if m.format in ("requirements", "names") or not texts:
                texts.append((appended[name], False))
            else:
                texts[-1] = (texts[-1][0] + appended[name], False)
        for text, honour in texts:  # none: a candidate the folder does not have
            if m.format == "names":
                merge(out, _names_file(path, text, m.ecosystem, root))
                continue
            fmts = [get_format("requirements")] if m.format == "requirements" else \
                [f for f in formats_for(path.as_posix()) if f.kind != "document"]
            if fmts:
                merge(out, collect_file_text(path, text, root, fmts, settings, honour_suppression=honour))
    return out, reasons  # another index (m.index) comes back from the shell model as an Unresolved of its own


def plan_command(script: str, cwd: Path | None = None):
    """What ``script`` installs, run from folder ``cwd`` (:func:`depguard.commands.analyze`)."""
    return analyze(script, cwd=cwd, home=str(Path.home()))


def collect_plan(plan, script: str, cwd: Path | None = None, settings: Settings | None = None,
                 path: str = "<command>") -> tuple[Collected, list[str]]:
    """Every package a command plan installs or runs (by name, and through the manifests it installs from,
    read in the folder the command runs in), and why some of what it installs could not be known."""
    source = Source(path=path, text=script)
    collected = Collected(mentions=list(mentions_of_targets(source, plan.installs)), files=1)
    collected.problems.extend(source.problems)
    reasons = [u.reason for u in plan.unresolved]
    root = cwd or Path.cwd()
    for m in plan.manifests:
        part, why = collect_manifest(m, settings or Settings(), root)
        merge(collected, part)
        reasons.extend(why)
    return collected, list(dict.fromkeys(reasons))


@record(frozen=True)
class Decision:
    report: Report
    blocked: bool
    reasons: tuple[str, ...]  # one line per flagged or unchecked name, and per thing that could not be known
    outcome: str | None = None  # "deny" (something flagged), "ask" (something not checked), None (clean)

    @property
    def checked_nothing(self) -> bool:
        return not self.report.findings


def decide(report: Report, settings: Settings, allow_unchecked: bool = False,
           unresolved: Sequence[str] = ()) -> Decision:
    """``unresolved``: what the command installs that cannot be known from its text (one line each)."""
    from .report.annotate import describe

    code = report.exit_code(settings.fail_on)
    if code == 0 and unresolved:
        code = 3
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
        reasons.extend(unresolved)
        reasons.extend(f"{p}" for p in report.problems if p.kind in ("read", "parse", "limit", "registry"))
    outcome = None if not blocked else ("deny" if code == 1 else "ask")
    return Decision(report, blocked, tuple(reasons), outcome)


def check_collected(collected: Collected, settings: Settings, allow_unchecked: bool = False, transport=None,
                    unresolved: Sequence[str] = ()) -> Decision:
    """Look up and judge what was collected (asking no registry when nothing was), then decide."""
    report = evaluate(collected, settings, transport=transport) if collected.mentions else Report(tuple(), tuple(collected.problems))
    return decide(report, settings, allow_unchecked, unresolved)


def check_plan(plan, script: str, settings: Settings, allow_unchecked: bool = False, transport=None,
               cwd: Path | None = None) -> Decision:
    collected, unresolved = collect_plan(plan, script, cwd, settings)
    return check_collected(collected, settings, allow_unchecked, transport, unresolved)


def check_command(script: str, settings: Settings, allow_unchecked: bool = False, transport=None,
                  cwd: Path | None = None) -> Decision:
    """Check what ``script`` would install or run from folder ``cwd``; ``outcome`` says whether to refuse it."""
    return check_plan(plan_command(script, cwd), script, settings, allow_unchecked, transport, cwd)
