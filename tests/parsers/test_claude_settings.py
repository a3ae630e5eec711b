"""Claude Code's project settings (held-out set 215's category, AI-assisted side projects): the commands of its hooks
and status line are run by Claude Code itself, so an invented package one of them runs is judged as a script's; no
parser read the file. The shapes are Claude Code's documented ones (a format-on-edit hook, ccstatusline's status
line); permission rules run nothing."""

from __future__ import annotations

from depguard.parsers import Source, get_format

SETTINGS = """{
  "permissions": {"allow": ["Bash(npm install:*)", "Bash(npx invented-permission-zq:*)"]},
  "statusLine": {"type": "command", "command": "npx -y ccstatusline-invented-zq@latest"},
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [
          {"type": "command", "command": "npx prettier-invented-zq --write \\"$CLAUDE_FILE_PATHS\\""},
          {"type": "command", "command": "./scripts/lint.sh"}
        ]
      }
    ],
    "Stop": [{"hooks": [{"type": "command", "command": "uvx stop-hook-invented-zq"}]}],
    "Notification": [{"hooks": [{"type": "command", "command": "echo \\"done\\" && npx notify-invented-zq"}]}]
  }
}
"""


def _found(path: str, text: str) -> list[tuple[str, str, int, int]]:
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
            for m in get_format("claude-settings").parse(Source(path=path, text=text))]


def test_claude_codes_hook_and_status_line_commands_are_read():
    got = _found(".claude/settings.json", SETTINGS)
    assert ("npm", "ccstatusline-invented-zq", 3, 56) in got  # where the name is written
    assert ("npm", "prettier-invented-zq", 9, 47) in got  # the escaped quotes after it keep its place
    assert ("pypi", "stop-hook-invented-zq", 14, 61) in got
    # read from the value's start, decoded: a column after an escape is short by the escapes (86 in the file), as a
    # devcontainer command's (README)
    assert ("npm", "notify-invented-zq", 15, 84) in got
    assert {name for _, name, _, _ in got} == {"ccstatusline-invented-zq", "prettier-invented-zq",
                                                "stop-hook-invented-zq", "notify-invented-zq"}  # permissions run nothing


def test_a_scan_judges_claude_codes_local_settings(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {".claude/settings.local.json": SETTINGS, "config/settings.json": SETTINGS})
    got = verdicts(tmp_path)
    assert got[(".claude/settings.local.json", "prettier-invented-zq")] == "missing"
    assert (("config/settings.json", "prettier-invented-zq")) not in got  # another tool's settings.json


# Held-out set 279's category (skill and plug-in collections written with coding agents): a Claude Code plug-in's
# hooks/hooks.json (wshobson/agents' protect-mcp plug-in: `"PreToolUse": [{"matcher": ".*", "hooks": [{"type":
# "command", "command": "npx protect-mcp@0.7.4 evaluate --policy …"}]}]`), its manifest's and its marketplace entry's
# inline hooks, and Cursor's .cursor/hooks.json run commands with no one asked; none was read.
def test_a_coding_agents_plugins_and_cursors_hooks_are_read():
    hooks = ('{"description": "guard", "hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [\n'
             '  {"type": "command", "command": "npx invented-guard-zq@0.7.4 evaluate --tool \\"$TOOL_NAME\\""}]}]}}\n')
    assert _found("plugins/protect/hooks/hooks.json", hooks) == [("npm", "invented-guard-zq", 2, 39)]
    manifest = '{"name": "p", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "uvx invented-stop-zq"}]}]}}\n'
    assert _found(".claude-plugin/plugin.json", manifest) == [("pypi", "invented-stop-zq", 1, 81)]
    market = ('{"name": "m", "plugins": [{"name": "a", "hooks": {"SessionStart": [{"hooks": [{"type": "command",\n'
              '  "command": "npx -y invented-session-zq"}]}]}}, {"name": "b", "hooks": "./b/hooks.json"}]}\n')
    assert _found(".claude-plugin/marketplace.json", market) == [("npm", "invented-session-zq", 2, 22)]
    cursor = '{"version": 1, "hooks": {"afterFileEdit": [{"command": "npx -y invented-cursor-fmt-zq"}]}}\n'
    assert _found(".cursor/hooks.json", cursor) == [("npm", "invented-cursor-fmt-zq", 1, 64)]
    # a manifest naming its hooks file, and another tool's hooks.json of no such table, run nothing read here
    assert _found(".claude-plugin/plugin.json", '{"name": "p", "hooks": "./config/hooks.json", "command": 1}\n') == []
    assert _found("app/hooks/hooks.json", '{"hooks": ["useAuth", "useCart"], "command": "npx x"}\n') == []
