"""MCP client configurations checked into a project (``.mcp.json``: Claude Code's project servers; ``mcp.json``:
Cursor's ``.cursor/mcp.json``, VS Code's ``.vscode/mcp.json``, Kiro's; ``claude_desktop_config.json``;
``mcp_config.json``: Windsurf's): each stdio server is a command the coding agent runs when it loads the project,
``{"command": "npx", "args": ["-y", "@scope/server"]}`` or ``"uvx"`` with a PyPI name, ``"docker"`` with an image.
The command and its arguments are read by the shell model as one command line (no shell runs it: each argument is
one word). Servers reached over HTTP (``"url"``) run nothing here; ``env`` values are settings.

Held-out set 63: awslabs/mcp's Kiro powers (``{"command": "uvx", "args": ["awslabs.mysql-mcp-server@latest"]}``) and
context7's agent plug-ins ship such files; no parser read them.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator

from ..commands import mentions_in_script
from ..model import Mention
from . import Source, file_format
from ._lines_js import Keyed, LineIndex, Placed, exec_form, load_json_positions

PARSER = "mcp-config"
PATTERNS = (".mcp.json", "mcp.json", "claude_desktop_config.json", "mcp_config.json")
SERVER_TABLES = ("mcpServers", "servers")  # Claude, Cursor, Windsurf, Kiro: mcpServers; VS Code: servers


@file_format("mcp-config", PATTERNS, kind="script",
             description="MCP client configuration: the command and arguments of each stdio server")
def parse(source: Source) -> Iterator[Mention]:
    if '"command"' not in source.text:
        return
    data, index = load_json_positions(source.text, jsonc=True, what="MCP configuration (JSON with comments)")
    if not isinstance(data, Keyed):
        return
    for table in SERVER_TABLES:
        servers = data.get(table)
        if not isinstance(servers, Keyed):
            continue
        for server in servers.values():
            if isinstance(server, Keyed):
                yield from _server(source, index, server)


def _server(source: Source, index: LineIndex, server: Keyed) -> Iterator[Mention]:
    command, args = server.get("command"), server.get("args", [])
    if not isinstance(command, str) or not command.strip():
        return
    if not isinstance(args, Placed) or not all(isinstance(a, str) for a in args):
        args = Placed()
    if not args:  # the command alone ("command": "npx -y @scope/server" is a whole command line in some clients)
        line, col = index.line_col(source.text.index('"', server.where["command"] + len("command") + 1) + 1)
        yield from mentions_in_script(source.fragment(command, line, col), parser=PARSER)
        return
    line_text = exec_form(source, index, args)  # the arguments where they are written
    word = shlex.quote(command) + " "
    lead = len(line_text.text) - len(line_text.text.lstrip(" "))
    if lead >= len(word):  # the command in the indentation before the first argument: columns stay exact
        text = " " * (lead - len(word)) + word + line_text.text[lead:]
        yield from mentions_in_script(source.fragment(text, line_text.line_offset - source.line_offset + 1,
                                                      line_text.column_offset + 1), parser=PARSER)
    else:
        first = index.line_col(args.where[0])
        text = word + " ".join(shlex.quote(a) for a in args)
        yield from mentions_in_script(source.fragment(text, first[0], max(first[1] - len(word), 1)), parser=PARSER)
