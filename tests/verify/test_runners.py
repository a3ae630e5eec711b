"""Script runners come from the ecosystems' ``[scripts]`` tables (depguard/verify/runners.py): the claim reader
and the local tree know `npm run x` / `yarn x` only through the npm package's declaration, so another ecosystem's
runner is one table, and a bad table is an error naming the file and key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from depguard.errors import ConfigError
from depguard.verify import check_claims
from depguard.verify import runners as runners_module
from depguard.verify.claims import extract
from depguard.verify.local import LocalTree
from depguard.verify.runners import _read, runners


def claims_of(text: str) -> list[tuple[str | None, str | None, str | None]]:
    return [(c.command, c.target, c.cwd) for c in extract(text)]


def test_the_npm_package_declares_its_four_runners_and_their_manifest():
    declared = runners()
    assert {"npm", "yarn", "pnpm", "bun"} <= set(declared)
    assert {r.manifest for tool, r in declared.items() if tool in ("npm", "yarn", "pnpm", "bun")} == {"package.json"}
    assert declared["npm"].lifecycle["t"] == "test" and declared["pnpm"].lifecycle["t"] == ""
    assert "add" in declared["yarn"].builtins and declared["yarn"].bare and not declared["npm"].bare


def test_npm_start_without_a_start_script_runs_server_js_as_npm_declares(tmp_path: Path):
    (tmp_path / "package.json").write_text(json.dumps({"name": "x", "scripts": {"build": "tsc"}}))
    text = "Then:\n\n```\nnpm start\n```\n"
    [before] = check_claims(extract(text), [LocalTree(tmp_path)])
    assert before.status.value == "contradicted"
    (tmp_path / "server.js").write_text("require('http')\n")
    [after] = check_claims(extract(text), [LocalTree(tmp_path)])
    assert (after.status.value, after.evidence) == (
        "verified", "package.json has no start script; npm start then runs node server.js, which exists")


def test_a_runner_another_ecosystem_declares_is_read_with_no_engine_edit(tmp_path: Path, monkeypatch):
    declared = _read({"manifest": "tasks.json", "table": "tasks", "runners": {"taskr": {"run": ["run"], "bare": True,
                                                                                        "builtins": ["init"]}}},
                     "x/ecosystem.toml: scripts")
    monkeypatch.setattr(runners_module, "_RUNNERS", {**runners(), **declared})
    assert claims_of("```\ntaskr lint\ntaskr init\ntaskr run build\n```\n") == [("taskr", "lint", None),
                                                                             ("taskr", "build", None)]
    (tmp_path / "tasks.json").write_text(json.dumps({"tasks": {"lint": "x"}}))
    results = check_claims(extract("```\ntaskr lint\ntaskr run build\n```\n"), [LocalTree(tmp_path)])
    assert [(r.status.value, r.evidence) for r in results] == [
        ("verified", 'tasks.json:1: {"tasks": {"lint": "x"}}'), ("contradicted", "tasks.json has no build script (scripts: lint)")]


@pytest.mark.parametrize("table, where", [
    ([], "scripts: expected a table"),
    ({"manifest": "a/package.json"}, "scripts.manifest: expected a file name"),
    ({"manifest": "p.json", "colour": 1}, "scripts: unknown key 'colour'"),
    ({"manifest": "p.json", "runners": {"r": {"run": "run"}}}, "scripts.runners.r.run: expected a list of strings"),
    ({"manifest": "p.json", "runners": {"r": {"lifecycle": {"t": 1}}}}, "scripts.runners.r.lifecycle.t: expected a string"),
    ({"manifest": "p.json", "runners": {"r": {"bogus": True}}}, "scripts.runners.r: unknown key 'bogus'"),
])
def test_a_bad_scripts_table_is_an_error_naming_file_and_key(table, where):
    with pytest.raises(ConfigError, match=f"^x/ecosystem.toml: {where}"):
        _read(table, "x/ecosystem.toml: scripts")
