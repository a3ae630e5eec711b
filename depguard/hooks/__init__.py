"""Coding-agent hooks: what an agent is about to do -> depguard's answer, the same for every host.

A host's event (Claude Code, Codex, Gemini CLI, Cursor: :mod:`depguard.hooks.hosts`) becomes one
:class:`Action`: a shell command, or an edit of files (write, edit, multi-edit, notebook cell, patch).
:func:`judge` answers it with an :class:`Answer` (``deny`` when a name is flagged, ``ask`` when one could
not be checked or when the edit changes depguard's own configuration) or None (depguard has nothing to say:
the host's own permission flow goes on). It never answers "allow": a clean package list says nothing about
the rest of a command.

- **Commands** are read with the shell model of :mod:`depguard.commands` (through
  :func:`depguard.guarding.check_command`), never run.
- **Edits**: the file as it would be after the edit is computed (:mod:`depguard.hooks.edits`), both versions
  are parsed with the file's parsers, and only the names the edit adds are judged. Documents (Markdown) are
  not judged: illustrative text is not a dependency list.
- **depguard's configuration** (``.depguard.toml``, ``[tool.depguard]`` of pyproject.toml, the file
  ``--config``/``DEPGUARD_CONFIG`` names) is never changed silently by the thing it judges: such an edit is
  answered ``ask`` with the reason.

Failures and time are :mod:`depguard.hooks.budget`'s business: every exception and every run past the
time budget ends in a deny.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from ..records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    from ..config import Settings

EDIT_KINDS = frozenset({"write", "edit", "multiedit", "notebook", "patch"})


@record(frozen=True)
class Action:
    """What the agent is about to do. ``kind``: command, or one of EDIT_KINDS."""

    kind: str
    cwd: Path
    command: str | None = None
    tool_input: Mapping[str, Any] = field(default_factory=dict)


@record(frozen=True)
class Answer:
    decision: str  # "deny" or "ask"
    reason: str  # one paragraph, shown to the agent (and the person)
    checked: bool = True  # False: the answer comes from not being able to check (fail closed)


ADVICE = ("Check the names (a typo? a package that does not exist?) and use the real package instead; do not "
          "work around this check.")
UNCHECKED_ADVICE = ("depguard could not check these names (the registry did not answer, or the command "
                    "installs something depguard cannot read), so a person should decide.")


def _worst(answers: list[Answer]) -> Answer | None:
    if not answers:
        return None
    denies = [a for a in answers if a.decision == "deny"]
    chosen = denies or answers
    return Answer(chosen[0].decision, " ".join(a.reason for a in chosen), all(a.checked for a in chosen))


def from_decision(decision, what: str) -> Answer | None:
    """The hook's answer for a :class:`depguard.guarding.Decision` about ``what`` ("this command", …)."""
    from ..report.escape import plain

    if decision.outcome is None:
        return None
    lines = [plain(r) for r in decision.reasons[:20]]
    more = f" (and {len(decision.reasons) - 20} more)" if len(decision.reasons) > 20 else ""
    body = "; ".join(lines) + more
    body += "" if body.endswith((".", "?", "!")) else "."
    if decision.outcome == "deny":
        return Answer("deny", f"depguard blocked {what}: {body} {ADVICE}")
    return Answer("ask", f"depguard could not check {what}: {body} {UNCHECKED_ADVICE}", checked=False)


def judge(action: Action, settings: Settings | Callable[[], Settings], allow_unchecked: bool = False) -> Answer | None:
    """depguard's answer to one action (None: nothing to say).

    ``settings`` may be a function that loads them: it is called only for an action depguard judges, so a
    command that installs nothing (``ls``) or an edit of a file depguard does not read is answered without
    reading any config (a broken project config then refuses only what it would have judged)."""
    load: Callable[[], Settings]
    if callable(settings):
        import functools

        load = functools.cache(settings)
    else:
        def load() -> Settings:
            return settings
    if action.kind == "command":
        from ..guarding import check_plan, plan_command

        answers: list[Answer | None] = []
        if action.tool_input.get("patch"):  # a patch applied by this command (Codex: apply_patch <<EOF)
            answers.append(judge_edit(Action("patch", action.cwd, tool_input=action.tool_input), load, allow_unchecked))
        plan = plan_command(action.command or "", action.cwd)
        if plan.installs_anything:
            decision = check_plan(plan, action.command or "", load(), allow_unchecked=allow_unchecked, cwd=action.cwd)
            answers.append(from_decision(decision, "this command"))
        return _worst([a for a in answers if a is not None])
    if action.kind in EDIT_KINDS:
        return judge_edit(action, load, allow_unchecked)
    return None


# --- edits -------------------------------------------------------------------------------------------

def is_config_file(path: Path, settings: Settings) -> bool:
    """``.depguard.toml`` anywhere, the config file the settings came from, or the user's own config file
    (a pyproject.toml is judged by its ``[tool.depguard]`` table, in :func:`config_change`)."""
    if path.name == ".depguard.toml":
        return True
    if path.name == "pyproject.toml":
        return False
    import os

    from ..config import user_config_path

    environ = os.environ if settings.environ is None else settings.environ
    for named in (settings.config_file, settings.user_config_file, user_config_path(environ)):
        try:
            if named is not None and path.resolve() == Path(named).resolve():
                return True
        except OSError:
            continue
    return False


def _depguard_table(text: str | None) -> tuple[bool, Any]:
    """(readable, the [tool.depguard] table or None) of a pyproject.toml text."""
    from ..compat import tomllib  # tomllib is 3.11+; depguard supports 3.10

    if text is None:
        return True, None
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False, None
    tool = data.get("tool")
    return True, tool.get("depguard") if isinstance(tool, dict) else None


def config_change(path: Path, before: str | None, after: str | None, settings: Settings) -> bool:
    """Whether this change of ``path`` changes depguard's configuration."""
    if before == after:
        return False
    if is_config_file(path, settings):
        return True
    if path.name != "pyproject.toml":
        return False
    ok_b, table_b = _depguard_table(before)
    ok_a, table_a = _depguard_table(after)
    if ok_b and ok_a:
        return table_a != table_b
    return any(t is not None and "depguard" in t for t in (before, after))  # unreadable: say so, never guess


def _may_matter(path: Path) -> bool:
    """Whether an edit of ``path`` can concern depguard: a file it reads, or a TOML file (its config)."""
    from ..parsers import formats_for

    return path.suffix == ".toml" or path.name == ".depguard.toml" or any(
        f.kind != "document" for f in formats_for(path.as_posix()))


def judge_edit(action: Action, load: Callable[[], Settings], allow_unchecked: bool) -> Answer | None:
    from ..config import Settings
    from ..guarding import shown
    from .edits import EditError, plan_edit

    def unknown(problem: object) -> Answer | None:
        if allow_unchecked:
            return None
        return Answer("ask", f"depguard could not work out what this edit does ({problem}); a person should look "
                             "at it.", checked=False)

    try:
        plan = plan_edit(action.kind, action.tool_input, action.cwd, Settings().max_file_bytes)
    except EditError as exc:
        return None if exc.path is not None and not _may_matter(exc.path) else unknown(exc)
    problems = [text for path, text in plan.problems if path is None or _may_matter(path)]
    if not problems and not any(_may_matter(c.path) for c in plan.changes):
        return None
    settings = load()
    answers: list[Answer] = [a for a in map(unknown, problems) if a is not None]
    for change in plan.changes:
        where = shown(change.path, action.cwd)
        if config_change(change.path, change.before, change.after, settings):
            answers.append(Answer("ask", f"This edit changes depguard's configuration ({where}); the agent whose "
                                         "installs depguard checks does not get to change how they are checked "
                                         "without a person agreeing."))
        if change.after is None:
            continue
        decision = check_file_change(change.path, change.before, change.after, action.cwd, settings, allow_unchecked)
        if decision is not None:
            got = from_decision(decision, f"this edit of {where}")
            if got is not None:
                answers.append(got)
    return _worst(answers)


def check_file_change(path: Path, before: str | None, after: str, cwd: Path, settings: Settings,
                      allow_unchecked: bool = False):
    """The :class:`~depguard.guarding.Decision` on the names ``after`` adds to ``before``, or None when
    depguard does not read this kind of file, its settings ignore it, or it lies in a fixture-data tree
    (``tests/fixtures``, ``testdata`` …: the tests' input, left out of scans too unless ``judge-fixtures``)."""
    from ..discover import ignored
    from ..guarding import check_collected, collect_file_text, shown
    from ..parsers import formats_for
    from ..project import fixture_root
    from ..scan import Collected

    fmts = [f for f in formats_for(path.as_posix()) if f.kind != "document"]
    inside = shown(path, cwd)
    if not fmts or (not inside.startswith("/") and ignored(inside, settings)):
        return None
    if not settings.judge_fixtures and not inside.startswith("/") and fixture_root(inside) is not None:
        return None  # test input, as a scan sees it (installing from it is judged when it happens)
    root = cwd if not inside.startswith("/") else path.parent
    old = collect_file_text(path, before, root, fmts, settings) if before else Collected()
    # the edit is the thing under judgement: a "depguard: ignore" it writes does not suppress what it adds
    new = collect_file_text(path, after, root, fmts, settings, honour_suppression=False)
    from ..examples import from_code_text, said_in_code

    # what a source file's comments, docstrings and messages say is documentation, left out as an edit of a
    # document is (the install is judged when it is run); what its argument lists run is judged, when
    # judge-source-installs is on (off by default, as in a scan)
    left_out = said_in_code if settings.judge_source_installs else from_code_text
    new.mentions = [m for m in new.mentions if not left_out(m)]
    had = {m.key for m in old.mentions}
    old_problems = {p.message for p in old.problems}
    added = Collected(files=1, problems=[p for p in new.problems if p.message not in old_problems],
                      mentions=[m for m in new.mentions if m.key not in had])
    return check_collected(added, settings, allow_unchecked)
