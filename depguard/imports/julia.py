"""Julia ``using``/``import`` (``*.jl``): the first name of each imported module path is a package (ecosystem
``julia``), parsed with the official tree-sitter-julia grammar.

``using X``, ``using X, Y``, ``using X: f``, ``import X.Y``, ``import X as Z`` and the same inside ``module``
blocks and macro calls (``@reexport using X``). Skipped: relative paths (``using .Local``, ``import ..Parent``),
the standard libraries (``ecosystems/julia/stdlib.tsv``, shared with the Project.toml parser, and
``stdlib-extra.txt``: ``Base``, ``Core``, ``Main`` and a few more), modules the file defines (``module X``),
the project's own package (``name`` of the nearest ``Project.toml``) and ``Hints.local_packages``. Install calls
(``Pkg.add``) in the same files are read by the ``julia-install`` format.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..model import Mention
from ..parsers import Source, file_format
from . import ImportRef, data_names, emit, knows, matches, nearest_file, position, text_of

PARSER = "julia-imports"


@functools.lru_cache(maxsize=1)
def stdlib() -> frozenset[str]:
    from ..parsers.julia_project import stdlib as pairs

    return frozenset(name for name, _ in pairs()) | data_names("julia", "stdlib")


def _root(node):
    while node.type == "scoped_identifier" and node.named_children:
        node = node.named_children[0]
    return node if node.type == "identifier" else None


def import_refs(text: str, own: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """(julia, package, line, column) for each registered-package module Julia source ``text`` loads."""
    if "using" not in text and "import" not in text:
        return
    src = text.encode("utf-8", errors="surrogatepass")
    std = stdlib()
    found, declared = [], set()
    for caps in matches("julia", src):
        if "decl" in caps:
            declared.add(text_of(caps["decl"][0]))
        elif not caps["stmt"][0].has_error:
            node = _root(caps["module"][0])
            if node is not None:
                found.append(node)
    for node in sorted(found, key=lambda n: n.start_byte):
        name = text_of(node)
        if name in std or name in declared or name in own:
            continue
        line, col = position(src, node)
        yield ImportRef("julia", name, line, col, name)


@functools.lru_cache(maxsize=256)
def _project_name(path: str, _mtime: int) -> str | None:
    from ..compat import tomllib

    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    name = data.get("name")
    return name if isinstance(name, str) else None


def own_names(source: Source) -> frozenset[str]:
    names = set(source.hints.local_packages)
    project = nearest_file(source, "Project.toml") or nearest_file(source, "JuliaProject.toml")
    if project is not None:
        try:
            name = _project_name(str(project), project.stat().st_mtime_ns)
        except OSError:
            name = None
        if name:
            names.add(name)
    return frozenset(names)


@file_format(PARSER, ("*.jl",), ecosystem="julia", kind="source", description="Julia using/import (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("julia"):
        return
    yield from emit(source, import_refs(source.text, own_names(source)), PARSER)
