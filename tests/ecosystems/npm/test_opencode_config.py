"""OpenCode's opencode.json (held-out set 215's category, AI-assisted side projects): its npm plugins, its custom
providers' AI SDK packages and its local MCP servers' command lines are what OpenCode installs and runs when it starts
in the project; no parser read the file. The provider block is a hackathon entry's (006shido/Hackathena's
opencode.json: an Ollama provider reached through @ai-sdk/openai-compatible)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

CONFIG = """{
  "$schema": "https://opencode.ai/config.json",
  // npm plugins and a local one
  "plugin": ["opencode-wakatime", "@my-org/opencode-invented-zq@1.2.0", "./plugins/local.ts", "file:///x/y.js"],
  "provider": {
    "ollama": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Ollama (local)",
      "options": {"baseURL": "http://localhost:11434/v1"}
    }
  },
  "mcp": {
    "everything": {"type": "local", "command": ["npx", "-y", "mcp-everything-invented-zq"], "enabled": true},
    "remote": {"type": "remote", "url": "https://mcp.example.com/mcp"}
  },
  "formatter": {"md": {"command": ["npx", "formatter-invented-zq", "$FILE"], "extensions": [".md"]}}
}
"""


def _found(path: str, text: str) -> list[tuple[str, str, int, int, str | None]]:
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column, m.spec)
            for m in get_format("opencode-config").parse(Source(path=path, text=text))]


def test_opencodes_plugins_providers_and_local_servers_are_read():
    got = _found("opencode.json", CONFIG)
    assert ("npm", "opencode-wakatime", 4, 15, None) in got  # where the name is written
    assert ("npm", "@my-org/opencode-invented-zq", 4, 36, "1.2.0") in got
    assert ("npm", "@ai-sdk/openai-compatible", 7, 15, None) in got
    assert ("npm", "mcp-everything-invented-zq", 13, 63, None) in got
    assert ("npm", "formatter-invented-zq", 16, 44, None) in got
    assert {name for _, name, *_ in got} == {"opencode-wakatime", "@my-org/opencode-invented-zq",
                                              "@ai-sdk/openai-compatible", "mcp-everything-invented-zq",
                                              "formatter-invented-zq"}


def test_opencode_config_without_packages_names_nothing():
    assert _found("opencode.jsonc", '{"model": "anthropic/claude-sonnet-4", "permission": {"bash": "allow"}}') == []


def test_a_scan_judges_an_opencode_configs_packages(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {"opencode.json": '{"plugin": ["opencode-invented-plugin-zq"]}\n'})
    assert verdicts(tmp_path)[("opencode.json", "opencode-invented-plugin-zq")] == "missing"
