"""MCP client configurations checked into a project (``.mcp.json``: Claude Code's project servers; ``mcp.json``:
Cursor's ``.cursor/mcp.json``, VS Code's ``.vscode/mcp.json``, Kiro's; ``claude_desktop_config.json``;
``mcp_config.json``: Windsurf's): each stdio server is a command the coding agent runs when it loads the project,
``{"command": "npx", "args": ["-y", "@scope/server"]}`` or ``"uvx"`` with a PyPI name, ``"docker"`` with an image.
The command and its arguments are read by the shell model as one command line (no shell runs it: each argument is
one word). Servers reached over HTTP (``"url"``) run nothing here; ``env`` values are settings.

Held-out set 63: awslabs/mcp's Kiro powers (``{"command": "uvx", "args": ["awslabs.mysql-mcp-server@latest"]}``) and
context7's agent plug-ins ship such files; no parser read them. Gemini CLI reads the same ``mcpServers`` table from a
project's ``.gemini/settings.json`` (Qwen Code, its fork, from ``.qwen/settings.json`` and ``.qwen/settings.local.json``)
and starts those servers when it runs there: small projects written with it commit the file (thousands of repositories
in the code corpus; held-out set 215's category, AI-assisted side projects), and it was not read.

OpenAI's Codex CLI keeps its servers in TOML, a project's ``.codex/config.toml``: ``[mcp_servers.NAME]`` tables with
``command = "npx"`` and ``args = ["-y", "x"]`` (a ``url`` server runs nothing); MCP servers' READMEs show the same
table in a ``toml`` block ("Codex example:"). Thousands of repositories in the code corpus commit a
``.codex/config.toml``; its servers were not read.

Zed keeps them in its settings (a project's ``.zed/settings.json``) as ``context_servers``: ``{"command": "npx",
"args": [...]}``, or in its first form ``{"command": {"path": "npx", "args": [...]}}``; Amp in its workspace settings
(``.amp/settings.json``) as ``amp.mcpServers``. MCP servers' READMEs show both beside the ``mcpServers`` block
(chakra-ui's and Clerk's MCP pages); neither was read (held-out set 244's category, agent-written JS/TS projects).

Coding agents' plug-ins start servers of their own when they are enabled: a Claude Code plug-in names them in its
manifest ``.claude-plugin/plugin.json`` (``"mcpServers": {…}``, or a path to a file of them) or in a ``.mcp.json`` at
its root, which the plug-ins reference writes as the server table itself (``{"database-tools": {"command": …}}``, no
``mcpServers`` around it); a marketplace's ``.claude-plugin/marketplace.json`` may define a plug-in's servers in its
entry (``"plugins": [{"name": …, "mcpServers": {…}}]``); a Gemini CLI extension in its ``gemini-extension.json``
(``"mcpServers": {…}``). Held-out set 279's category (repositories created in 2026 with coding agents: skill and
plug-in collections): constellos/claude-code-plugins' manifests start ``npx -y next-devtools-mcp@latest``,
browserbase's extension ``npx @browserbasehq/mcp``, mogharsallah/nyngi-web-app's root ``.mcp.json`` ``bunx -y
mcp-remote``; none was read.

Agent frameworks keep the same entries in YAML configurations of their own, under any file name: mcp-agent's
``mcp_agent.config.yaml`` and fast-agent's ``fastagent.config.yaml`` (``mcp: servers: NAME: {command, args}``),
LibreChat's ``librechat.yaml`` (a top-level ``mcpServers:`` mapping), Continue's ``config.yaml`` (an ``mcpServers:``
list of ``{name, command, args}``). A YAML file is read only when it has one of these two tables at its top level
(a Kubernetes container's ``command``/``args`` are no MCP server). Held-out set 179: mcp-agent's 40 configurations,
which start ``npx -y g-search-mcp``, a name npm does not have; no parser read them.

fast-agent's configurations may name a server by one ``target`` string instead of ``command``/``args`` (its docs: "a
pure target string (URL/package/command only)"; ``fast_agent/mcp/connect_targets.py``: an ``http(s)://`` URL is
reached over HTTP, a first word starting with ``@`` is run with ``npx``, any other target is the command line).
Held-out spot set 184: fast-agent's examples' ``target: "npx -y @modelcontextprotocol/server-sequential-thinking"``
were not read.

A configuration shown in a document whose server entry is named by a slot (``"server-name": {"command": "npx",
"args": ["-y", "mcp-server-package"]}``, ``my-server``, ``example-server``: :func:`depguard.examples.slot_label`) is
a template of the reader's own entry: a name of the template's words in its command (``mcp-server-package``, a
placeholder: :func:`depguard.examples.slot_filler`) is the template's too, so a missing or invalid one is a note (an
:class:`~depguard.model.Example`), as ``npx -y your-package`` is. A name with a word of its own (``"my-server":
{"command": "npx", "args": ["-y", "weather-mcp-invented"]}``) is the package the page tells its reader to run, judged
as written (reviewer r32). Held-out set 215: an AI engineering course
project's Cursor quick-start guide (aie-onramp/treat-or-trick, cursor-notes/cursor-quickstart-guide-dec-2025.md) shows
"Basic MCP Configuration" so, and the ``"server-name": {`` entries of ten more public guides and agent notes start
``package``, ``<package-name>``, ``package-name``, ``mcp-server`` or ``@modelcontextprotocol/server-name``. A one-word
name (``test``, ``demo``) is no slot, an entry named otherwise (``"github": {…}``) stays judged, and only in
documents: a project's own ``.mcp.json`` is loaded and run by the agent, whatever its entry is called.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Iterator
from pathlib import PurePosixPath

from ..commands import mentions_in_script
from ..errors import ParseError
from ..model import Example, Mention
from . import Source, file_format
from ._lines_js import Keyed, LineIndex, Placed, exec_form, load_json_positions, load_yaml_positions

PARSER = "mcp-config"
# Gemini CLI's project settings (and Qwen Code's, its fork) hold the same `mcpServers` table beside other settings
PATTERNS = (".mcp.json", "mcp.json", "claude_desktop_config.json", "mcp_config.json", ".gemini/settings.json",
            ".qwen/settings.json", ".qwen/settings.local.json", ".zed/settings.json", ".amp/settings.json",
            ".amp/settings.jsonc",
            # coding agents' plug-ins: a Claude Code plug-in's manifest and its marketplace's, a Gemini CLI extension's
            ".claude-plugin/plugin.json", ".claude-plugin/marketplace.json", "gemini-extension.json")
# Claude, Cursor, Windsurf, Kiro: mcpServers; VS Code: servers; Zed: context_servers; Amp: amp.mcpServers
SERVER_TABLES = ("mcpServers", "servers", "context_servers", "amp.mcpServers")
# how far after its key a command or target is looked for as written: one written otherwise (a JSON escape) was looked
# for up to the text's end, a pass per server (quadratic: 32,000 servers 7.6 s; l38)
VALUE_REACH = 256
# the keys of a server entry itself: a file holding one at its top level is no table of servers (a server's own file)
SERVER_KEYS = ("command", "args", "url", "type", "target")
# a YAML configuration's server table at its top level: `mcpServers:` or `mcp:` (whose `servers:` holds them)
YAML_TABLE = re.compile(r"^(?:mcpServers|mcp)[ \t]*:", re.MULTILINE)
URL_TARGET = re.compile(r"[ \t]*https?://", re.IGNORECASE)


@file_format("mcp-config", PATTERNS, kind="script",
             description="MCP client configuration: the command and arguments of each stdio server")
def parse(source: Source) -> Iterator[Mention]:
    if '"command"' not in source.text:
        return
    data, index = load_json_positions(source.text, jsonc=True, what="MCP configuration (JSON with comments)")
    if not isinstance(data, Keyed):
        return
    nested = data.get("mcp")  # VS Code's settings.json: {"mcp": {"servers": {...}}}
    tables = []
    for table in SERVER_TABLES:
        servers = data.get(table)
        if servers is None and table == "servers" and isinstance(nested, Keyed):
            servers = nested.get("servers")
        if isinstance(servers, Keyed):
            tables.append(servers)
    plugins = data.get("plugins") if source.path.endswith("marketplace.json") else None
    for plugin in plugins if isinstance(plugins, Placed) else ():  # a marketplace's entries, each a plug-in's own table
        servers = plugin.get("mcpServers") if isinstance(plugin, Keyed) else None
        if isinstance(servers, Keyed):
            tables.append(servers)
    if not tables and PurePosixPath(source.path).name == ".mcp.json" and not any(key in data for key in SERVER_KEYS):
        tables.append(data)  # a plug-in's .mcp.json written as the server table itself: {"name": {"command": …}}
    for servers in tables:
        for label, server in servers.items():
            if isinstance(server, Keyed):
                yield from _entry(source, index, server, label)


@file_format("mcp-config-yaml", ("*.yml", "*.yaml"), kind="script",
             description="an agent framework's YAML configuration: the command and arguments of each MCP stdio server")
def parse_yaml(source: Source) -> Iterator[Mention]:
    if ("command" not in source.text and "target" not in source.text) or not YAML_TABLE.search(source.text):
        return
    try:
        data, index = load_yaml_positions(source.text)
    except (ParseError, ValueError, RecursionError):
        return  # no single YAML document: no configuration of this shape
    if not isinstance(data, Keyed):
        return
    mcp = data.get("mcp")
    for servers in (data.get("mcpServers"), mcp.get("servers") if isinstance(mcp, Keyed) else None):
        entries = (servers.items() if isinstance(servers, Keyed)
                   else ((s.get("name") if isinstance(s, Keyed) else None, s) for s in servers)
                   if isinstance(servers, Placed) else ())  # Continue's list names each server by its `name`
        for label, server in entries:
            if isinstance(server, Keyed):
                yield from _entry(source, index, server, label)


# the words a server's package name shares with any other's: a name of these only is the template's (mcp-server-package)
GENERIC = ("mcp",)
TEMPLATE = Example("a server entry named by a slot (such as server-name) in an MCP configuration shown in a document: "
                   "a template of the reader's own entry, its command written to be replaced")


def _entry(source: Source, index: LineIndex, server: Keyed, label: object) -> Iterator[Mention]:
    """The mentions of one server entry; in a document, those of an entry named by a slot are a template's."""
    yield from _template(source, _server(source, index, server), label)


def _template(source: Source, mentions: Iterable[Mention], label: object) -> Iterator[Mention]:
    """``mentions`` of one server entry named ``label``; in a document, those of an entry named by a slot are a
    template's."""
    from ..examples import slot_filler, slot_label
    from ..project import docs_path
    from ..records import replace

    if isinstance(label, str) and docs_path(source.path) and slot_label(label):
        # only a name of the template's words (mcp-server-package): one of its own is what the page runs (reviewer r32)
        mentions = (replace(m, example=TEMPLATE) if m.example is None and slot_filler(m.key.name, label, GENERIC) else m
                    for m in mentions)
    yield from mentions


@file_format("mcp-config-toml", (".codex/config.toml",), kind="script",
             description="Codex CLI's .codex/config.toml: the command and arguments of each [mcp_servers.NAME]")
def parse_toml(source: Source) -> Iterator[Mention]:
    if "mcp_servers" not in source.text:
        return
    from ._util import TomlLines, load_toml

    try:
        data = load_toml(source.text)
    except ParseError:
        return  # a template or another TOML dialect: nothing this parser can place
    servers = data.get("mcp_servers")
    if not isinstance(servers, dict):
        return
    index = LineIndex(source.text)
    tables = {}  # each table's header path -> its body's offsets: one pass (a lookup per server was quadratic)
    for sec in TomlLines(source.text).sections:
        if sec.start and not sec.array and sec.path not in tables:
            tables[sec.path] = (index.starts[sec.start] if sec.start < len(index.starts) else len(source.text),
                                index.starts[sec.end] if sec.end < len(index.starts) else len(source.text))
    for label, server in servers.items():
        command, args = (server.get("command"), server.get("args", [])) if isinstance(server, dict) else (None, None)
        body = tables.get(("mcp_servers", label))
        if (body is None or not isinstance(command, str) or not command.strip() or not isinstance(args, list)
                or not all(isinstance(a, str) for a in args)):
            continue  # no stdio server, or one written as an inline table: nothing placed, nothing said
        offsets = _toml_argv(source.text, body, command, args)
        if offsets is None:
            continue  # a layout (escapes, dotted keys) this reader does not place: nothing said
        argv = Placed()
        argv.extend([command, *args])
        argv.where = offsets
        if offsets != sorted(offsets):  # args written before command: the command line at its first argument
            line, col = index.line_col(offsets[1])
            text = " ".join(shlex.quote(w) for w in argv)
            fragment = source.fragment(text, line, max(col - len(shlex.quote(command)) - 1, 1))
        else:
            fragment = exec_form(source, index, argv)
        mentions = mentions_in_script(fragment, parser="mcp-config-toml")
        yield from _template(source, mentions, label)


TOML_COMMAND = re.compile(r"^[ \t]*command[ \t]*=[ \t]*[\"']", re.M)
TOML_ARGS = re.compile(r"^[ \t]*args[ \t]*=[ \t]*\[", re.M)


def _toml_argv(text: str, body: tuple[int, int], command: str, args: list[str]) -> list[int] | None:
    """The offsets of a ``[mcp_servers.x]`` table's command string and of each ``args`` string in turn (inside their
    quotes), found in the table's body ``(start, end)`` only, or None when one is not written as read."""
    start, end = body
    found = TOML_COMMAND.search(text, start, end)
    if found is None or not text.startswith(command, found.end()):
        return None
    out = [found.end()]
    if not args:
        return out
    listed = TOML_ARGS.search(text, start, end)
    if listed is None:
        return None
    at = listed.end()
    for arg in args:
        at = _quoted(text, arg, at, end)
        if at < 0:
            return None
        out.append(at)
        at += len(arg) + 1
    return out


def _quoted(text: str, word: str, start: int, end: int) -> int:
    """The offset of the next ``"word"`` or ``'word'`` in ``text[start:end]`` (inside its quotes), or -1; one forward
    scan (a search per quote kind reread the rest of the table for each argument)."""
    at = start
    while True:
        at = text.find(word, at + 1, end) if word else -1
        if at < 0:
            return -1
        if text[at - 1] in "\"'" and at + len(word) < len(text) and text[at + len(word)] == text[at - 1]:
            return at


def _target(source: Source, index: LineIndex, server: Keyed) -> Iterator[Mention]:
    """fast-agent's ``target`` shorthand: a URL runs nothing, ``@scope/pkg …`` runs with npx, else a command line."""
    target = server.get("target")
    if not isinstance(target, str) or not target.strip() or URL_TARGET.match(target):
        return
    after = server.where["target"] + len("target")
    at = source.text.find(target, after, after + VALUE_REACH + len(target))
    at = at if at >= 0 else after
    line, col = index.line_col(at)
    runner = "npx " if target.lstrip().startswith("@") else ""
    yield from mentions_in_script(source.fragment(runner + target, line, max(col - len(runner), 1)), parser=PARSER)


def _server(source: Source, index: LineIndex, server: Keyed) -> Iterator[Mention]:
    command, args = server.get("command"), server.get("args", [])
    key = "command"
    if isinstance(command, Keyed) and "path" in command:  # Zed's first form: "command": {"path": "npx", "args": [...]}
        server, key = command, "path"
        command, args = server.get("path"), server.get("args", [])
    if command is None and "url" not in server:
        yield from _target(source, index, server)
        return
    if not isinstance(command, str) or not command.strip():
        return
    if not isinstance(args, Placed) or not all(isinstance(a, str) for a in args):
        args = Placed()
    if not args:  # the command alone ("command": "npx -y @scope/server" is a whole command line in some clients)
        after = server.where[key] + len(key)  # the value is written after its key (quoted or not)
        at = source.text.find(command, after, after + VALUE_REACH + len(command))
        if at < 0:  # a JSON string written with escapes: its text starts after the next quote; a YAML scalar folded
            # over lines (`command: npx` then `  -y server` below it) has no quote: placed after its key (reviewer r28:
            # str.index raised, the file was a read problem and its servers unread)
            quote = source.text.find('"', after + 1, after + VALUE_REACH)
            at = quote + 1 if quote >= 0 else after
        line, col = index.line_col(at)
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
