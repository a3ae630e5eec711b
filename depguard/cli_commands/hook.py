"""depguard hook pre-commit|claude-code|codex|gemini|cursor: entry points for tools that call depguard for you.

``pre-commit FILE…``: the hook of ``.pre-commit-hooks.yaml``. pre-commit passes the staged files (every text
file; depguard keeps those whose format it knows: manifests, lockfiles, scripts, Dockerfiles, workflows,
sources, Markdown), and depguard judges what the commit changes in them, as ``scan --diff HEAD`` does (added
lines, new files, files a new line pulls in): an edit elsewhere in a file that names an old, allowed name does
not block the commit. The base is ``PRE_COMMIT_FROM_REF`` when pre-commit sets it (``--from-ref``, pre-push),
else ``HEAD``. A file passed that the commit does not change (``pre-commit run --all-files``, ``--files``),
every file of a repository's first commit, and ``--whole-files`` are judged whole. The working
tree's configuration applies (the one committing decides; a change to it is mentioned, and the GitHub Action
judges the pull request with its base's configuration). The exit code is the scan's (0 clean, 1 flagged,
3 something not checked: every non-zero code fails the commit); a blocked commit is told how to allow a name.

``claude-code``, ``codex``, ``gemini``, ``cursor``: the pre-tool hook of each coding agent (protocols and
their documentation in :mod:`depguard.hooks.hosts`). The hook reads the event JSON from standard input. A
shell command that installs or runs packages, and an edit of a file depguard reads (manifests, lockfiles,
scripts, Dockerfiles, workflows, notebooks, sources), are checked (:mod:`depguard.hooks`): a flagged name
is denied with the reasons, which the host shows to the agent; a name that could not be checked is asked
about (denied where the protocol has no "ask"), unless --allow-unchecked; an edit of depguard's own
configuration is asked about. Anything else passes untouched: no decision, exit 0, and the host's own
permission rules and prompts apply as usual. depguard never answers "allow".

The hook fails closed, in time (:mod:`depguard.hooks.budget`): any error ends in a deny with a one-line
reason, and so does a run past --budget seconds (default 45, below the hosts' 60 s default timeout).

For a Claude Code ``Stop`` event it checks the final answer's package names (and, when
``[tool.depguard.verify]`` enables it, its claims about the local tree) and asks for one rewrite when
something is flagged, never twice in a row (:mod:`depguard.verify.stop_hook`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import invocation
from ..hooks.budget import DEFAULT_BUDGET

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

ORDER = 60
HELP = "entry points for pre-commit and coding agents (pre-commit FILE…, claude-code, codex, gemini, cursor)"
MAX_EVENT_BYTES = 4 * 1024 * 1024
AGENTS = {
    "claude-code": "Claude Code PreToolUse (Bash, Write, Edit, MultiEdit, NotebookEdit) and Stop hook",
    "codex": "OpenAI Codex CLI PreToolUse hook (Bash, apply_patch)",
    "gemini": "Gemini CLI BeforeTool hook (run_shell_command, write_file, replace)",
    "cursor": "Cursor beforeShellExecution / preToolUse hook",
}


NARROWS = True  # add_parser builds only the hook the words name (see depguard.cli.build_parser)


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser,
               rest: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``hook`` parser; given the words after ``hook`` (``rest``) that start with a hook's name, with that
    hook's parser alone: its parsing, usage and errors do not depend on the others, and each copies the ~15
    common options (all five were ~3M instructions of every agent hook's run, issue 19). Any other words
    (help, a misspelt hook, an option first) get every hook."""
    from ..helpformat import HelpFormatter

    p = sub.add_parser("hook", help=HELP, description=__doc__.split("\n\n")[0],
                       formatter_class=HelpFormatter)
    hooks = p.add_subparsers(dest="hook", metavar="HOOK", required=True)
    wanted = rest[0] if rest and (rest[0] == "pre-commit" or rest[0] in AGENTS) else None
    if wanted in (None, "pre-commit"):
        pc = hooks.add_parser("pre-commit", parents=[common], help="check the files pre-commit passes")
        pc.add_argument("files", nargs="*", metavar="FILE")
        pc.add_argument("--whole-files", action="store_true",
                        help="judge every line of the files passed, not only what the commit changes (e.g. for "
                             "`pre-commit run --all-files` in CI)")
    for name, text in AGENTS.items():
        if wanted is not None and name != wanted:
            continue
        h = hooks.add_parser(name, parents=[common], help=text)
        h.add_argument("--allow-unchecked", action="store_true",
                       help="let a call through when a name could not be checked (default: ask, or deny where "
                            "the host has no ask)")
        h.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                       help=f"hard time limit of the whole hook, after which it denies (default {DEFAULT_BUDGET:g}; "
                            "keep it below the host's hook timeout)")
    return p


def run(args: argparse.Namespace) -> int:
    if args.hook == "pre-commit":
        return pre_commit(args)
    return agent_hook(args)


# --- pre-commit ----------------------------------------------------------------------------------

def pre_commit(args: argparse.Namespace) -> int:
    from ..discover import ignored
    from ..parsers import formats_for
    from ..scan import collect_paths, evaluate
    from ._shared import finish, settings_from

    inv = invocation.of(args)
    settings = settings_from(args, inv.folder())

    def judged(name: str) -> bool:
        return bool(formats_for(Path(name).as_posix())) and not ignored(Path(name).as_posix(), settings) and inv.path(name).is_file()

    files = [inv.path(f) for f in args.files if judged(f)]
    if not files:
        return 0
    found = None if args.whole_files else _commit_changes(inv)
    if found is not None:
        # a file the commit does not change at all was asked for by name (`pre-commit run --all-files` or
        # --files): judged whole, or CI's `--all-files` run would check nothing
        changed = {path for _status, path, _old in found.entries} | found.untracked
        for f in files:
            rel = found.relative(str(f))
            if rel is not None and rel not in changed:
                found.whole.add(rel)
        # a file the change pulls in (a new `-r other.txt` line) is judged whole, staged or not
        passed = {f.resolve() for f in files}
        files += [p for p in (found.top / rel for rel in sorted(found.pulled)) if p.resolve() not in passed and judged(str(p))]
    collected = collect_paths(files, settings)
    if found is not None:
        from ..diff import config_changes, restrict_to_added_lines
        from ..report.escape import plain

        collected = restrict_to_added_lines(collected, found.base, inv.folder(), found, own_suppressions=True)
        for problem in config_changes(found, untracked=False):  # an untracked file is not in the commit
            print(f"depguard: note: {plain(problem.message.split(';')[0])}; this commit is checked with it, "
                  "a pull request's check uses its base's configuration", file=inv.stderr)
    report = evaluate(collected, settings)
    code = finish(report, args, settings)
    if code == 1:
        from ..model import Verdict
        from ..report.allowing import how_to_allow

        flagged = [(f.mention.key.ecosystem, f.mention.key.name) for f in report.findings
                   if f.verdict in (Verdict.MISSING, Verdict.SUSPICIOUS, Verdict.INVALID)]
        inv.stderr.write(how_to_allow(flagged, "pre-commit"))
    return code


def _commit_changes(inv: invocation.Invocation):
    """What the commit under way changes (:class:`depguard.diff.Changes` against ``PRE_COMMIT_FROM_REF`` or
    ``HEAD``); None outside a git repository and before its first commit (then every line is judged)."""
    from ..diff import changes_since
    from ..errors import ConfigError

    base = inv.environ.get("PRE_COMMIT_FROM_REF") or "HEAD"
    try:
        return changes_since(base, inv.folder())
    except ConfigError:  # not a repository, or no commit yet (or git failing): judge more, never less
        if base != "HEAD":
            raise  # a --from-ref that names no commit is the user's to fix, not a reason to judge less
        return None


# --- coding agents -------------------------------------------------------------------------------

def _standalone() -> bool:
    """Whether this process was started for this one hook run (not a ``depguard serve`` or a test calling
    :func:`depguard.cli.main`): only then may a run past its budget end the process without waiting."""
    return sys.argv[1:2] == ["hook"]


def agent_hook(args: argparse.Namespace) -> int:
    import os

    from ..hooks import Answer
    from ..hooks.budget import Budget, run_watched, run_within
    from ..hooks.hosts import HOSTS

    host = HOSTS[args.hook]
    if args.budget is not None and args.budget <= 0:
        from ..errors import ConfigError

        raise ConfigError("--budget: expected a positive number of seconds")
    budget = Budget(args.budget)
    inv = invocation.of(args)
    stop_event = False  # a Stop event is not a tool call: a failure there lets the turn end (no decision)

    def work() -> tuple[str, int]:
        nonlocal stop_event
        data = inv.read_stdin(MAX_EVENT_BYTES + 1)
        if len(data) > MAX_EVENT_BYTES:
            return host.render(Answer("deny", f"the hook event is larger than {MAX_EVENT_BYTES} bytes; depguard refuses "
                                              "to guess what it holds", checked=False))
        try:
            event = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            event = None
        stop_event = isinstance(event, dict) and event.get("hook_event_name") in ("Stop", "SubagentStop")
        return respond(host, event, args, budget)

    def fail(reason: str) -> tuple[str, int]:
        if stop_event:
            print(f"depguard: {reason}", file=inv.stderr)
            return "", 0
        return host.render(Answer("deny", reason, checked=False))

    def give_up(answer: tuple[str, int]) -> None:  # the watchdog's, at the budget: answer, end the process
        text, code = answer
        if text:
            inv.stdout.write(text)
            inv.stdout.flush()
        inv.stderr.flush()
        os._exit(code)  # the abandoned work (a registry that hangs) must not hold the answer back

    if _standalone():  # the work in this thread, under a watchdog: no threading module on the hook's path
        (text, code), finished = run_watched(work, budget.remaining(), fail, give_up, budget.seconds)
    else:  # a server or a test calling cli.main: the work in a thread the caller can leave behind
        (text, code), finished = run_within(work, budget.remaining(), fail, budget.seconds)
    if text:
        inv.stdout.write(text)
        inv.stdout.flush()
    if not finished and _standalone():
        inv.stderr.flush()
        os._exit(code)  # as before the watchdog: a failed hook run ends its process at once
    return code


def respond(host, event: Any, args: argparse.Namespace, budget) -> tuple[str, int]:
    """The host's answer (standard output, exit code) to one event."""
    from ..hooks import Answer, judge
    from ..hooks.hosts import HookInputError
    from ._shared import settings_from

    inv = invocation.of(args)
    if host.name == "claude-code" and isinstance(event, dict) and event.get("hook_event_name") in ("Stop", "SubagentStop"):
        from ..verify.stop_hook import handle_stop_event

        cwd = event.get("cwd")
        start = inv.path(cwd) if isinstance(cwd, str) and inv.path(cwd).is_dir() else inv.folder()
        answer = handle_stop_event(event, budget.clamp(settings_from(args, start)))
        return (json.dumps(answer, ensure_ascii=True) + "\n" if answer is not None else ""), 0
    try:
        action = host.action(event, inv.cwd)
    except HookInputError as exc:
        return host.render(Answer("deny", str(exc), checked=False))
    if action is None:
        return host.render(None)
    return host.render(judge(action, lambda: budget.clamp(settings_from(args, action.cwd)),
                             allow_unchecked=args.allow_unchecked))
