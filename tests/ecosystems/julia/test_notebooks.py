"""Julia in Jupyter notebooks (a probe of held-out set 235's category, Turing.jl notebooks): a notebook with an IJulia
kernel and the %%julia cells of a Python notebook were read by no reader; their using/import lines and Pkg.add calls
are now judged at their places."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import scan, write


def _notebook(cells: list[list[str]], kernel: dict) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": c} for c in cells],
                       "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def _at(text: str, written: str) -> tuple[int, int]:
    rows = text.split("\n")
    row = next(k for k, r in enumerate(rows, 1) if written in r)
    return row, rows[row - 1].index(written) + 1


def test_a_julia_kernels_notebook_and_a_python_notebooks_julia_cell_are_read_as_julia(tmp_path):
    jl_nb = _notebook([["using Pkg\n", 'Pkg.add("MadeupJlPkgZq")\n'], ["using Turing, LinearAlgebra\n",
                                                                      "import MadeupJlModZq\n"]],
                      {"name": "julia-1.10", "display_name": "Julia 1.10.4", "language": "julia"})
    py_nb = _notebook([["import numpy as np\n"], ["%%julia\n", "using Distributions\n"], ["using = 1\n"]],
                      {"name": "python3", "display_name": "Python 3", "language": "python"})
    write(tmp_path, {"turing.ipynb": jl_nb, "mixed.ipynb": py_nb})
    found = {(m.location.path, m.key.ecosystem, m.key.name, m.location.line, m.location.column, m.origin)
             for m in scan(tmp_path).mentions}
    assert found == {  # LinearAlgebra and Pkg are Julia's standard library
        ("turing.ipynb", "julia", "MadeupJlPkgZq", *_at(jl_nb, "MadeupJlPkgZq"), Origin.COMMAND),
        ("turing.ipynb", "julia", "Turing", *_at(jl_nb, "Turing"), Origin.IMPORT),
        ("turing.ipynb", "julia", "MadeupJlModZq", *_at(jl_nb, "MadeupJlModZq"), Origin.IMPORT),
        ("mixed.ipynb", "julia", "Distributions", *_at(py_nb, "Distributions"), Origin.IMPORT),
        ("mixed.ipynb", "pypi", "numpy", *_at(py_nb, "numpy"), Origin.IMPORT)}
