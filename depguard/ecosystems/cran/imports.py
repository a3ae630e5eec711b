"""R package use (``*.R``, ``*.r``, ``.Rprofile``, and the ``{r}`` chunks of R Markdown and Quarto documents):
``library(x)``, ``require(x)``, ``requireNamespace("x")``, ``loadNamespace("x")``, ``pacman::p_load(x, y)``
and ``x::f`` / ``x:::f`` name the CRAN package ``x`` (ecosystem ``cran``).

No maintained tree-sitter grammar wheel for R is on PyPI, so this reads R with the string- and comment-aware
call scanner of ``depguard/commands/_calls.py`` (the one the install-call formats use): strings with escapes,
backtick names, ``#`` comments (roxygen ``#' @import`` lines included) and bracket nesting. A bare name is a
package for ``library``/``require``/``p_load`` unless ``character.only = TRUE`` makes it a variable; for
``requireNamespace``/``loadNamespace`` only string literals are names. Skipped: the base packages
(``depguard/ecosystems/cran/base-packages.txt``), invalid names, the package's own name (``Package:`` of the nearest
``DESCRIPTION``), ``Hints.local_packages`` and the packages the tree's conda environments provide
(``Hints.r_packages_elsewhere``: ``bioconductor-deseq2`` for ``library(DESeq2)`` in a Snakemake rule's script, which
conda installs and CRAN never had: :mod:`.conda_provided`). ``install.packages()`` and friends are install commands,
read by the ``r-install`` formats.

The code of a package whose DESCRIPTION resolves from other repositories than CRAN (Bioconductor's, for a ``biocViews``
field; ``Additional_repositories``: :mod:`.r_description`) attaches packages from them: DESeq2's vignette loads
``airway`` and ``tximeta``, its tests ``tximportData`` (held-out set 265), all Bioconductor's. Its R files' names are
marked as its DESCRIPTION's are: a name CRAN has passes, one it lacks is not checked (DG100), a look-alike is judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...commands._calls import calls, identifiers, position, strings
from ...imports import ImportRef, data_names, emit, from_nearest, knows
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers.other_sources import mark_from_other_sources

PARSER = "r-imports"
R_NAME = re.compile(r"[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]")
ATTACH = {"library", "require", "base::library", "base::require"}
NAMESPACE = {"requireNamespace", "loadNamespace", "base::requireNamespace", "base::loadNamespace"}
P_LOAD = {"p_load", "pacman::p_load"}


def _call_names(code: str) -> Iterator[tuple[str, int]]:
    """(package, offset) of the packages named by library-like calls in R ``code``."""
    for call in calls(code, ATTACH | NAMESPACE | P_LOAD):
        variable = any(a.keyword == "character.only" and a.text not in ("FALSE", "F") for a in call.args)
        if call.name in P_LOAD:
            args = [a for a in call.args if a.keyword is None]
        else:
            arg = next((a for a in call.args if a.keyword == "package"), None)
            arg = arg or next((a for a in call.args if a.keyword is None), None)
            args = [arg] if arg is not None else []
        for arg in args:
            literal = strings(arg.text, arg.offset, list_calls=())
            if literal:
                yield from literal
            elif call.name not in NAMESPACE and not variable and R_NAME.fullmatch(arg.text):
                yield arg.text, arg.offset


def _namespace_refs(code: str) -> Iterator[tuple[str, int]]:
    """(package, offset) of every ``pkg::name`` / ``pkg:::name`` outside strings and comments."""
    for name, i in identifiers(code):
        if i and (code[i - 1].isalnum() or code[i - 1] in "._$@"):
            continue
        if "::" in name:
            yield name.partition("::")[0], i
        elif code.startswith("::", i + len(name)):  # pkg::`%>%`
            yield name, i


def import_refs(code: str, own: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """(cran, package, line, column) for each package R ``code`` attaches, loads or calls into."""
    if "(" not in code and "::" not in code:
        return
    base = data_names("cran", "stdlib")
    found = sorted({*_call_names(code), *_namespace_refs(code)}, key=lambda x: x[1])
    for name, offset in found:
        if not R_NAME.fullmatch(name) or name in base or name in own:
            continue
        line, col = position(code, offset)
        yield ImportRef("cran", name, line, col, name)


def _description_package(text: str) -> str | None:
    m = re.search(r"^Package:[ \t]*(\S+)", text, re.M)
    return m.group(1) if m else None


def own_names(source: Source) -> frozenset[str]:
    """The package's own name (``Package:`` of the nearest DESCRIPTION) and the scan's local packages."""
    name = from_nearest(source, "DESCRIPTION", _description_package)
    return frozenset(source.hints.local_packages) | ({name} if name else set())


def _from_conda(source: Source, refs: Iterator[ImportRef]) -> Iterator[ImportRef]:
    """The refs less those of packages the tree's conda environments provide (``r-x``/``bioconductor-x``, the name
    lowercased: :mod:`.conda_provided`), which come from conda, not CRAN."""
    provided = source.hints.r_packages_elsewhere
    return (r for r in refs if r.name.lower() not in provided) if provided else refs


def _package_repositories(source: Source, mentions: Iterator[Mention]) -> Iterator[Mention]:
    """``mentions`` marked not checked when CRAN lacks them and the nearest DESCRIPTION resolves from other
    repositories too (:func:`.r_description.other_repositories`)."""
    from .r_description import other_repositories

    yield from mark_from_other_sources(
        mentions, "cran", lambda: from_nearest(source, "DESCRIPTION", other_repositories) or [],
        "its package's DESCRIPTION also resolves from {url} ({where}), which depguard does not ask",
        origins=frozenset({Origin.IMPORT}))


@file_format(PARSER, ("*.R", "*.r", ".Rprofile", "Rprofile.site"), ecosystem="cran", kind="source",
             description="R library/require/requireNamespace and pkg:: references")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("cran"):
        return
    yield from _package_repositories(
        source, emit(source, _from_conda(source, import_refs(source.text, own_names(source))), PARSER))


@file_format("rmarkdown-imports", ("*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), ecosystem="cran", kind="source",
             description="R library/require and pkg:: references in R Markdown and Quarto {r} chunks")
def parse_rmd(source: Source) -> Iterator[Mention]:
    from .install_calls import r_chunks

    if not knows("cran"):
        return
    yield from _package_repositories(
        source, emit(source, _from_conda(source, import_refs(r_chunks(source.text), own_names(source))),
                     "rmarkdown-imports"))
