"""depguard hook pre-commit|claude-code: entry points for tools that call depguard for you.

``pre-commit FILE…``: the hook of ``.pre-commit-hooks.yaml``. pre-commit passes the staged files (every text
file; depguard keeps those whose format it knows: manifests, lockfiles, scripts, Dockerfiles, workflows,
sources, Markdown), and the exit code is the scan's (0 clean, 1 flagged, 3 something not checked: every
non-zero code fails the commit).

``claude-code``: a Claude Code ``PreToolUse`` (and ``Stop``) command hook. It reads the event JSON from standard input;
for a ``Bash`` call whose command installs or runs packages it checks them and, when something is flagged
or could not be checked (fail closed, unless --allow-unchecked), answers with the hook protocol's deny
decision and the reasons, which Claude Code shows to the model. Anything else passes untouched: no output,
exit 0, and Claude Code's own permission rules and prompts apply as usual. For a ``Stop`` event it checks the
final answer's package names (and, when ``[tool.depguard.verify]`` enables it, its claims about the local
tree) and asks for one rewrite when something is flagged, never twice in a row
(:mod:`depguard.verify.stop_hook`).

The output follows the Claude Code hooks reference, "PreToolUse decision control"
(https://code.claude.com/docs/en/hooks#pretooluse-decision-control)::

    {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                            "permissionDecision": "deny",
                            "permissionDecisionReason": "..."}}

``permissionDecision`` is one of allow, deny, ask (and defer); a deny reason is shown to Claude, and exit
code 0 makes Claude Code read the JSON. depguard never answers "allow": that would skip the user's
permission prompt for the whole command, and a clean package list says nothing about the rest of it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ORDER = 60
HELP = "entry points for pre-commit and coding agents (pre-commit FILE…, claude-code)"
MAX_EVENT_BYTES = 4 * 1024 * 1024
SHELL_TOOLS = frozenset({"Bash"})


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p = sub.add_parser("hook", help=HELP, description=__doc__.split("\n\n")[0],
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    hooks = p.add_subparsers(dest="hook", metavar="HOOK", required=True)
    pc = hooks.add_parser("pre-commit", parents=[common], help="check the files pre-commit passes")
    pc.add_argument("files", nargs="*", metavar="FILE")
    cc = hooks.add_parser("claude-code", parents=[common],
                          help="Claude Code PreToolUse hook: deny Bash calls that install flagged packages")
    cc.add_argument("--allow-unchecked", action="store_true",
                    help="let a command through when a name could not be checked (default: deny)")
    return p


def run(args: argparse.Namespace) -> int:
    if args.hook == "pre-commit":
        return pre_commit(args)
    return claude_code(args)


# --- pre-commit ----------------------------------------------------------------------------------

def pre_commit(args: argparse.Namespace) -> int:
    from ..discover import ignored
    from ..parsers import formats_for
    from ..scan import collect_paths, evaluate
    from ._shared import finish, settings_from

    settings = settings_from(args, Path.cwd())
    files = [Path(f) for f in args.files
             if formats_for(Path(f).as_posix()) and not ignored(Path(f).as_posix(), settings) and Path(f).is_file()]
    if not files:
        return 0
    report = evaluate(collect_paths(files, settings), settings)
    return finish(report, args, settings)


# --- Claude Code ---------------------------------------------------------------------------------

def _deny(reason: str) -> dict[str, Any]:
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                   "permissionDecisionReason": reason}}


def respond(event: Any, args: argparse.Namespace) -> dict[str, Any] | None:
    """The hook's answer to one event: a deny decision, or None to let the call pass untouched."""
    from ..guarding import check_command
    from ..report.escape import plain
    from ._shared import settings_from

    if not isinstance(event, dict):
        return _deny("depguard could not read the hook event (not a JSON object); refusing to guess")
    if event.get("hook_event_name") in ("Stop", "SubagentStop"):
        from ..verify.stop_hook import handle_stop_event

        cwd = event.get("cwd")
        start = Path(cwd) if isinstance(cwd, str) and Path(cwd).is_dir() else Path.cwd()
        return handle_stop_event(event, settings_from(args, start))
    if event.get("hook_event_name", "PreToolUse") != "PreToolUse" or event.get("tool_name") not in SHELL_TOOLS:
        return None
    tool_input = event.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    if not isinstance(command, str):
        return _deny("depguard could not read the Bash command of this tool call; refusing to guess")
    cwd = event.get("cwd")
    start = Path(cwd) if isinstance(cwd, str) and Path(cwd).is_dir() else Path.cwd()
    settings = settings_from(args, start)
    if settings.deadline is None:
        settings = settings.with_(deadline=30.0)  # Claude Code's hook timeout is 60 s by default
    decision = check_command(command, settings, allow_unchecked=args.allow_unchecked)
    if not decision.blocked:
        return None
    lines = [plain(r) for r in decision.reasons[:20]]
    unchecked = any(f.verdict.value == "not-checked" for f in decision.report.findings)
    advice = ("Check the names (a typo? a package that does not exist?) and use the real package; names that "
              "could not be checked are refused because the registry did not answer." if unchecked else
              "Check the names (a typo? a package that does not exist?) and use the real package instead.")
    return _deny("depguard blocked this command: " + "; ".join(lines) + ". " + advice)


def claude_code(args: argparse.Namespace) -> int:
    data = sys.stdin.buffer.read(MAX_EVENT_BYTES + 1)
    try:
        event = json.loads(data.decode("utf-8")) if len(data) <= MAX_EVENT_BYTES else None
    except (UnicodeDecodeError, ValueError):
        event = None
    answer = respond(event, args)
    if answer is not None:
        sys.stdout.write(json.dumps(answer, ensure_ascii=True) + "\n")
        sys.stdout.flush()
    return 0
