"""R: install calls in R code — ``install.packages("x")``, ``install.packages(c("a", "b"))``,
``remotes::install_cran()``, ``pak::pak()``/``pak::pkg_install()``, ``renv::install()``,
``pacman::p_install()`` — and ``Rscript -e '…'``/``R -e '…'``, ecosystem ``cran``.

Only install calls: ``library()``/``require()`` are imports and are read elsewhere. Not CRAN: GitHub refs
(``remotes::install_github("o/r")``, ``pak::pak("o/r")``, ``github::o/r``), Bioconductor (``BiocManager::install``,
``bioc::x``), URLs, local files, and ``install.packages(…, repos = NULL)`` (local archives). Names must be
valid R package names; ``pak::pak("x@1.2")`` and ``renv::install("x@1.2")`` carry a version.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Target, grammar
from ...commands._calls import calls, position, strings
from ...commands.shell import Word, inner_word
from ...records import record

R_NAME = lazyre.compile(r"^[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]$")
INSTALL_PACKAGES = {"install.packages", "utils::install.packages"}
CRAN_INSTALLERS = {"remotes::install_cran", "devtools::install_cran", "install_cran", "pacman::p_install",
                   "p_install"}
REF_INSTALLERS = {"pak::pak", "pak::pkg_install", "pak", "pkg_install", "renv::install", "pak::local_install_deps"}
FIRST_ARG = {"install.packages": "pkgs", "utils::install.packages": "pkgs", "remotes::install_cran": "pkgs",
             "devtools::install_cran": "pkgs", "install_cran": "pkgs", "pacman::p_install": "package",
             "p_install": "package", "pak::pak": "pkg", "pak": "pkg", "pak::pkg_install": "pkg",
             "pkg_install": "pkg", "renv::install": "packages"}


@record(frozen=True)
class RInstall:
    name: str
    line: int  # 1-based within the code
    column: int
    spec: str | None = None


def _ref(value: str, refs: bool) -> tuple[str, str | None] | None:
    """(name, version) for a CRAN reference, or None (GitHub, Bioconductor, URL, file)."""
    value = value.strip()
    if refs:
        if value.startswith("cran::"):
            value = value[6:]
        if "::" in value or "/" in value or "#" in value:
            return None
        name, _, version = value.partition("@")
        return (name, version or None) if R_NAME.match(name) else None
    return (value, None) if R_NAME.match(value) else None


def r_installs(code: str) -> Iterator[RInstall]:
    """The CRAN packages that R code installs, with their positions in ``code``."""
    wanted = INSTALL_PACKAGES | CRAN_INSTALLERS | REF_INSTALLERS
    for call in calls(code, wanted):
        kw = FIRST_ARG.get(call.name, "pkgs")
        if call.name in INSTALL_PACKAGES and any(a.keyword == "repos" and a.text == "NULL" for a in call.args):
            continue
        arg = next((a for a in call.args if a.keyword == kw), None)
        if arg is None:
            arg = next((a for a in call.args if a.keyword is None), None)
        if arg is None:
            continue
        if call.name in ("pacman::p_install", "p_install") and arg.text[:1] not in "'\"c":
            values = [(arg.text, arg.offset)] if R_NAME.match(arg.text) else []
        else:
            values = strings(arg.text, arg.offset)
        for value, offset in values:
            ref = _ref(value, call.name in REF_INSTALLERS)
            if ref:
                line, col = position(code, offset)
                yield RInstall(ref[0], line, col, ref[1])


@grammar("Rscript", "R")
def rscript(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if w.text in ("-e", "--expr") and i + 1 < len(args):
            code = args[i + 1]
            for inst in r_installs(code.text):
                inner = Word(inst.name, inst.line, inst.column, False, inst.name)
                yield Target("cran", inner_word(code, inner), inst.name, spec=inst.spec)
