"""MCP client configurations in a project are commands a coding agent runs (issue 12, held-out set 63): each stdio
server's ``command`` and ``args`` are read by the shell model, so an unpublished server name is judged as an install
command is; before, no parser read ``.mcp.json`` or ``mcp.json`` (awslabs/mcp's Kiro powers, context7's plug-ins)."""

from __future__ import annotations

from depguard.parsers import Source
from depguard.parsers.mcp_config import parse

CLAUDE = """{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/Users/me/Desktop"
      ]
    },
    "mysql": {"args": ["awslabs.mysql-mcp-server@latest"], "command": "uvx", "env": {"AWS_REGION": "us-east-1"}},
    "github": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"]},
    "context7": {"type": "http", "url": "https://mcp.context7.com/mcp"},
    "local": {"command": "uv", "args": ["run", "--directory", "/path/to/server", "server.py"]},
    "inline": {"command": "npx -y mcp-weather-server-zq"}
  }
}
"""

VSCODE = """{
  // VS Code's workspace servers
  "servers": {
    "playwright": {"command": "npx", "args": ["@playwright/mcp@latest"]},
  }
}
"""


def _found(path: str, text: str) -> list[tuple[str, str, int, int]]:
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in parse(Source(path=path, text=text))]


def test_each_stdio_servers_command_line_is_read():
    got = _found(".mcp.json", CLAUDE)
    assert ("npm", "@modelcontextprotocol/server-filesystem", 7, 10) in got  # where the name is written
    assert ("pypi", "awslabs-mysql-mcp-server", 11, 25) in got
    assert any(eco == "docker" and "github-mcp-server" in name for eco, name, _, _ in got)
    assert ("npm", "mcp-weather-server-zq", 15, 35) in got
    assert {name for _, name, _, _ in got} <= {"@modelcontextprotocol/server-filesystem", "awslabs-mysql-mcp-server",
                                               "ghcr.io/github/github-mcp-server", "mcp-weather-server-zq"}


def test_vs_codes_servers_table_with_comments_is_read():
    assert [(eco, name) for eco, name, _, _ in _found(".vscode/mcp.json", VSCODE)] == [("npm", "@playwright/mcp")]


def test_another_json_named_so_without_servers_names_nothing():
    assert _found("mcp.json", '{"name": "x", "command": "npx left-pad"}') == []


def test_a_scan_judges_a_projects_mcp_servers(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {".mcp.json": '{"mcpServers": {"w": {"command": "npx", "args": ["-y", "mcp-weather-server-zq"]},'
                                  ' "p": {"command": "uvx", "args": ["requests"]}}}\n'})
    got = verdicts(tmp_path)
    assert got[(".mcp.json", "mcp-weather-server-zq")] == "missing"
    assert got[(".mcp.json", "requests")] == "ok"
