"""The engine names no ecosystem (issue 18): outside ``depguard/ecosystems/`` no module holds a string constant
equal to an ecosystem id (``"npm"``, ``"pypi"``) or to its spec prefix (``"npm:"``), and none imports
an ecosystem's package or modules (``from ..ecosystems.npm.tools import …``). What an ecosystem knows is
declared in its package (``ECOSYSTEM``, ``ecosystem.toml``) and the engine asks the declarations.

An ecosystem is also named by the file names only it reads: no engine module holds a string constant equal to
the literal name of an ecosystem's manifest or lockfile (``"package.json"``, ``"Cargo.toml"``), except the names
the engine declares as its own formats (``ecosystems/_engine.py``: ``Dockerfile``, ``action.yml``).

A residue that has not been moved yet is listed in ALLOWED (ALLOWED_FILES) with the reason, per module and name;
the tests also fail when an allowance is no longer needed, so the lists only shrink."""

from __future__ import annotations

import ast
from pathlib import Path

from depguard.ecosystems import ALL, catalog, declarations
from depguard.ecosystems._engine import ENGINE as ENGINE_FORMATS

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "depguard"

# module (relative to depguard/) -> {name: why it is still there}. Keep each reason honest and specific.
# Empty since session 6 (issue 18): the last residues (the shell model's tool tables, the Python project model,
# the tree's own names, the script runners) are declared by their ecosystems. An entry here is a debt, not a fix.
ALLOWED: dict[str, dict[str, str]] = {}


def ecosystem_words() -> set[str]:
    """The catalog's ids (aliases such as "python" or "r" are ordinary words: interpreters, file modes)."""
    return set(catalog().ids())


def names_in(path: Path, ids: set[str], folders: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every ecosystem a module names: string constants and imported modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            value = node.value
            if value in ids or (value.endswith(":") and value[:-1] in ids):
                found.append((node.lineno, value))
        elif isinstance(node, ast.ImportFrom):
            parts = ((node.module or "").split("."))
            if "ecosystems" in parts:
                rest = parts[parts.index("ecosystems") + 1:]
                named = rest[:1] or [a.name for a in node.names]
                for folder in named:
                    if folder in folders:
                        found.append((node.lineno, f"depguard.ecosystems.{folder}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if "ecosystems" in parts and parts[parts.index("ecosystems") + 1:][:1] and \
                        parts[parts.index("ecosystems") + 1] in folders:
                    found.append((node.lineno, alias.name))
    return sorted(found)


def engine_modules() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "ecosystems" not in p.relative_to(ENGINE).parts[:1])


def sweep(find, allowances: dict[str, dict[str, str]], advice: str) -> None:
    """Fails on what the engine modules name (``find(path) -> [(line, what)]``) that ``allowances`` does not allow,
    and on allowances no longer needed."""
    offending: list[str] = []
    unused: list[str] = []
    for path in engine_modules():
        rel = path.relative_to(ENGINE).as_posix()
        allowed = allowances.get(rel, {})
        hits = find(path)
        offending += [f"depguard/{rel}:{line}: {what!r}" for line, what in hits if what not in allowed]
        unused += [f"depguard/{rel}: {what!r}" for what in allowed if what not in {w for _, w in hits}]
    assert not offending, f"{advice}:\n" + "\n".join(offending)
    assert not unused, "allowances no longer needed (remove them):\n" + "\n".join(unused)


def test_no_module_outside_the_ecosystem_packages_names_an_ecosystem():
    ids = ecosystem_words()
    folders = set(ALL)
    sweep(lambda path: names_in(path, ids, folders), ALLOWED, "the engine names an ecosystem (declare the fact in "
          "the ecosystem's package or ecosystem.toml and ask the declarations)")


def test_the_guardrail_sees_a_named_ecosystem(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""npm is named in a docstring, which is prose."""\nfrom depguard.ecosystems.npm import tools\n'
                      'x = "npm"\ny = ("pypi:", "not-an-ecosystem", f"{x}")\n', encoding="utf-8")
    assert names_in(module, ecosystem_words(), set(ALL)) == [(2, "depguard.ecosystems.npm"), (3, "npm"), (4, "pypi:")]


# module -> {file name: why it is still there}. depguard's own configuration file is no ecosystem's fact.
OWN_CONFIG = "depguard's own configuration file ([tool.depguard] in pyproject.toml), not Python's manifest"
ALLOWED_FILES: dict[str, dict[str, str]] = {
    "config.py": {"pyproject.toml": OWN_CONFIG},
    "diff.py": {"pyproject.toml": OWN_CONFIG},
    "hooks/__init__.py": {"pyproject.toml": OWN_CONFIG},
    "cli_commands/init.py": {"pyproject.toml": OWN_CONFIG},
    # debts (issue 18): ecosystem facts the engine still reads itself
    "examples.py": {n: "the commands a tree's manifests build (OWN_TOOL_FILES, own_tools: package.json bin, "
                       "pyproject/setup.cfg scripts, Cargo [[bin]]): not yet an [own]-style declaration per ecosystem"
                    for n in ("package.json", "pyproject.toml", "setup.cfg", "Cargo.toml")},
    "submodules.py": {"package.json": "the npm package a git submodule stands for (Hints.submodule_packages, read "
                                      "only by npm's import rule): not yet a reader declared by npm"},
}


def manifest_names() -> set[str]:
    """The literal file names (no wildcard) of every ecosystem's manifests and lockfiles, less the engine's own."""
    engine = {p.rsplit("/", 1)[-1] for f in ENGINE_FORMATS.formats for p in f.patterns}
    return {p.rsplit("/", 1)[-1] for d in declarations() for f in d.formats if f.kind in ("manifest", "lockfile")
            for p in f.patterns if not any(c in p for c in "*?[")} - engine


def file_names_in(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) for every string constant of ``path`` (docstrings left out) that is one of ``names``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = {(node.body[0].value.lineno, node.body[0].value.col_offset) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
                  and (node.lineno, node.col_offset) not in docstrings)


def test_no_module_outside_the_ecosystem_packages_names_an_ecosystems_manifest():
    names = manifest_names()
    sweep(lambda path: file_names_in(path, names), ALLOWED_FILES, "the engine reads an ecosystem's file by name "
          "(declare a reader in the ecosystem's package, e.g. an [own] reader or a [project] hints function, and "
          "have the engine ask the declarations)")


def test_the_guardrail_sees_a_named_manifest(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Reads package.json."""\nNAMES = ("package.json", "Dockerfile", "deno.json", "x.json")\n',
                      encoding="utf-8")
    assert file_names_in(module, manifest_names()) == [(2, "deno.json"), (2, "package.json")]
