"""depguard mcp: depguard's checks as an MCP server on standard input/output."""

from __future__ import annotations

import argparse

ORDER = 95
HELP = "serve depguard's checks to MCP hosts (Claude Desktop, Claude Code, Cursor, …) over stdio"
DESCRIPTION = """\
Run an MCP server (stdio transport) with three tools: check_packages (names, with an ecosystem),
check_text (an answer or snippet) and scan_path (a file or folder, summarised). Each returns the status
(flagged, not-checked, clean, nothing-to-check) and, per name, the verdict, rule, reasons and suggestion.
A name that could not be checked is never reported as a pass.

The host starts this command; settings come from its working directory (.depguard.toml, DEPGUARD_*).
Needs the MCP Python SDK beside depguard:
  pipx inject depguard-names "mcp>=1.25,<3"
"""
EPILOG = """\
example host configuration (.mcp.json of Claude Code, claude_desktop_config.json, .cursor/mcp.json):
  {"mcpServers": {"depguard": {"command": "depguard", "args": ["mcp"]}}}
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    return sub.add_parser("mcp", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                          formatter_class=HelpFormatter)


def run(args: argparse.Namespace) -> int:
    from ..mcp_server import serve_stdio

    serve_stdio()
    return 0
