"""OpenCode's project configuration, ``opencode.json`` (or ``opencode.jsonc``) at a project's root: what the coding
agent installs and runs when it starts there.

OpenCode's docs (opencode.ai/docs/config, /plugins, /providers, /mcp-servers): ``"plugin": ["opencode-wakatime",
"@my-org/custom-plugin@1.2.0"]`` names npm packages OpenCode installs with its Bun at startup (a local file,
``./plugins/x.ts`` or ``file://…``, is no registry name); a custom provider's ``"npm": "@ai-sdk/openai-compatible"``
names the AI SDK package OpenCode installs to reach it; a local MCP server, ``"mcp": {"name": {"type": "local",
"command": ["npx", "-y", "@modelcontextprotocol/server-everything"]}}``, is a command line OpenCode runs (no shell:
each item is one word), read by the shell model as ``.mcp.json``'s servers are; a remote one (``"type": "remote"``,
a ``url``) runs nothing. A custom formatter's or language server's ``command`` (``"formatter": {"x": {"command":
["npx", "prettier", "--write", "$FILE"]}}``, ``"lsp": {…}``) is run the same way, on the files the agent edits.
Held-out set 215's category (AI-assisted side projects): thousands of repositories in the code
corpus commit an ``opencode.json`` (a hackathon entry's names ``@ai-sdk/openai-compatible`` for its Ollama
provider), and no parser read it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import mentions_in_script
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, LineIndex, Placed, exec_form, load_json_positions, string_value_at
from ._npm_specs import NON_REGISTRY_PROTOCOLS, split_descriptor

PARSER = "opencode-config"


@file_format(PARSER, ("opencode.json", "opencode.jsonc"), ecosystem="npm", kind="manifest",
             description="OpenCode's opencode.json: its npm plugins, providers' AI SDK packages and the commands it runs")
def parse(source: Source) -> Iterator[Mention]:
    if not any(key in source.text for key in ('"plugin"', '"npm"', '"command"')):
        return
    data, index = load_json_positions(source.text, jsonc=True, what="OpenCode configuration (JSON with comments)")
    if not isinstance(data, Keyed):
        return
    plugins = data.get("plugin")
    if isinstance(plugins, Placed):
        for entry, offset in zip(plugins, plugins.where):
            if isinstance(entry, str):
                yield from _package(source, index, entry, offset, "a plugin OpenCode installs at startup")
    providers = data.get("provider")
    if isinstance(providers, Keyed):
        for provider in providers.values():
            if isinstance(provider, Keyed) and isinstance(provider.get("npm"), str):
                yield from _package(source, index, provider["npm"], string_value_at(source.text, provider, "npm"),
                                    "the AI SDK package OpenCode installs for this provider")
    for table in ("mcp", "formatter", "lsp"):
        entries = data.get(table)
        if not isinstance(entries, Keyed):
            continue
        for entry in entries.values():
            command = entry.get("command") if isinstance(entry, Keyed) else None
            if (isinstance(command, Placed) and command and all(isinstance(w, str) for w in command)
                    and entry.get("type", "local") == "local"):
                yield from mentions_in_script(exec_form(source, index, command), parser=PARSER)


def _package(source: Source, index: LineIndex, entry: str, offset: int, note: str) -> Iterator[Mention]:
    entry = entry.strip()
    if not entry or entry.startswith(NON_REGISTRY_PROTOCOLS) or entry.startswith((".", "/", "~")):
        return  # a local file, a git or URL source: no registry name
    name, version = split_descriptor(entry)
    line, col = index.line_col(offset)
    yield source.mention("npm", name, line, col, Origin.MANIFEST, PARSER, spec=version or None, note=note)
