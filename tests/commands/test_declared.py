"""The shell model's ecosystem facts come from the ``[commands]`` tables of the ecosystems (depguard/commands/
declared.py): which tools install from which registry, runners, code options, placeholders and how a line sends
installs to another index. A new ecosystem's runner is one table; a bad table names its file and key."""

from __future__ import annotations

import pytest

from depguard.commands import _analysis, analyze, declared
from depguard.commands.declared import index_ecosystem, read_tables, runner_options, tool
from depguard.errors import ConfigError


def test_every_declared_pattern_compiles():
    for facts in declared.declared().ecosystems.values():
        for pattern in (facts.index_env, facts.index_option_pattern, facts.no_index_env, facts.public_index):
            if pattern is not None:
                pattern.compiled()  # re.error names nothing: the test names the ecosystem
    for facts in declared.declared().tools.values():
        if facts.listed_sources is not None:
            facts.listed_sources.compiled()
    assert declared.ecosystem("pypi") is not None


def test_the_ecosystems_declare_their_tools():
    assert [index_ecosystem(t) for t in ("pip", "uvx", "npx", "bundle", "dotnet", "go", "hatch", "make")] == [
        "pypi", "pypi", "npm", "rubygems", "nuget", "go", None, None]
    corepack = tool("corepack")
    assert corepack is not None and corepack.runs_tools and "pnpm" in (corepack.runs or ())
    uv = tool("uv")
    assert uv is not None and "--python" in runner_options(uv)  # uv's runner options are its grammar's
    assert declared.declared().script_installs["setup.py"].ecosystem == "pypi"


def test_a_runner_another_ecosystem_declares_runs_its_command_with_no_engine_edit(monkeypatch):
    assert not analyze("taskx run -p dev pip install rich").installs
    facts = read_tables([("x", {"tools": {"taskx": {"runs": ["run"], "run_options": ["-p"]}}}, "x/ecosystem.toml: commands")])
    monkeypatch.setitem(declared._TOOLS, "taskx", facts.tools["taskx"])
    monkeypatch.setattr(_analysis, "_RUNNERS", {})
    assert [t.name for t in analyze("taskx run -p dev pip install rich").installs] == ["rich"]


@pytest.mark.parametrize("table, says", [
    ([], "commands: expected a table"),
    ({"colour": 1}, "commands: unknown key 'colour'"),
    ({"tools": {"t": {"runs": "run"}}}, r"commands.tools.t.runs: expected a list of strings"),
    ({"tools": {"t": {"index": "yes"}}}, r"commands.tools.t.index: expected true or false"),
    ({"tools": {"t": {"config_set": {"registry": 1}}}}, r"commands.tools.t.config_set.registry: expected a string"),
    ({"tools": {"t": {"bogus": 1}}}, r"commands.tools.t: unknown key 'bogus'"),
    ({"script_installs": [{"script": "setup.py", "words": ["install"]}]},
     r"commands.script_installs\[0\].manifests: expected a list"),
])
def test_a_bad_commands_table_is_an_error_naming_file_and_key(table, says):
    with pytest.raises(ConfigError, match=f"^x/ecosystem.toml: {says}"):
        read_tables([("x", table, "x/ecosystem.toml: commands")])


def test_a_tool_two_ecosystems_declare_is_an_error():
    with pytest.raises(ConfigError, match="y/ecosystem.toml: commands.tools.pip: the tool is declared by x too"):
        read_tables([("x", {"tools": {"pip": {}}}, "x/ecosystem.toml: commands"),
                     ("y", {"tools": {"pip": {}}}, "y/ecosystem.toml: commands")])


def test_a_tool_is_read_when_first_asked_as_the_whole_table_reads_it():
    whole = declared.declared()
    assert {name: tool(name) for name in whole.tools} == whole.tools
    assert {eco: declared.ecosystem(eco) for eco in whole.ecosystems} == whole.ecosystems
    assert declared.script_install("setup.py") == whole.script_installs["setup.py"]
    assert declared.runner_names() == {name for name, t in whole.tools.items() if t.runs is not None}
    assert tool("make") is None and declared.ecosystem("hackage") is None


@pytest.mark.parametrize("line, index", [
    ("pip install --index-url https://pypi.org/simple rich", None),  # PyPI's own address: no other index
    ("PIP_INDEX_URL=https://files.pythonhosted.org/ pip install rich", None),
    ("npm install --registry https://registry.npmjs.org/ left-pad", None),
    ("yarn add left-pad --registry=https://registry.yarnpkg.com", None),
    ("GOPROXY=https://proxy.golang.org,direct go install golang.org/x/tools/gopls@latest", None),
    ("pip install --index-url https://mirror.example/simple rich", "https://mirror.example/simple"),
    ("npm install --registry https://npm.example.com/ left-pad", "https://npm.example.com/"),
    ("pip install --index-url https://registry.npmjs.org/ rich", None),  # any registry's public address, as before
])
def test_the_public_registries_are_no_other_index_as_their_ecosystems_declare(line, index):
    assert {t.index for t in analyze(line).installs} == {index}


def test_an_ecosystem_declares_its_public_index_with_no_engine_edit(monkeypatch):
    assert declared.public_index("https://pypi.org/simple/") and not declared.public_index("https://pypi.org.evil/simple")
    facts = read_tables([("x", {"public_index": r"(?i)https://x\.example/?"}, "x/ecosystem.toml: commands")])
    assert not declared.public_index("https://x.example/")
    monkeypatch.setitem(declared._ECOSYSTEMS, "x", facts.ecosystems["x"])
    monkeypatch.setitem(declared._raw()[1], "x", None)
    assert declared.public_index("https://x.example/")
