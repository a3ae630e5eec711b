"""The engine names no ecosystem (issue 18): outside ``depguard/ecosystems/`` no module holds a string constant
equal to an ecosystem id (``"npm"``, ``"pypi"``) or to its spec prefix (``"npm:"``), and none imports
an ecosystem's package or modules (``from ..ecosystems.npm.tools import …``). What an ecosystem knows is
declared in its package (``ECOSYSTEM``, ``ecosystem.toml``) and the engine asks the declarations.

A residue that has not been moved yet is listed in ALLOWED with the reason, per module and name; the test also
fails when an allowance is no longer needed, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

from depguard.ecosystems import ALL, catalog

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


def test_no_module_outside_the_ecosystem_packages_names_an_ecosystem():
    ids = ecosystem_words()
    folders = set(ALL)
    offending: list[str] = []
    unused: list[str] = []
    for path in engine_modules():
        rel = path.relative_to(ENGINE).as_posix()
        allowed = ALLOWED.get(rel, {})
        hits = names_in(path, ids, folders)
        offending += [f"depguard/{rel}:{line}: {what!r}" for line, what in hits if what not in allowed]
        unused += [f"depguard/{rel}: {what!r}" for what in allowed if what not in {w for _, w in hits}]
    assert not offending, (
        "the engine names an ecosystem (declare the fact in the ecosystem's package or ecosystem.toml and ask "
        "the declarations):\n" + "\n".join(offending))
    assert not unused, "allowances no longer needed (remove them from ALLOWED):\n" + "\n".join(unused)


def test_the_guardrail_sees_a_named_ecosystem(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""npm is named in a docstring, which is prose."""\nfrom depguard.ecosystems.npm import tools\n'
                      'x = "npm"\ny = ("pypi:", "not-an-ecosystem", f"{x}")\n', encoding="utf-8")
    assert names_in(module, ecosystem_words(), set(ALL)) == [(2, "depguard.ecosystems.npm"), (3, "npm"), (4, "pypi:")]
