"""The Python modules R code imports through reticulate: ``reticulate::import("numpy")``, and ``import("pandas")``
in R code that uses reticulate (the file names it, or the nearest DESCRIPTION does: an R package wrapping a Python
library, rstudio/tensorflow's ``import("tensorflow", delay_load = …)``), in ``*.R`` files and the ``{r}`` chunks of
R Markdown and Quarto documents. reticulate imports the module into the Python it binds, so the name is judged as an
``import`` written there (:func:`.command_modules.command_import`): a distribution's module is that distribution
(``import("tensorflow_probability")``), a module of the tree's own Python folders the tree's, a standard-library module
nothing, and a module nothing installs is flagged as an ``import`` of it is. An import inside ``try()`` or ``tryCatch()``
(reticulate's own ``tryCatch(import("positron.positron_ipkernel"), error = …)``, the module the Positron IDE provides)
is judged as a Python import guarded by ``try:`` … ``except ImportError:`` is. Only a string literal is a name
(``import(module)`` with a variable is not); ``import_from_path`` (a folder's module) and ``import_builtins`` name none.
Before, nothing read these calls (session 37's h275, R packages on reticulate)."""

from __future__ import annotations

from collections.abc import Iterator

from ...commands._calls import calls, position, strings
from ...imports import from_nearest
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...records import replace

PARSER = "r-reticulate-imports"
QUALIFIED = {"reticulate::import"}
BARE = {"import"}
# R's handlers of a failing call: an import inside one is optional, as a Python import in try/except ImportError is
GUARDS = {"try", "tryCatch", "base::try", "base::tryCatch"}


def _uses_reticulate(text: str) -> bool:
    return "reticulate" in text


def _modules(code: str, bare: bool) -> Iterator[tuple[str, int]]:
    """(module, offset) of each literal module ``code``'s import calls name."""
    for call in calls(code, QUALIFIED | BARE if bare else QUALIFIED):
        arg = next((a for a in call.args if a.keyword == "module"), None)
        arg = arg or next((a for a in call.args if a.keyword is None), None)
        if arg is not None:
            yield from strings(arg.text, arg.offset, list_calls=())[:1]


def _imports(source: Source, code: str) -> Iterator[Mention]:
    if "import" not in code:
        return
    from .command_modules import command_import

    bare = _uses_reticulate(code) or bool(from_nearest(source, "DESCRIPTION", _uses_reticulate))
    guarded = [(c.args[0].offset, c.args[-1].offset + len(c.args[-1].text)) for c in calls(code, GUARDS) if c.args]
    for module, offset in _modules(code, bare):
        line, column = position(code, offset)
        optional = any(start <= offset < end for start, end in guarded)
        for found in command_import(source, module, line, column, guarded=optional):
            yield replace(found, parser=PARSER, note="reticulate imports it into Python")


@file_format(PARSER, ("*.R", "*.r", "*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), ecosystem="pypi", kind="source",
             description="the Python modules R code imports through reticulate")
def parse(source: Source) -> Iterator[Mention]:
    """``import("x")`` of R code (a document's ``{r}`` chunks), judged as ``import x`` at the call's string."""
    if "import" not in source.text:
        return
    code = source.text
    if source.path.endswith((".Rmd", ".rmd", ".qmd", ".Rmarkdown")):
        from ..cran.install_calls import r_chunks

        code = r_chunks(code)
    yield from _imports(source, code)


REQUIREMENTS_PARSER = "r-reticulate-requirements"
# reticulate's declarations of the PyPI packages its Python needs: py_require() has uv install them, virtualenv_install()
# pip-installs them into a virtualenv. py_install() pip-installs them too unless it is told to use conda: its documented
# default ("auto") is a virtualenv on Linux and macOS (conda on Windows only), and with `pip = TRUE` even its conda
# method installs with pip; conda_install() takes conda's packages (conda-forge's) unless given `pip = TRUE`. A call that
# uses conda's packages is not read here (their names are conda's, not PyPI's)
REQUIRE = {"py_require", "reticulate::py_require"}
VIRTUALENV = {"virtualenv_install", "reticulate::virtualenv_install"}
PY_INSTALL = {"py_install", "reticulate::py_install"}
CONDA_INSTALL = {"conda_install", "reticulate::conda_install"}
NOTES = {**dict.fromkeys(REQUIRE | VIRTUALENV, "a reticulate py_require() or virtualenv_install() call"),
         **dict.fromkeys(PY_INSTALL, "a reticulate py_install() call, which pip installs (its default method on Linux and "
                                     "macOS, or pip = TRUE)"),
         **dict.fromkeys(CONDA_INSTALL, "a reticulate conda_install(pip = TRUE) call, which pip installs")}


def _with_pip(call) -> bool:
    """Whether the call installs with pip: ``pip = TRUE`` (``T``); else py_install() unless its method is conda's."""
    pip = next((a.text.strip() for a in call.args if a.keyword == "pip"), None)
    if pip is not None and pip in ("TRUE", "T"):
        return True
    if call.name in CONDA_INSTALL:
        return False
    if call.name in PY_INSTALL:
        method = next((a.text for a in call.args if a.keyword == "method"), None)
        return method is None or "conda" not in method
    return True


def _requirements(code: str) -> Iterator[tuple[str, int, str]]:
    """(requirement, offset, call) of each literal package of ``code``'s py_require(), virtualenv_install() and, when
    they install with pip, py_install() and conda_install() calls."""
    for call in calls(code, REQUIRE | VIRTUALENV | PY_INSTALL | CONDA_INSTALL):
        if any(a.keyword == "action" and "remove" in a.text for a in call.args) or not _with_pip(call):
            continue
        positional = [a for a in call.args if a.keyword is None]
        arg = next((a for a in call.args if a.keyword == "packages"), None)
        at = 0 if call.name in REQUIRE | PY_INSTALL else 1
        arg = arg or (positional[at] if len(positional) > at else None)
        if arg is not None:
            for req, offset in strings(arg.text, arg.offset):
                yield req, offset, call.name


@file_format(REQUIREMENTS_PARSER, ("*.R", "*.r", "*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), ecosystem="pypi",
             kind="source", description="the PyPI packages R code requires through reticulate's py_require()")
def parse_requirements(source: Source) -> Iterator[Mention]:
    """Each literal requirement of ``py_require("pandas")``, ``virtualenv_install("env", "scipy")``, ``py_install("x")``
    (not with ``method = "conda"`` unless ``pip = TRUE``) or ``conda_install("env", "x", pip = TRUE)``, read as a
    requirement the code declares (a URL or a path is not a registry name)."""
    if not any(f in source.text for f in ("py_require", "virtualenv_install", "py_install", "conda_install")):
        return
    if "tests/testthat/" in "/" + source.path.replace("\\", "/"):
        return  # testthat's tests: what they require is their input (reticulate's own, "notexists", "os" for the error)
    from ._python import LOCAL_PATH, requirement_mention

    code = source.text
    if source.path.endswith((".Rmd", ".rmd", ".qmd", ".Rmarkdown")):
        from ..cran.install_calls import r_chunks

        code = r_chunks(code)
    lines = source.text.split("\n")
    for req, offset, call in _requirements(code):
        if not req or "://" in req or req.startswith(("-", "/", ".", "file:", "~")) or LOCAL_PATH.match(req):
            continue
        line, column = position(code, offset)
        m = requirement_mention(source, lines, req, line, column, REQUIREMENTS_PARSER, NOTES[call],
                                origin=Origin.MANIFEST)
        if m is not None:
            yield m
