"""scripts/new_ecosystem.py writes a new ecosystem's skeleton into a copy of the repository's layout: the package
folder (a TOML the catalog loader accepts, an ECOSYSTEM declaration), the test folder, the cassette folder and
its line in ALL, in order; it never overwrites a folder and refuses ids and addresses that cannot be right."""

from __future__ import annotations

import ast
import importlib.util
import shutil
from pathlib import Path

import pytest

from depguard.ecosystems import _load_one

REPO = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("new_ecosystem", REPO / "scripts" / "new_ecosystem.py")
assert SPEC is not None and SPEC.loader is not None
new_ecosystem = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(new_ecosystem)

ARGS = ["--display", "Example Registry", "--url", "https://registry.example", "--path", "/api/packages/{name}",
        "--name-pattern", "[a-z][a-z0-9_-]*"]


@pytest.fixture
def root(tmp_path):
    (tmp_path / "depguard" / "ecosystems").mkdir(parents=True)
    shutil.copyfile(REPO / "depguard" / "ecosystems" / "__init__.py", tmp_path / "depguard" / "ecosystems" / "__init__.py")
    return tmp_path


def all_of(root: Path) -> list[str]:
    tree = ast.parse((root / "depguard" / "ecosystems" / "__init__.py").read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "ALL")
    return [e.value for e in node.value.elts]


def test_the_skeleton_is_written_and_listed_in_all(root, capsys):
    before = all_of(root)
    assert new_ecosystem.main(["example-reg", *ARGS, "--root", str(root)]) == 0
    package = root / "depguard" / "ecosystems" / "example_reg"
    eco = _load_one(package / "ecosystem.toml")
    assert (eco.id, eco.display, eco.registry.path, eco.registry.client) == (
        "example-reg", "Example Registry", "/api/packages/{name}", "jsonapi")
    assert eco.data["registry"]["url"] == "https://registry.example"
    assert eco.name_rule.invalid_reason("good_name") is None and eco.name_rule.invalid_reason("Bad") is not None
    declared = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    assert any(isinstance(n, ast.Assign) and n.targets[0].id == "ECOSYSTEM" for n in declared.body)
    tests = root / "tests" / "ecosystems" / "example_reg"
    for name in ("__init__.py", "test_parsers.py", "recorded.py"):
        ast.parse((tests / name).read_text(encoding="utf-8"))
    assert (tests / "fixtures").is_dir() and (root / "cassettes" / "example-reg").is_dir()
    after = all_of(root)
    assert sorted(after) == after == sorted([*before, "example_reg"])
    assert "added \"example_reg\" to ALL" in capsys.readouterr().out


def test_a_client_of_its_own_is_declared(root):
    assert new_ecosystem.main(["other", *ARGS, "--client", "other", "--root", str(root)]) == 0
    text = (root / "depguard" / "ecosystems" / "other" / "__init__.py").read_text(encoding="utf-8")
    assert 'registry="other",' in text
    assert _load_one(root / "depguard" / "ecosystems" / "other" / "ecosystem.toml").registry.client == "other"


def test_an_existing_folder_is_never_overwritten(root):
    folder = root / "depguard" / "ecosystems" / "cargo"
    folder.mkdir()
    (folder / "ecosystem.toml").write_text("kept", encoding="utf-8")
    assert new_ecosystem.main(["cargo", *ARGS, "--root", str(root)]) == 2
    assert (folder / "ecosystem.toml").read_text(encoding="utf-8") == "kept"
    assert all_of(root).count("cargo") == 1


@pytest.mark.parametrize("bad", [["Bad_Id", *ARGS], ["ok", *ARGS[:4], "--path", "/api/packages", *ARGS[6:]],
                                 ["ok", *ARGS[:2], "--url", "http://plain.example", *ARGS[4:]],
                                 ["ok", *ARGS[:6], "--name-pattern", "[unclosed"]])
def test_ids_paths_and_addresses_that_cannot_be_right_are_refused(root, bad):
    with pytest.raises(SystemExit) as stopped:
        new_ecosystem.main([*bad, "--root", str(root)])
    assert stopped.value.code == 2
    assert not (root / "tests").exists()
