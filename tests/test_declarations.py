"""The ecosystem packages' declarations say what their modules really do: every declared format, tool grammar,
language and registry client is registered by the module named, and nothing is registered undeclared (so the
engine can match files and tools from the declarations without importing the modules, and they cannot drift)."""

from __future__ import annotations

import importlib

import pytest

from depguard import commands, parsers
from depguard.ecosystems import ALL, catalog, data_root, declarations
from depguard.ecosystems._engine import ENGINE

DECLARED = (ENGINE, *declarations())


def test_all_lists_every_ecosystem_folder_once():
    folders = sorted(p.parent.name for p in data_root().glob("*/ecosystem.toml"))
    assert sorted(ALL) == folders
    assert len(set(ALL)) == len(ALL)
    assert [d.folder for d in declarations()] == list(ALL)
    assert sorted(d.id for d in declarations()) == catalog().ids()


@pytest.mark.parametrize("declared", DECLARED, ids=lambda d: d.id or "engine")
def test_declared_formats_are_what_their_modules_register(declared):
    for fmt in (*declared.formats, *declared.imports):
        module = declared.module(fmt.module)
        importlib.import_module(module)
        registered = parsers._FORMATS.get(fmt.name)
        assert registered is not None, f"{module} registers no format {fmt.name!r}"
        assert registered.parse.__module__ == module, fmt.name
        assert registered.patterns == fmt.patterns, f"{fmt.name}: declared patterns differ from the module's"
        assert registered.kind == fmt.kind, fmt.name
        assert registered.ecosystem in (declared.id, None) or not declared.id, fmt.name


def test_every_registered_format_is_declared_once():
    parsers.discover()
    names = [f.name for d in DECLARED for f in (*d.formats, *d.imports)]
    assert len(names) == len(set(names))
    ours = {name for name, fmt in parsers.formats().items() if fmt.parse.__module__.startswith("depguard.")}
    assert ours == set(names)


@pytest.mark.parametrize("declared", DECLARED, ids=lambda d: d.id or "engine")
def test_declared_tools_are_what_their_modules_register(declared):
    everything = commands.grammars()
    for tools in declared.tools:
        module = declared.module(tools.module)
        for name in tools.names:
            assert name in everything, f"{module} registers no grammar for {name!r}"
            assert everything[name].__module__ == module, name


def test_every_registered_tool_is_declared_once():
    names = [n for d in DECLARED for t in d.tools for n in t.names]
    assert len(names) == len(set(names))
    for name in names:
        commands.grammars()[name]  # imports every declared tool module
    assert set(commands._GRAMMARS) == set(names)


@pytest.mark.parametrize("declared", [d for d in declarations() if d.languages], ids=lambda d: d.id)
def test_declared_languages_load_and_their_queries_compile(declared):
    from depguard import imports

    for lang in declared.languages:
        assert (data_root() / declared.folder / lang.query).is_file(), lang.query
        imports.query(lang.id)  # the grammar wheel loads and the query (with what it inherits) compiles
        assert imports.languages()[lang.id][:2] == (lang.grammar_module, lang.grammar_function)


def test_a_file_is_matched_without_importing_its_parser(tmp_path):
    import subprocess
    import sys

    code = ("import sys; from depguard.parsers import formats_for; "
            "print(*[f.name for f in formats_for('sub/uv.lock')]); "
            "print(*sorted(m for m in sys.modules if m.startswith('depguard.ecosystems.') and m.count('.') == 3))")
    names, modules = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                    check=True).stdout.splitlines()
    assert names == "pex-lock uv.lock"  # pex-lock looks into any *.lock for its keys (tests/ecosystems/pypi/test_pex_lock.py)
    assert "depguard.ecosystems.pypi.uv_lock" in modules.split()
    assert all(m.startswith("depguard.ecosystems.pypi.") for m in modules.split())  # no other parser imported


@pytest.mark.parametrize("declared", declarations(), ids=lambda d: d.id)
def test_registry_client_is_declared_where_the_generic_one_does_not_fit(declared):
    client = catalog().get(declared.id).registry.client
    if declared.registry is None:
        assert client == "jsonapi"
    else:
        assert declared.module(declared.registry).rpartition(".")[2] == client
        assert hasattr(importlib.import_module(declared.module(declared.registry)), "CLIENT")


def test_the_declared_tools_are_every_declarations_tools(monkeypatch, tmp_path):
    """ecosystems.declared_tools: tool -> module and the unversioned names, as the declarations give them,
    whether read from the declarations or from what an earlier run stored."""
    from depguard import ecosystems
    from depguard.ecosystems._engine import ENGINE

    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path))
    want = {}
    for package in (ENGINE, *ecosystems.declarations()):
        for tools in package.tools:
            want.update((name, (package.module(tools.module), tools.versioned)) for name in tools.names)
    for run in ("reads the declarations", "reads the store"):
        monkeypatch.setattr(ecosystems, "_TOOLS", [])
        modules, unversioned = ecosystems.declared_tools()
        assert {name: (module, name not in unversioned) for name, module in modules.items()} == want, run
        assert (tmp_path / "tools.marshal").is_file()
    assert "go" in unversioned and modules["pip"] == "depguard.ecosystems.pypi.tools"


def test_stored_tools_are_used_only_while_the_declaration_files_are_unchanged(monkeypatch, tmp_path):
    import marshal

    from depguard import ecosystems

    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path))
    stamp = ecosystems._tools_stamp()
    assert stamp is not None and any(str(p).endswith("pypi/__init__.py") for p, *_ in stamp[2:])
    planted = ({"pip": "elsewhere"}, frozenset({"pip"}))
    (tmp_path / "tools.marshal").write_bytes(marshal.dumps((stamp, *planted)))
    monkeypatch.setattr(ecosystems, "_TOOLS", [])
    assert ecosystems.declared_tools() == planted  # the stamp matches: the store is trusted as written
    changed = (*stamp[:2], *((p, size + 1, mtime) for p, size, mtime in stamp[2:]))  # as after an edit
    monkeypatch.setattr(ecosystems, "_tools_stamp", lambda: changed)
    monkeypatch.setattr(ecosystems, "_TOOLS", [])
    modules, unversioned = ecosystems.declared_tools()
    assert modules["pip"] == "depguard.ecosystems.pypi.tools" and "pip" not in unversioned
    assert marshal.loads((tmp_path / "tools.marshal").read_bytes())[0] == changed  # stored again, new stamp


def test_the_declared_formats_are_every_declarations_formats_stored_or_not(monkeypatch, tmp_path):
    """ecosystems.declared_formats: every file format and import rule with its module and patterns, in
    declaration order, whether read from the declarations or from what an earlier run stored; a store made
    under another stamp (a declaration file edited since) is not used."""
    import marshal

    from depguard import ecosystems
    from depguard.ecosystems._engine import ENGINE

    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path))
    want = [(f.name, package.module(f.module), tuple(f.patterns))
            for package in (ENGINE, *ecosystems.declarations()) for f in (*package.formats, *package.imports)]
    for run in ("reads the declarations", "reads the store"):
        monkeypatch.setattr(ecosystems, "_FORMATS", [])
        rows = ecosystems.declared_formats()
        assert sorted(r[3:] for r in rows) == sorted(want), run
        assert (tmp_path / "formats.marshal").is_file()
    assert ("package.json", "depguard.ecosystems.npm.package_json", ("package.json",)) in [r[3:] for r in rows]
    stamp = ecosystems._tools_stamp()
    planted = ((0, 0, 0, "package.json", "elsewhere", ("package.json",)),)
    (tmp_path / "formats.marshal").write_bytes(marshal.dumps((stamp, planted)))
    monkeypatch.setattr(ecosystems, "_FORMATS", [])
    assert ecosystems.declared_formats() == planted  # the stamp matches: the store is trusted as written
    changed = (*stamp[:2], *((p, size + 1, mtime) for p, size, mtime in stamp[2:]))  # as after an edit
    monkeypatch.setattr(ecosystems, "_tools_stamp", lambda: changed)
    monkeypatch.setattr(ecosystems, "_FORMATS", [])
    assert ecosystems.declared_formats() == rows
    assert marshal.loads((tmp_path / "formats.marshal").read_bytes())[0] == changed  # stored again, new stamp


def test_an_agent_write_of_a_manifest_imports_no_other_ecosystem(tmp_path):
    """The file-format index of a warm run comes from the store: a Write of a package.json imports npm's
    package and parser (and pypi's project model, for the folder's hints), not the 22 ecosystem packages."""
    import json
    import os
    import subprocess
    import sys

    event = json.dumps({"session_id": "t", "hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": str(tmp_path),
                        "tool_input": {"file_path": str(tmp_path / "package.json"), "content": "{}\n"}})
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.update(DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(tmp_path / "cache"), DEPGUARD_DATA_DIR=str(tmp_path / "d"),
               DEPGUARD_USER_CONFIG=str(tmp_path / "none.toml"), DEPGUARD_OFFLINE="1")
    code = ("import sys\nfrom depguard import cli\nsys.argv = ['depguard', 'hook', 'claude-code']\ncode = cli.entry()\n"
            "print(sorted(m.split('.')[2] for m in sys.modules if m.count('.') == 2 and "
            "m.startswith('depguard.ecosystems.') and not m.split('.')[2].startswith('_')), file=sys.__stderr__)\n")
    runs = [subprocess.run([sys.executable, "-c", code], input=event, cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr[-2000:]
    assert runs[1].stderr.strip().splitlines()[-1] in ("['npm']", "['npm', 'pypi']")
