"""The hook protocols of coding-agent hosts: their event JSON -> an :class:`~depguard.hooks.Action`, and an
:class:`~depguard.hooks.Answer` -> what the host reads back (standard output and exit code).

Claude Code — https://code.claude.com/docs/en/hooks (PreToolUse input and "PreToolUse decision control").
  Event: ``{"hook_event_name": "PreToolUse", "tool_name": "Bash"|"Write"|"Edit"|"MultiEdit"|"NotebookEdit",
  "tool_input": {...}, "cwd": ...}``. Answer (exit 0): ``{"hookSpecificOutput": {"hookEventName":
  "PreToolUse", "permissionDecision": "deny"|"ask", "permissionDecisionReason": "..."}}``; a deny reason is
  shown to Claude, an ask reason to the person.

OpenAI Codex CLI — https://developers.openai.com/codex/hooks (``hooks.json``, "PreToolUse").
  Same wire format as Claude Code: ``tool_name`` "Bash" (``tool_input.command``) for shell and unified exec
  calls, "apply_patch" (the patch text in ``tool_input.command``) for edits. Codex honours only
  ``permissionDecision: "deny"`` from PreToolUse (allow/ask are not supported), so what would be "ask"
  elsewhere is answered with a deny that says a person must run it.

Gemini CLI — https://geminicli.com/docs/hooks/reference ("BeforeTool"), tools in
  https://geminicli.com/docs/tools/shell and https://geminicli.com/docs/tools/file-system.
  Event: ``{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command"|"write_file"|"replace",
  "tool_input": {...}, "cwd": ...}`` (``run_shell_command`` runs in ``tool_input.directory``, relative to
  the project root). Answer (exit 0): ``{"decision": "deny", "reason": "..."}``; the reason goes to the
  agent; ``{}`` when depguard has nothing to say. BeforeTool has no "ask", so an unchecked name is
  answered with a deny.

Cursor — https://cursor.com/docs/agent/hooks (``.cursor/hooks.json``).
  ``beforeShellExecution``: ``{"command": ..., "cwd": ..., "workspace_roots": [...]}``; ``preToolUse``:
  ``{"tool_name": "Shell"|"Write"|"StrReplace"|"Edit", "tool_input": {...}}``. Answer (exit 0):
  ``{"permission": "deny"|"ask", "user_message": ..., "agent_message": ...}``; ``{}`` when depguard has
  nothing to say.

Nothing to say is never "allow": it leaves the host's own permission rules and prompts in charge.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path

from . import Action, Answer

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


class HookInputError(ValueError):
    """The event is not one this host sends (or not one depguard can read): answered with a deny."""


def _cwd(event: Mapping[str, Any], *more: Any, here: Path | None = None) -> Path:
    """The folder the event names (``cwd``, else the first of ``more`` that is a folder), read against
    ``here`` (the run's folder; None: this process's), else ``here``."""
    for value in (event.get("cwd"), *more):
        if isinstance(value, str) and value and "\x00" not in value:
            folder = Path(value) if here is None else here / value
            try:
                if folder.is_dir():
                    return folder
            except OSError:
                continue
    return Path.cwd() if here is None else here


def _command(tool_input: Any, tool: str) -> str:
    command = tool_input.get("command") if isinstance(tool_input, Mapping) else None
    if isinstance(command, list) and command and all(isinstance(w, str) for w in command):
        from ..guarding import argv_script

        return argv_script(command)
    if not isinstance(command, str):
        raise HookInputError(f"depguard could not read the command of this {tool} call; refusing to guess")
    return command


def _tool_input(event: Mapping[str, Any], tool: str) -> Mapping[str, Any]:
    tool_input = event.get("tool_input")
    if isinstance(tool_input, str):  # some hosts pass the arguments as a JSON string
        try:
            tool_input = json.loads(tool_input)
        except (ValueError, RecursionError):
            tool_input = None
    if not isinstance(tool_input, Mapping):
        raise HookInputError(f"depguard could not read the input of this {tool} call; refusing to guess")
    return tool_input


class Host(ABC):
    name = ""
    asks = True  # whether the protocol has an "ask" answer
    shell_tools: frozenset[str] = frozenset()
    edit_tools: Mapping[str, str] = {}  # tool name -> edit kind
    events = frozenset({"PreToolUse"})
    default_event = "PreToolUse"

    def action(self, event: Any, here: Path | None = None) -> Action | None:
        """The action this event is about (None: nothing depguard judges); HookInputError when unreadable.
        ``here``: the run's folder, which a relative or missing ``cwd`` of the event is read against."""
        if not isinstance(event, Mapping):
            raise HookInputError("depguard could not read the hook event (not a JSON object); refusing to guess")
        if event.get("hook_event_name", self.default_event) not in self.events:
            return None
        tool = event.get("tool_name")
        if tool is None:
            return None
        if not isinstance(tool, str):
            raise HookInputError("depguard could not read the tool name of this hook event; refusing to guess")
        if tool in self.shell_tools:
            tool_input = _tool_input(event, tool)
            return Action("command", self.command_cwd(event, tool_input, here), command=_command(tool_input, tool))
        if tool in self.edit_tools:
            tool_input = _tool_input(event, tool)
            return Action(self.edit_tools[tool], _cwd(event, here=here), tool_input=tool_input)
        return None

    def command_cwd(self, event: Mapping[str, Any], tool_input: Mapping[str, Any], here: Path | None = None) -> Path:
        return _cwd(event, here=here)

    def decision(self, answer: Answer) -> str:
        return answer.decision if self.asks else "deny"

    def reason(self, answer: Answer) -> str:
        if answer.decision == "ask" and not self.asks:
            return (answer.reason + f" ({self.name}'s hook protocol has no 'ask' answer, so depguard refuses; a person "
                                    "can still do this by hand.)")
        return answer.reason

    @abstractmethod
    def render(self, answer: Answer | None) -> tuple[str, int]:
        """The host's standard output and exit code for ``answer`` (None: no decision, the call goes on)."""


class ClaudeCode(Host):
    name = "claude-code"
    shell_tools = frozenset({"Bash"})
    edit_tools = {"Write": "write", "Edit": "edit", "MultiEdit": "multiedit", "NotebookEdit": "notebook"}

    def render(self, answer: Answer | None) -> tuple[str, int]:
        if answer is None:
            return "", 0
        out = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": self.decision(answer),
                                      "permissionDecisionReason": self.reason(answer)}}
        return json.dumps(out, ensure_ascii=True) + "\n", 0


class Codex(ClaudeCode):
    name = "codex"
    asks = False
    edit_tools = {"apply_patch": "patch", "Edit": "patch", "Write": "patch"}

    def action(self, event: Any, here: Path | None = None) -> Action | None:
        if isinstance(event, Mapping) and event.get("tool_name") == "Bash":
            # apply_patch can also arrive as a shell call: ``apply_patch <<'EOF' … EOF``
            tool_input = _tool_input(event, "Bash")
            command = tool_input.get("command")
            text = command if isinstance(command, str) else " ".join(w for w in command or () if isinstance(w, str))
            if "*** Begin Patch" in text:  # judged as an edit, and the command around it as a command
                return Action("command", _cwd(event, here=here), command=_command(tool_input, "Bash"),
                              tool_input={"patch": text[text.index("*** Begin Patch"):]})
        return super().action(event, here)


class Gemini(Host):
    name = "gemini"
    asks = False
    events = frozenset({"BeforeTool"})
    default_event = "BeforeTool"
    shell_tools = frozenset({"run_shell_command"})
    edit_tools = {"write_file": "write", "replace": "edit", "edit": "edit"}

    def command_cwd(self, event: Mapping[str, Any], tool_input: Mapping[str, Any], here: Path | None = None) -> Path:
        base = _cwd(event, here=here)
        sub = tool_input.get("directory") or tool_input.get("dir_path")
        if isinstance(sub, str) and sub and "\x00" not in sub:
            return _cwd({}, str(base / sub), here=here) if (base / sub).is_dir() else base
        return base

    def render(self, answer: Answer | None) -> tuple[str, int]:
        if answer is None:
            return "{}\n", 0  # stdout is parsed as JSON on exit 0: an empty object says nothing
        return json.dumps({"decision": self.decision(answer), "reason": self.reason(answer)}, ensure_ascii=True) + "\n", 0


class Cursor(Host):
    name = "cursor"
    events = frozenset({"beforeShellExecution", "preToolUse"})
    default_event = "beforeShellExecution"
    shell_tools = frozenset({"Shell", "Bash", "run_terminal_cmd"})
    edit_tools = {"Write": "write", "StrReplace": "edit", "Edit": "edit", "MultiEdit": "multiedit"}

    def action(self, event: Any, here: Path | None = None) -> Action | None:
        if isinstance(event, Mapping) and event.get("hook_event_name", self.default_event) == "beforeShellExecution":
            roots = event.get("workspace_roots")
            root = roots[0] if isinstance(roots, list) and roots else None
            return Action("command", _cwd(event, root, here=here), command=_command(event, "shell"))
        return super().action(event, here)

    def command_cwd(self, event: Mapping[str, Any], tool_input: Mapping[str, Any], here: Path | None = None) -> Path:
        roots = event.get("workspace_roots")
        return _cwd({"cwd": tool_input.get("cwd") or event.get("cwd")}, roots[0] if isinstance(roots, list) and roots else None,
                    here=here)

    def render(self, answer: Answer | None) -> tuple[str, int]:
        if answer is None:
            return "{}\n", 0
        out = {"permission": self.decision(answer), "user_message": self.reason(answer), "agent_message": self.reason(answer)}
        return json.dumps(out, ensure_ascii=True) + "\n", 0


HOSTS: dict[str, Host] = {h.name: h for h in (ClaudeCode(), Codex(), Gemini(), Cursor())}
