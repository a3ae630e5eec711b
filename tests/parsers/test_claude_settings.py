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
