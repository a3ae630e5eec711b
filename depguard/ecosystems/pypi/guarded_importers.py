"""Whether a Python module of the project is *optional*: every import of it in the tree is guarded.

A project keeps an optional back-end in a module of its own that imports the back-end's library at its top, and
imports that module only where its absence is handled (pandapower's ``topology/graph_tool_interface.py`` does
``from graph_tool import Graph``; its one importer, ``topology/create_graph.py``, does ``try: from
pandapower.topology.graph_tool_interface import GraphToolInterface`` / ``except: graph_tool_available = False``).
The guard lies in the importing file, so the module's own import looks unguarded; it runs only when an import the
project guards succeeds, and is as optional as an import in that ``try`` (:mod:`depguard.ecosystems.pypi.guarded`).

The file must be a module of a regular package below one of the project view's import roots (its dotted name is
then known) and no script of its own (``if __name__ == "__main__"``: run directly, it needs its imports); the
``.py`` files of the scan root whose import statements name its last part (an index of their words, built once per
run: :func:`_import_words`; at most :data:`IMPORTERS_READ_MAX` of them) are parsed, absolute and relative imports of
the module (``from pkg.sub import mod`` and ``from .mod import X``
too) are found with tree-sitter, and each must be guarded by :func:`~depguard.ecosystems.pypi.guarded.guard`.
A module nothing imports, or one a single importer takes without a guard (a test that imports it outright, a
package's ``__init__``), is required: its imports stay judged.
"""

from __future__ import annotations

import os
import re

from ...fsview import active, memo
from ...imports import parser, text_of
from .guarded import guard

IMPORTERS_READ_MAX = 400  # files whose imports name the module, parsed; past that it is not called optional
WALKED_MAX = 20000  # .py files indexed; past that no module is called optional
SKIPPED_DIRS = frozenset({"node_modules", "__pycache__", "site-packages", "venv", "env", "build", "dist"})


def module_names(rel: str, roots: tuple[str, ...], is_package) -> list[tuple[str, str]]:
    """(root, dotted name) of the module file ``rel`` (relative to the scan root) below each of ``roots`` whose
    folders down to it are all regular packages (``is_package(folder_rel)``: it holds ``__init__.py``), innermost
    root first; none for an ``__init__.py``, a file outside every package or a name that is no identifier. A tree
    whose package folder is a root too (pandapower's ``pandapower/`` beside the root) gives the module both names."""
    if not rel.endswith(".py") or rel.endswith("/__init__.py") or "/" not in rel:
        return []
    out: list[tuple[str, str]] = []
    for folder in sorted(roots, key=len, reverse=True):
        if folder and not rel.startswith(folder + "/"):
            continue
        inner = rel[len(folder) + 1:] if folder else rel
        parts = inner[:-3].split("/")
        if len(parts) < 2 or not all(p.isidentifier() for p in parts):
            continue
        prefix = folder + "/" if folder else ""
        if all(is_package(prefix + "/".join(parts[:i])) for i in range(1, len(parts))):
            out.append((folder, ".".join(parts)))
    return out


def _package_of(rel: str, root: str, dotted_of) -> str | None:
    """The package a file's relative imports start from, below the import root ``root``: its own dotted name less
    the last part (a package's ``__init__.py``: the package itself)."""
    if rel.endswith("/__init__.py"):
        rel = rel[: -len("/__init__.py")] + "/_.py"
    own = dict(dotted_of(rel)).get(root)
    return own.rpartition(".")[0] if own else None


def _imports_of(node, target: str, package: str | None) -> bool:
    """Whether the import statement ``node`` imports the module ``target`` (or a module below it)."""
    def covers(name: str) -> bool:
        return name == target or name.startswith(target + ".")

    if node.type == "import_statement":
        for child in node.children_by_field_name("name"):
            name = child.child_by_field_name("name") if child.type == "aliased_import" else child
            if name is not None and covers("".join(text_of(name).split())):
                return True
        return False
    source = node.child_by_field_name("module_name")
    if source is None:
        return False
    written = "".join(text_of(source).split())
    if source.type == "relative_import":
        dots = len(written) - len(written.lstrip("."))
        if package is None:
            return False
        parts = package.split(".")
        if dots - 1 > len(parts) - 1:
            return False
        base = ".".join(parts[: len(parts) - (dots - 1)])
        rest = written[dots:]
        module = f"{base}.{rest}" if rest else base
    else:
        module = written
    if covers(module):
        return True
    for child in node.children_by_field_name("name"):
        name = child.child_by_field_name("name") if child.type == "aliased_import" else child
        if name is not None and covers(f"{module}.{''.join(text_of(name).split())}"):
            return True
    return False


def _import_nodes(root):
    """Every import statement of a parsed file, in order."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in ("import_statement", "import_from_statement"):
            yield node
            continue
        stack.extend(reversed(node.children))


@memo(maxsize=256)
def guarded_importers(root: str, rel: str, roots: tuple[str, ...]) -> str | None:
    """Why the module file ``rel`` (relative to the scan ``root``) is optional, in words naming one guarded importer
    (``"in gridnet.topology.x, which gridnet/topology/create_graph.py:4 imports in a try whose …"``), or None when
    it is not: see the module docstring."""
    view = active()

    def is_package(folder: str) -> bool:
        return view.is_file(os.path.join(root, folder, "__init__.py"))

    def dotted_of(path: str) -> list[tuple[str, str]]:
        return module_names(path, roots, is_package)

    targets = dotted_of(rel)
    if not targets:
        return None
    text = view.read_text(os.path.join(root, rel)) or ""
    if "__main__" in text:
        return None  # a script of its own too: run directly, it needs its imports
    index = _import_words(root)
    if index is None:
        return None
    lasts = {target.rpartition(".")[2] for _, target in targets}
    candidates = sorted({other for last in lasts for other in index.get(last, ())} - {rel})
    if len(candidates) > IMPORTERS_READ_MAX:
        return None
    said: str | None = None
    for other in candidates:
        code = view.read_text(os.path.join(root, other)) or ""
        tree = parser("python").parse(code.encode("utf-8", errors="surrogatepass")).root_node
        packages = [(target, _package_of(other, base, dotted_of)) for base, target in targets]
        for node in _import_nodes(tree):
            hit = next((t for t, package in packages if _imports_of(node, t, package)), None)
            if node.has_error or hit is None:
                continue
            why = guard(node)
            if why is None:
                return None  # one importer takes it outright: the module is required
            if said is None:
                said = f"in {hit}, which {other}:{node.start_point[0] + 1} imports {why}"
    return said


# an import statement's words: `from a.b import (c, d)` over several lines, `import a.b as c, d`
IMPORT_STATEMENT = re.compile(r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]*(\([^)]*\)|[^\n]*)|import[ \t]+([^\n]*))",
                              re.M)


@memo(maxsize=16)
def _import_words(root: str) -> dict[str, tuple[str, ...]] | None:
    """The ``.py`` files of the tree below ``root`` (relative, POSIX) by each word of their import statements, read
    once per run for every file that asks; None past :data:`WALKED_MAX` files."""
    view = active()
    found: dict[str, list[str]] = {}
    walked = 0
    for folder, dirs, files in view.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            walked += 1
            if walked > WALKED_MAX:
                return None
            path = os.path.join(folder, name)
            code = view.read_text(path)
            if not code or "import" not in code:
                continue
            other = os.path.relpath(path, root).replace(os.sep, "/")
            words = {w for m in IMPORT_STATEMENT.finditer(code) for g in m.groups() if g for w in re.findall(r"\w+", g)}
            for word in words:
                found.setdefault(word, []).append(other)
    return {word: tuple(paths) for word, paths in found.items()}
