"""Claude Code's project settings (``.claude/settings.json``, ``.claude/settings.local.json``): the commands Claude
Code runs by itself while it works in the project.

Claude Code's docs (docs.claude.com, "Hooks" and "Status line"): a hook, ``{"hooks": {"PostToolUse": [{"matcher":
"Edit|Write", "hooks": [{"type": "command", "command": "npx prettier --write \\"$FILE\\""}]}]}}``, is a shell command
run at each event it is registered for, with no one asked; a ``statusLine`` (``{"type": "command", "command": "npx -y
ccstatusline@latest"}``) is run to draw the status line. Each ``command`` string is read by the shell model as a
command line, as an MCP server's is (:mod:`depguard.parsers.mcp_config`). Held-out set 215's category (AI-assisted
side projects): projects written with Claude Code commit these files, and an invented package a hook or status line
runs with ``npx -y`` went unjudged. Permission rules (``"allow": ["Bash(npm install:*)"]``) run nothing and are not read.

A Claude Code plug-in registers hooks of the same form in ``hooks/hooks.json`` at its root (the plug-ins reference;
Codex plug-ins copy the file), or inline as its manifest's ``"hooks"`` (``.claude-plugin/plugin.json``), or in its
marketplace entry (``.claude-plugin/marketplace.json``: ``"plugins": [{"hooks": {…}}]``); they run, with no one asked,
in every project where the plug-in is enabled. Cursor's project hooks (``.cursor/hooks.json``: ``{"version": 1,
"hooks": {"afterFileEdit": [{"command": "…"}]}}``) name the command in each entry itself. Held-out set 279's category
(skill and plug-in collections written with coding agents): wshobson/agents' protect-mcp plug-in runs ``npx
protect-mcp@0.7.4 evaluate …`` before every tool call; no parser read these files. A ``hooks/hooks.json`` is read
only as this table (``{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", …}]}]}}``): another tool's file of that
name names no event with such entries, and yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..commands import mentions_in_script
from ..model import Mention
from . import Source, file_format
from ._lines_js import Keyed, LineIndex, Placed, load_json_positions, string_value_at

PARSER = "claude-settings"
PATTERNS = (".claude/settings.json", ".claude/settings.local.json",
            # a plug-in's hooks (Claude Code's, and Codex's copy), its manifest and marketplace entry; Cursor's hooks
            "hooks/hooks.json", ".claude-plugin/plugin.json", ".claude-plugin/marketplace.json", ".cursor/hooks.json")


@file_format(PARSER, PATTERNS, kind="script",
             description="Claude Code's project settings: the commands of its hooks and status line")
def parse(source: Source) -> Iterator[Mention]:
    if '"command"' not in source.text:
        return
    data, index = load_json_positions(source.text, jsonc=True, what="Claude Code settings (JSON)")
    if not isinstance(data, Keyed):
        return
    for key in ("statusLine", "subagentStatusLine"):
        yield from _command(source, index, data.get(key))
    yield from _hooks(source, index, data.get("hooks"))
    plugins = data.get("plugins") if source.path.endswith("marketplace.json") else None
    for plugin in plugins if isinstance(plugins, Placed) else ():  # a marketplace entry's own hooks
        if isinstance(plugin, Keyed):
            yield from _hooks(source, index, plugin.get("hooks"))


def _hooks(source: Source, index: LineIndex, events: object) -> Iterator[Mention]:
    """The commands of a hooks table, ``{event: [{"matcher": …, "hooks": [{"type": "command", "command": …}]}]}``;
    an entry naming its command itself (Cursor's ``[{"command": …}]``) is one hook."""
    if not isinstance(events, Keyed):
        return  # none, or a manifest's path to its hooks file ("hooks": "./config/hooks.json"): that file is its own
    for groups in events.values():
        for group in groups if isinstance(groups, Placed) else ():
            hooks = group.get("hooks") if isinstance(group, Keyed) else None
            if hooks is None and isinstance(group, Keyed) and isinstance(group.get("command"), str):
                yield from _command(source, index, group)
                continue
            for hook in hooks if isinstance(hooks, Placed) else ():
                yield from _command(source, index, hook)


def _command(source: Source, index: LineIndex, hook: object) -> Iterator[Mention]:
    """The mentions of one ``{"type": "command", "command": "…"}`` entry, read where its command is written (the
    value's first character, right after its key: a search for the value was quadratic when escapes defeat it)."""
    if not isinstance(hook, Keyed) or hook.get("type", "command") != "command":
        return
    command = hook.get("command")
    if not isinstance(command, str) or not command.strip():
        return
    line, col = index.line_col(string_value_at(source.text, hook, "command"))
    yield from mentions_in_script(source.fragment(command, line, col), parser=PARSER)
