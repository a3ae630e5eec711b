"""Julia ``using``/``import`` (``*.jl``): the first name of each imported module path is a package (ecosystem
``julia``), parsed with the official tree-sitter-julia grammar.

``using X``, ``using X, Y``, ``using X: f``, ``import X.Y``, ``import X as Z`` and the same inside ``module``
blocks and macro calls (``@reexport using X``). Skipped: relative paths (``using .Local``, ``import ..Parent``),
the standard libraries (``depguard/ecosystems/julia/stdlib.tsv``, shared with the Project.toml parser, and
``stdlib-extra.txt``: ``Base``, ``Core``, ``Main`` and a few more), modules the file defines (``module X``),
the project's own package (``name`` of the nearest ``Project.toml``) and ``Hints.local_packages``. Install calls
(``Pkg.add``) in the same files are read by the ``julia-install`` format.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ... import lazyre
from ...imports import ImportRef, data_names, emit, from_nearest, knows, matches, position, text_of
from ...model import Mention
from ...parsers import Source, file_format

PARSER = "julia-imports"
# a chunk Quarto's Julia engine or knitr's JuliaCall runs: ```{julia}, ```{julia, echo=FALSE}
JULIA_CHUNK = lazyre.compile(r"^\s*```+\s*\{\s*julia\b[^}]*\}\s*$", re.I)


@functools.lru_cache(maxsize=1)
def stdlib() -> frozenset[str]:
    from .julia_project import stdlib as pairs

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


def _project_name(text: str) -> str | None:
    from ...compat import tomllib

    try:
        name = tomllib.loads(text).get("name")
    except tomllib.TOMLDecodeError:
        return None
    return name if isinstance(name, str) else None


def own_names(source: Source) -> frozenset[str]:
    """The project's own package (``name`` of the nearest Project.toml) and the scan's local packages."""
    name = from_nearest(source, "Project.toml", _project_name) or from_nearest(source, "JuliaProject.toml", _project_name)
    return frozenset(source.hints.local_packages) | ({name} if name else set())


@file_format(PARSER, ("*.jl",), ecosystem="julia", kind="source", description="Julia using/import (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("julia"):
        return
    yield from emit(source, import_refs(source.text, own_names(source)), PARSER)


CHUNK_PARSER = "rmarkdown-julia-imports"


@file_format(CHUNK_PARSER, ("*.qmd", "*.Rmd", "*.rmd", "*.Rmarkdown"), ecosystem="julia", kind="source",
             description="Julia using/import in Quarto and R Markdown {julia} chunks")
def parse_chunks(source: Source) -> Iterator[Mention]:
    """The ``using``/``import`` of a Quarto or R Markdown document's ``{julia}`` chunks (Quarto's Julia engine and
    knitr's JuliaCall run them when the document renders): code, judged although the document's other code blocks
    illustrate, as its ``{r}`` and ``{python}`` chunks are."""
    if "{julia" not in source.text or not knows("julia"):
        return
    from ...parsers._util import chunks_of

    code = chunks_of(source.text, JULIA_CHUNK)
    if code.strip():
        yield from emit(source, import_refs(code, own_names(source)), CHUNK_PARSER)
