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


# An agent framework's own YAML configuration names the MCP servers it starts (held-out set 179: lastmile-ai/mcp-agent's
# mcp_agent.config.yaml, 40 of them, `mcp: servers: NAME: {command, args}`; fast-agent's fastagent.config.yaml has
# the same table, LibreChat's librechat.yaml a top-level `mcpServers:` mapping, Continue's config.yaml a
# `mcpServers:` list of {name, command, args}). mcp-agent's README told readers to `npm install -g g-search-mcp`, a
# name npm does not have, and its configs start it with `npx -y g-search-mcp`: no parser read the configs.
MCP_AGENT = """$schema: ../../schema/mcp-agent.config.schema.json
execution_engine: asyncio
logger:
  level: debug
  command: not-a-server

mcp:
  servers:
    # Fetch server for basic web retrieval
    fetch:
      command: "uvx"
      args: ["mcp-server-fetch"]
    g-search:
      command: "npx"
      args: ["-y", "g-search-mcp"]
    filesystem:
      command: npx
      args:
        - -y
        - "@modelcontextprotocol/server-filesystem"
        - .
    rentspider_api:
      command: "python3"
      args: ["rentspider_server.py"]
      env:
        API_KEY: "YOUR_API_KEY"
    inline:
      command: "npx -y mcp-weather-server-zq"
    remote:
      transport: sse
      url: http://localhost:8000/sse
"""

CONTINUE = """name: My MCP servers
version: 0.0.1
schema: v1
mcpServers:
  - name: SQLite
    command: npx
    args:
      - "-y"
      - "mcp-sqlite-zq"
"""

KUBERNETES = """apiVersion: v1
kind: Pod
spec:
  containers:
    - name: app
      image: busybox
      command: ["npx"]
      args: ["-y", "some-tool-zq"]
"""


def _found_yaml(path: str, text: str) -> list[tuple[str, str, int, int]]:
    from depguard.parsers import get_format

    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
            for m in get_format("mcp-config-yaml").parse(Source(path=path, text=text))]


def test_an_agent_frameworks_yaml_mcp_servers_are_read():
    got = _found_yaml("examples/usecases/mcp_realtor_agent/mcp_agent.config.yaml", MCP_AGENT)
    assert ("pypi", "mcp-server-fetch", 12, 15) in got  # where the name is written
    assert ("npm", "g-search-mcp", 15, 21) in got
    assert ("npm", "@modelcontextprotocol/server-filesystem", 20, 12) in got
    assert ("npm", "mcp-weather-server-zq", 28, 24) in got
    assert {name for _, name, _, _ in got} == {"mcp-server-fetch", "g-search-mcp", "@modelcontextprotocol/server-filesystem",
                                               "mcp-weather-server-zq"}  # a local python3 server, a URL: no name


def test_a_yaml_mcpservers_list_is_read():
    assert [(eco, name, line) for eco, name, line, _ in _found_yaml(".continue/config.yaml", CONTINUE)] == [
        ("npm", "mcp-sqlite-zq", 9)]


def test_other_yaml_with_command_and_args_names_nothing():
    assert _found_yaml("k8s/pod.yaml", KUBERNETES) == []
    assert _found_yaml("app.yaml", "servers:\n  a:\n    command: npx\n    args: [-y, some-tool-zq]\n") == []
    assert _found_yaml("broken.yaml", "mcp:\n  servers: [\n") == []


def test_a_yaml_command_folded_over_lines_is_read():
    # reviewer r28: a plain scalar continued on the next line (`command: npx` / `  -y g-search-mcpx`) is the one
    # command line `npx -y g-search-mcpx`, which the file's text never holds verbatim: it was a read problem (exit 3)
    got = _found_yaml("mcp_agent.config.yaml", "mcp:\n  servers:\n    search:\n      command: npx\n        -y g-search-mcpx\n")
    assert [(eco, name) for eco, name, _, _ in got] == [("npm", "g-search-mcpx")]

def test_a_scan_judges_the_mcp_servers_of_a_yaml_config(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {"agent/mcp_agent.config.yaml": "mcp:\n  servers:\n    w:\n      command: npx\n"
                                                    "      args: [\"-y\", \"mcp-weather-server-zq\"]\n"
                                                    "    p:\n      command: uvx\n      args: [requests]\n"})
    got = verdicts(tmp_path)
    assert got[("agent/mcp_agent.config.yaml", "mcp-weather-server-zq")] == "missing"  # an invented server: judged
    assert got[("agent/mcp_agent.config.yaml", "requests")] == "ok"


FAST_AGENT_TARGETS = """mcp:
  servers:
    fetch:
      target: "uvx mcp-server-fetch"
    filesystem:
      target: "npx -y @modelcontextprotocol/server-filesystem ."
    memory:
      target: "@modelcontextprotocol/server-memory"
      load_on_start: false
    invented:
      target: npx -y mcp-weather-server-zq
    remote:
      target: "https://api.example.com/mcp"
    local:
      target: "python3 server.py"
"""


def test_a_fast_agent_servers_target_shorthand_is_read():
    # held-out spot set 184: fast-agent's configurations name each server by one `target` string (its docs: "a pure
    # target string (URL/package/command only)"; src/fast_agent/mcp/connect_targets.py: a URL connects over HTTP, a
    # first word starting with @ is run with npx, any other is the command line), none of which was read: its
    # examples' `target: "npx -y @modelcontextprotocol/server-sequential-thinking"` and an invented name alike
    got = _found_yaml("examples/researcher/fast-agent.yaml", FAST_AGENT_TARGETS)
    assert sorted(got) == [("npm", "@modelcontextprotocol/server-filesystem", 6, 23),
                           ("npm", "@modelcontextprotocol/server-memory", 8, 16),
                           ("npm", "mcp-weather-server-zq", 11, 22),
                           ("pypi", "mcp-server-fetch", 4, 20)]  # a URL and a local python3 server: no name
    # a target beside a command is no shorthand (fast-agent refuses the pair); the command is what is read
    both = "mcp:\n  servers:\n    a:\n      command: npx\n      args: [-y, left-pad]\n      target: uvx other-zq\n"
    assert [name for _, name, _, _ in _found_yaml("fast-agent.yaml", both)] == ["left-pad"]



def test_an_mcp_client_configuration_shown_in_a_readme_is_read():
    # held-out set 184: every MCP server's README shows the client configuration to paste ("Add the following config
    # to your MCP client:" then a json block of mcpServers), chrome-devtools-mcp's among them; no parser read such a
    # block, so an invented server there (or in an answer) passed unjudged. A json block of other data is not one
    from depguard.text import mentions_in_text

    text = ("Add the following config to your MCP client:\n\n```json\n{\n  \"mcpServers\": {\n    \"devtools\": {\n"
            "      \"command\": \"npx\",\n      \"args\": [\"-y\", \"zqa-json-server@latest\"]\n    }\n  }\n}\n```\n\n"
            "VS Code:\n\n```json\n{\"servers\": {\"x\": {\"command\": \"uvx\", \"args\": [\"zqb-json-server\"]}}}\n```\n\n"
            "```json\n{\"servers\": [{\"host\": \"a\", \"command\": \"restart\"}]}\n```\n")
    found = sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column)
                   for m in mentions_in_text(Source(path="README.md", text=text)))
    assert found == [("npm", "zqa-json-server", 8, 23), ("pypi", "zqb-json-server", 17, 48)]


def test_vs_codes_user_settings_mcp_servers_are_read():
    # VS Code's settings.json form, shown in MCP servers' READMEs: {"mcp": {"servers": {...}}}
    text = '{\n  "mcp": {\n    "servers": {\n      "x": {"command": "npx", "args": ["-y", "zqa-settings-server"]}\n    }\n  }\n}\n'
    assert [(eco, name, line) for eco, name, line, _ in _found("mcp.json", text)] == [("npm", "zqa-settings-server", 4)]



# Held-out set 215: an AI engineering course project's Cursor quick-start guide (aie-onramp/treat-or-trick,
# cursor-notes/cursor-quickstart-guide-dec-2025.md) shows the shape of an MCP configuration with an entry named by a
# slot; its npx argument, a name npm does not have, was flagged missing (DG001).
GUIDE = """### Basic MCP Configuration

```json
{
  "mcpServers": {
    "server-name": {
      "command": "npx",
      "args": ["-y", "mcp-server-package"],
      "env": {"API_KEY": "your-api-key"}
    }
  }
}
```

```json
{"mcpServers": {"weather": {"command": "npx", "args": ["-y", "mcp-weather-server-zq"]},
                "demo": {"command": "npx", "args": ["-y", "mcp-demo-server-zq"]}}}
```
"""


def test_a_documents_server_entry_named_by_a_slot_is_a_template(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {"notes/guide.md": GUIDE,
                     ".mcp.json": '{"mcpServers": {"server-name": {"command": "npx", "args": ["-y", "mcp-own-zq"]}}}\n'})
    got = verdicts(tmp_path)
    assert got[("notes/guide.md", "mcp-server-package")] == "allowed"  # a note: the template's command
    # an entry named as a real one is (a one-word name, even a placeholder word), and the agent's own file is, judged
    assert got[("notes/guide.md", "mcp-weather-server-zq")] == "missing"
    assert got[("notes/guide.md", "mcp-demo-server-zq")] == "missing"
    assert got[(".mcp.json", "mcp-own-zq")] == "missing"


def test_a_slot_named_entrys_name_of_its_own_is_still_judged(tmp_path):
    # reviewer r32: the slot is the entry's label, not the package: a project's page telling its reader to add
    # `"my-server": {"command": "npx", "args": ["-y", "weather-mcp-invented-zq"]}` names what `npx -y` fetches, and a
    # name of its own that npm lacks is one anybody can register. Only a name of generic words (mcp-server-package)
    # or a placeholder is the template's
    from tests.test_docs_examples import verdicts, write

    own = ('{"mcpServers": {"my-server": {"command": "npx", "args": ["-y", "weather-mcp-invented-zq"]},\n'
           '  "your-server": {"command": "uvx", "args": ["invented-notes-mcp-zq"]},\n'
           '  "server-name": {"command": "npx", "args": ["-y", "mcp-server"]},\n'
           '  "example_server": {"command": "npx", "args": ["-y", "@your-org/mcp-server"]}}}\n')
    write(tmp_path, {"README.md": f"Add it:\n\n```json\n{own}```\n"})
    got = verdicts(tmp_path)
    assert got[("README.md", "weather-mcp-invented-zq")] == "missing"
    assert got[("README.md", "invented-notes-mcp-zq")] == "missing"
    assert got[("README.md", "mcp-server")] != "missing"  # generic words only: the template's (or registered)
    assert got[("README.md", "@your-org/mcp-server")] == "allowed"


def test_a_slot_named_entrys_scoped_name_of_the_templates_words_is_the_templates(tmp_path):
    # held-out set 279: kjnez/claude-code-django's README shows the configuration format as `"server-name": {"type":
    # "stdio", "command": "npx", "args": ["-y", "@anthropic/mcp-server-name"], "env": {"API_KEY": "${API_KEY}"}}` above
    # a table of the fields; the scope's word was taken for one of the name's own, so it was flagged missing (DG001)
    from tests.test_docs_examples import verdicts, write

    page = ('{"mcpServers": {"server-name": {"type": "stdio", "command": "npx",\n'
            '  "args": ["-y", "@anthropic/mcp-server-name"], "env": {"API_KEY": "${API_KEY}"}},\n'
            '  "my-server": {"command": "npx", "args": ["-y", "@anthropic/weather-mcp-invented-zq"]},\n'
            '  "jira": {"command": "npx", "args": ["-y", "@anthropic/mcp-jira-zq"]}}}\n')
    write(tmp_path, {"README.md": f"Configuration format:\n\n```json\n{page}```\n",
                     ".mcp.json": '{"mcpServers": {"server-name": {"command": "npx", '
                                  '"args": ["-y", "@anthropic/mcp-server-name"]}}}\n'})
    got = verdicts(tmp_path)
    assert got[("README.md", "@anthropic/mcp-server-name")] == "allowed"  # a note: the template's command
    # a scoped name with a word of its own under a slot, one under an entry named as a real one, and the agent's own
    # file are judged as written
    assert got[("README.md", "@anthropic/weather-mcp-invented-zq")] == "missing"
    assert got[("README.md", "@anthropic/mcp-jira-zq")] == "missing"
    assert got[(".mcp.json", "@anthropic/mcp-server-name")] == "missing"


def test_a_yaml_documents_server_entry_named_by_a_slot_is_a_template():
    from depguard.parsers import get_format

    text = "mcp:\n  servers:\n    my_server:\n      command: npx\n      args: [\"-y\", \"your-mcp-server\"]\n" \
           "    my_tool:\n      command: npx\n      args: [\"-y\", \"yaml-server-zq\"]\n" \
           "    search:\n      command: npx\n      args: [\"-y\", \"yaml-search-zq\"]\n"
    got = {m.key.name: m.example is not None for m in get_format("mcp-config-yaml").parse(Source(path="docs/agent.md",
                                                                                                 text=text))}
    # a name of its own under a slot label is judged as written (reviewer r32)
    assert got == {"your-mcp-server": True, "yaml-server-zq": False, "yaml-search-zq": False}
    own = get_format("mcp-config-yaml").parse(Source(path="mcp_agent.config.yaml", text=text))
    assert all(m.example is None for m in own)  # the framework's own configuration: run, judged as written


def test_an_agents_mcp_add_under_a_slot_in_a_document_is_a_template(tmp_path):
    # the command line form of the same template (AI-assistant notes in the code corpus: a Chinese MCP guide's
    # "claude mcp add server-name -- npx -y @package/server", others' "claude mcp add my-server -- …"): the agent's
    # `mcp add` names the server by a slot, and a command of the template's words is the template's
    from tests.test_docs_examples import verdicts, write

    page = ("```bash\nclaude mcp add server-name -- npx -y mcp-server-package\n"
            "claude mcp add server-name -e API_KEY=your-key -- npx -y @package/server\n"
            "claude mcp add my-server --scope user -- npx -y mcp-server-package-zq@latest\n"
            "claude mcp add my-server -- npx -y weather-mcp-invented-zq\n"
            "claude mcp add github -- npx -y mcp-server-packagez\n```\n")
    write(tmp_path, {"docs/mcp.md": page, "setup.sh": "claude mcp add server-name -- npx -y mcp-server-package\n"})
    got = verdicts(tmp_path)
    assert got[("docs/mcp.md", "mcp-server-package")] == "allowed"
    assert got[("docs/mcp.md", "@package/server")] == "allowed"
    # a word of its own under a slot, or a server named as a real one, is judged as written
    assert got[("docs/mcp.md", "mcp-server-package-zq@latest")] == "missing"
    assert got[("docs/mcp.md", "weather-mcp-invented-zq")] == "missing"
    assert got[("docs/mcp.md", "mcp-server-packagez")] == "missing"
    assert got[("setup.sh", "mcp-server-package")] == "missing"  # a script runs it: no document, no template


def test_only_the_nearest_mcp_add_names_the_server_of_a_command_on_a_line_of_several(tmp_path):
    # reviewer r32: every `mcp add` before a name spoke for it, so a later command's name of the template's words under
    # a server named as a real one (github) was noted by an earlier command's slot; and each name walked every `mcp
    # add` before it (a line of 100 took 2 s, of 1,000 hours: benchmarks/crafted_inputs.py times it)
    from tests.test_docs_examples import verdicts, write

    page = ("```bash\nclaude mcp add server-name -- npx -y left-pad; claude mcp add github -- npx -y mcp-server-package; "
            "claude mcp add my-server -- npx -y your-mcp-server\n```\n")
    write(tmp_path, {"docs/mcp.md": page})
    got = verdicts(tmp_path)
    assert got[("docs/mcp.md", "mcp-server-package")] == "missing"  # its own command names the server github
    assert got[("docs/mcp.md", "your-mcp-server")] == "allowed"


def test_gemini_clis_project_settings_servers_are_read(tmp_path):
    # Gemini CLI starts the `mcpServers` of a project's .gemini/settings.json (0disoft/studybuddy's and thousands more
    # in the code corpus: context7, playwright, desktop-commander …); Qwen Code, its fork, reads .qwen/settings.json.
    # Neither was read. Another folder's settings.json is no MCP configuration
    from tests.test_docs_examples import verdicts, write

    servers = '{{"theme": "Default", "mcpServers": {{"x": {{"command": "npx", "args": ["-y", "{}"]}}}}}}\n'
    write(tmp_path, {".gemini/settings.json": servers.format("gemini-mcp-invented-zq"),
                     ".qwen/settings.json": servers.format("qwen-mcp-invented-zq"),
                     ".qwen/settings.local.json": servers.format("qwen-local-invented-zq"),
                     "config/settings.json": servers.format("other-settings-zq")})
    got = verdicts(tmp_path)
    assert got[(".gemini/settings.json", "gemini-mcp-invented-zq")] == "missing"
    assert got[(".qwen/settings.json", "qwen-mcp-invented-zq")] == "missing"
    assert got[(".qwen/settings.local.json", "qwen-local-invented-zq")] == "missing"
    assert ("config/settings.json", "other-settings-zq") not in got


CODEX = """model = "o3"

[mcp_servers.invented]
command = "npx"
args = ["-y", "codex-mcp-invented-zq"]
env = { API_KEY = "x" }

[mcp_servers.python]
args = ["codex-uvx-invented-zq"]
command = "uvx"

[mcp_servers.remote]
url = "https://mcp.example.com/mcp"

[mcp_servers.quoted]
command = 'npx'
args = ['-y', "-y", 'codex-single-quoted-zq']
"""


def test_codex_clis_toml_servers_are_read(tmp_path):
    # Codex CLI's .codex/config.toml ([mcp_servers.NAME]: command and args), committed by thousands of projects in
    # the code corpus, and the same table in an MCP server's README ("Codex example:" then a toml block); neither
    # was read. A server reached over a URL runs nothing; another folder's config.toml is no Codex configuration
    from depguard.parsers import get_format
    from tests.test_docs_examples import verdicts, write

    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
           for m in get_format("mcp-config-toml").parse(Source(path=".codex/config.toml", text=CODEX))]
    assert got == [("npm", "codex-mcp-invented-zq", 5, 16), ("pypi", "codex-uvx-invented-zq", 9, 10),
                   ("npm", "codex-single-quoted-zq", 17, 22)]  # each argument found after the one before it
    readme = "Codex example:\n\n```toml\n[mcp_servers.warp]\ncommand = \"npx\"\nargs = [\"-y\", \"readme-mcp-zq\"]\n```\n"
    write(tmp_path, {".codex/config.toml": CODEX, "docs/config.toml": CODEX, "README.md": readme})
    found = verdicts(tmp_path)
    assert found[(".codex/config.toml", "codex-mcp-invented-zq")] == "missing"
    assert found[("README.md", "readme-mcp-zq")] == "missing"
    assert ("docs/config.toml", "codex-mcp-invented-zq") not in found


def test_zeds_context_servers_and_amps_workspace_servers_are_read(tmp_path):
    # Zed starts the `context_servers` of its settings (a project's .zed/settings.json), written {"command": "npx",
    # "args": [...]} or, in its first form, {"command": {"path": "npx", "args": [...]}}; Amp the `amp.mcpServers` of
    # its workspace settings (.amp/settings.json). MCP servers' pages show both (chakra-ui's and Clerk's MCP pages,
    # held-out set 244's category); neither was read. Another folder's settings.json is no client's configuration
    from tests.test_docs_examples import verdicts, write

    zed = ('{\n  "theme": "One Dark",\n  "context_servers": {\n    "a": {"source": "custom", "command": "npx", '
           '"args": ["-y", "zed-mcp-invented-zq"]},\n    "b": {"command": {"path": "npx", "args": ["-y", '
           '"zed-first-form-zq"], "env": {}}},\n    "c": {"url": "https://mcp.example.com/mcp"}\n  }\n}\n')
    amp = '{"amp.showCosts": false, "amp.mcpServers": {"x": {"command": "npx", "args": ["-y", "amp-mcp-invented-zq"]}}}\n'
    doc = ("Zed:\n\n```json\n" + zed + "```\n")
    write(tmp_path, {".zed/settings.json": zed, ".amp/settings.json": amp, "docs/zed.md": doc,
                     "config/settings.json": zed.replace("zed-", "other-")})
    got = verdicts(tmp_path)
    assert got[(".zed/settings.json", "zed-mcp-invented-zq")] == "missing"
    assert got[(".zed/settings.json", "zed-first-form-zq")] == "missing"
    assert got[(".amp/settings.json", "amp-mcp-invented-zq")] == "missing"
    assert got[("docs/zed.md", "zed-mcp-invented-zq")] == "missing"
    assert got[("docs/zed.md", "zed-first-form-zq")] == "missing"
    assert not any(name.startswith("other-") for _, name in got)


def test_zeds_first_form_is_placed_at_its_arguments():
    text = '{"context_servers": {\n  "b": {"command": {"path": "npx", "args": ["-y", "zed-placed-zq"]}},\n  "d": {"command": {"path": "npx -y zed-alone-zq"}}\n}}\n'
    assert _found(".zed/settings.json", text) == [("npm", "zed-placed-zq", 2, 52), ("npm", "zed-alone-zq", 3, 37)]


def test_a_block_titled_with_a_settings_file_no_format_reads_is_read_for_its_servers():
    # chakra-ui's MCP page (apps/www/content/docs/get-started/ai/mcp-server.mdx): ```json title=".config/zed/settings.json"
    # holding Zed's context_servers; a title naming a file no format reads left the block unread. Only a client's
    # server table is read so: Grafana's titled plugin.json ("dependencies": {"grafanaDependency": ">=11.0.0"},
    # grafana/plugin-tools' i18n guide) is no package.json
    from depguard.text import mentions_in_text

    text = ('```json title=".config/zed/settings.json"\n{\n  "context_servers": {\n    "x": {"source": "custom", '
            '"command": "npx", "args": ["-y", "zed-titled-zq"]}\n  }\n}\n```\n\n'
            '```json title="settings.json"\n{"mcp": {"servers": {"y": {"command": "npx", "args": ["vscode-titled-zq"]}}}}\n```\n\n'
            '```json title="src/plugin.json"\n{\n  "dependencies": {\n    "grafanaDependency": ">=11.0.0",\n'
            '    "plugins": []\n  }\n}\n```\n')
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(Source(path="docs/mcp.md", text=text)))
    assert found == [("vscode-titled-zq", 10), ("zed-titled-zq", 4)]


# Held-out set 279's category (skill and plug-in collections written with coding agents): a Claude Code plug-in's
# manifest (constellos/claude-code-plugins: `"mcpServers": {"next-devtools": {"command": "npx", "args": ["-y",
# "next-devtools-mcp@latest"]}}`), its root .mcp.json written as the server table itself (the plug-ins reference's
# `{"database-tools": {"command": …}}`), a marketplace entry's servers and a Gemini CLI extension's
# (browserbase's `"mcpServers": {"mcp-server-browserbase": {"command": "npx", "args": ["@browserbasehq/mcp"]}}`) start
# servers when the plug-in is enabled; none was read.
def test_a_coding_agents_plugins_servers_are_read():
    manifest = ('{\n  "name": "p",\n  "mcpServers": {\n    "devtools": {"command": "npx", "args": ["-y", '
                '"invented-devtools-mcp-zq@latest"]},\n    "local": {"command": "${CLAUDE_PLUGIN_ROOT}/servers/db"}\n  }\n}\n')
    assert _found("plugins/p/.claude-plugin/plugin.json", manifest) == [("npm", "invented-devtools-mcp-zq", 4, 52)]
    market = ('{"name": "m", "plugins": [{"name": "a", "source": "./a",\n'
              '  "mcpServers": {"s": {"command": "uvx", "args": ["invented-market-mcp-zq"]}}},\n'
              '  {"name": "b", "source": "./b", "mcpServers": "./b/.mcp.json"}]}\n')
    assert _found(".claude-plugin/marketplace.json", market) == [("pypi", "invented-market-mcp-zq", 2, 52)]
    extension = '{"name": "e", "mcpServers": {"e": {"command": "npx", "args": ["invented-gemini-ext-zq"]}}}\n'
    assert _found("gemini-extension.json", extension) == [("npm", "invented-gemini-ext-zq", 1, 64)]
    flat = '{"database-tools": {"command": "npx", "args": ["-y", "invented-flat-mcp-zq"]}}\n'
    assert _found("plugins/p/.mcp.json", flat) == [("npm", "invented-flat-mcp-zq", 1, 55)]
    # a manifest naming a file of its servers, a server's own entry alone, and a plug-ins table in another file name none
    assert _found(".claude-plugin/plugin.json", '{"name": "p", "mcpServers": "./.mcp.json", "command": "x"}\n') == []
    assert _found("server/.mcp.json", '{"command": "npx", "args": ["-y", "invented-own-entry-zq"]}\n') == []
    assert _found("mcp.json", market) == []


def test_a_command_written_otherwise_is_looked_for_just_after_its_key():
    # l38: a command written with a JSON escape (`node\u0020srv.js`) is never found as it parses, and was looked for
    # up to the text's end, a pass per server (32,000 servers 7.6 s; benchmarks/crafted_inputs.py). It is looked for
    # within VALUE_REACH of its key: the text read stays linear in the servers, each command still read
    from depguard.parsers import Source, get_format, mcp_config

    read: list[int] = []

    class Counting(str):
        def find(self, sub, start=0, end=None):
            read.append((len(self) if end is None else min(end, len(self))) - start)
            return str.find(self, sub, start, len(self) if end is None else end)

    n = 500
    text = '{"mcpServers": {' + ",".join(f'"s{i}": {{"command": "npx\\u0020-y zq-imagined-mcp-{i}"}}' for i in range(n)) + "}}"
    found = list(get_format("mcp-config").parse(Source(".mcp.json", Counting(text))))
    assert {m.key.name for m in found} >= {"zq-imagined-mcp-0", f"zq-imagined-mcp-{n - 1}"}
    assert read and sum(read) <= n * 2 * (mcp_config.VALUE_REACH + 60)  # ~12 M before
