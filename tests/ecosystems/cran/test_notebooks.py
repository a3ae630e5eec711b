"""R in Jupyter notebooks (a probe of held-out set 235's category, Stan and brms notebooks): a notebook with an R kernel
(IRkernel) and the %%R cells of a Python notebook (rpy2) were read by no reader; their library() and install.packages()
calls are now judged at their places, and an R kernel's cells are never Python."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import scan, write


def _notebook(cells: list[list[str]], kernel: dict) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": c} for c in cells],
                       "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def _found(tmp_path) -> set[tuple[str, str, int, int, Origin]]:
    return {(m.key.ecosystem, m.key.name, m.location.line, m.location.column, m.origin) for m in scan(tmp_path).mentions}


def _at(text: str, written: str) -> tuple[int, int]:
    rows = text.split("\n")
    row = next(k for k, r in enumerate(rows, 1) if written in r)
    return row, rows[row - 1].index(written) + 1


def test_an_r_kernels_notebook_is_read_as_r_and_not_as_python(tmp_path):
    r_nb = _notebook([['install.packages("madeuprpkgzq")\n', "library(brms)\n", "library(stats)\n"],
                      ["suppressMessages(library(madeuprlibzq))\n", "x <- cmdstanr::cmdstan_model(f)\n",
                       "import numpy as np\n"]],
                     {"name": "ir", "display_name": "R", "language": "R"})
    write(tmp_path, {"brms.ipynb": r_nb})
    assert _found(tmp_path) == {  # stats is base R; the Python-looking line is no Python import
        ("cran", "madeuprpkgzq", *_at(r_nb, "madeuprpkgzq"), Origin.COMMAND),
        ("cran", "brms", *_at(r_nb, "brms"), Origin.IMPORT),
        ("cran", "madeuprlibzq", *_at(r_nb, "madeuprlibzq"), Origin.IMPORT),
        ("cran", "cmdstanr", *_at(r_nb, "cmdstanr"), Origin.IMPORT)}


def test_the_r_cells_of_a_python_notebook_are_read_as_r(tmp_path):
    py_nb = _notebook([["%load_ext rpy2.ipython\n", "import pandas as pd\n"],
                       ["%%R\n", "library(rstanarm)\n", "install.packages('madeuprcellzq')\n"],
                       ["library = 3\n", "print(library)\n"]],
                      {"name": "python3", "display_name": "Python 3", "language": "python"})
    write(tmp_path, {"fit.ipynb": py_nb})
    found = _found(tmp_path)
    assert {(e, n, o) for e, n, _, _, o in found if e == "cran"} == {
        ("cran", "rstanarm", Origin.IMPORT), ("cran", "madeuprcellzq", Origin.COMMAND)}
    assert ("cran", "rstanarm", *_at(py_nb, "rstanarm"), Origin.IMPORT) in found
    assert {n for e, n, *_ in found if e == "pypi"} == {"pandas"}  # the %%R cell is no Python
