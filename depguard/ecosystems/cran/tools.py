"""R: install calls in R code — ``install.packages("x")``, ``install.packages(c("a", "b"))``,
``remotes::install_cran()``, ``pak::pak()``/``pak::pkg_install()``, ``renv::install()``,
``pacman::p_install()`` — and ``Rscript -e '…'``/``R -e '…'``, ecosystem ``cran``.

Only install calls: ``library()``/``require()`` are imports and are read elsewhere. Not CRAN: GitHub refs
(``remotes::install_github("o/r")``, ``pak::pak("o/r")``, ``github::o/r``), Bioconductor (``BiocManager::install``,
``bioc::x``), URLs, local files, and ``install.packages(…, repos = NULL)`` (local archives). Names must be
valid R package names; ``pak::pak("x@1.2")`` and ``renv::install("x@1.2")`` carry a version. A base package
(``install.packages("grid")``: part of R, never on CRAN, where R only warns) names no CRAN package.

A ``repos =`` of literal repository addresses none of which is CRAN (cmdstanr's install guide: ``install.packages(
"cmdstanr", repos = "https://stan-dev.r-universe.dev")``; R-INLA's download site) makes R install the package from
there only: CRAN's answer says nothing about it (not checked, a name CRAN has passes). With CRAN among them
(``getOption("repos")``, a CRAN mirror) or a value that is no literal, CRAN is asked too, and R takes the latest
version of either: judged, as pip's ``--extra-index-url`` is.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ... import lazyre
from ...commands import Target, grammar
from ...commands._calls import Call, calls, position, split_args, strings
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
    index: str | None = None  # the repositories other than CRAN R installs it from (``repos =``), CRAN not among them


# CRAN as a ``repos =`` value names it: R's own default (``getOption("repos")``, ``"@CRAN@"``), the r-project.org hosts
# (cloud, cran and the country mirrors), a mirror or snapshot with "cran" in its address (cran.rstudio.com,
# packagemanager.posit.co/cran, a CRAN r-universe), Posit's and Microsoft's snapshot services
CRAN_REPOS = lazyre.compile(r"(?i)getOption|@CRAN@|r-project\.org|cran|packagemanager\.(?:posit|rstudio)\.com|p3m\.dev"
                            r"|\bmran\.")
REPO_URL = lazyre.compile(r"(?i)(?:https?|file)://[^\s\"']+")


def other_repos(call: Call) -> str | None:
    """The repositories (as they may be shown) an install call's ``repos =`` names when every one of them is a literal
    address and none is CRAN's (:data:`CRAN_REPOS`): R installs from them only. None when CRAN is asked too or the
    value is not literal (a variable, a function's value, ``NULL``)."""
    from ..npm.scoped_registries import shown_url

    arg = next((a for a in call.args if a.keyword == "repos"), None)
    if arg is None or CRAN_REPOS.search(arg.text):
        return None
    text = arg.text.strip()
    if text[:1] in "'\"":
        parts = [text]
    elif text.startswith("c(") or text.startswith("c ("):
        parts = [a.text for a in split_args(text, text.index("(") + 1)[0]]
    else:
        return None
    urls: list[str] = []
    for part in parts:
        values = strings(part, 0)
        if len(values) != 1 or not REPO_URL.fullmatch(values[0][0]):
            return None  # a variable or call among them, or no address: R may take CRAN's
        urls.append(shown_url(values[0][0]))
    return " or ".join(dict.fromkeys(urls)) or None


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
        index = other_repos(call) if call.name in INSTALL_PACKAGES | CRAN_INSTALLERS else None
        for value, offset in values:
            ref = _ref(value, call.name in REF_INSTALLERS)
            if ref and ref[0] in _base_packages():
                continue  # grid, tools, utils…: part of R, never on CRAN; R only warns and installs nothing
            if ref:
                line, col = position(code, offset)
                yield RInstall(ref[0], line, col, ref[1], index)


@functools.lru_cache(maxsize=1)
def _base_packages() -> frozenset[str]:
    """The base packages that ship with every R (``depguard/ecosystems/cran/base-packages.txt``)."""
    from ...imports import data_names

    return data_names("cran", "stdlib")


@grammar("Rscript", "R")
def rscript(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if w.text in ("-e", "--expr") and i + 1 < len(args):
            code = args[i + 1]
            for inst in r_installs(code.text):
                inner = Word(inst.name, inst.line, inst.column, False, inst.name)
                yield Target("cran", inner_word(code, inner), inst.name, spec=inst.spec, index=inst.index,
                             index_only=inst.index is not None)
