"""A Python notebook's cell that a cell magic hands to another language is not Python (held-out set 311: microsoft/qsharp's
samples open their Q# cells with ``%%qsharp``, whose ``import Std.Math.*;`` was read as a Python import of ``std``):
IPython passes the rest of such a cell to the magic as a string. Cells of magics that run Python stay judged."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import scan, write


def _notebook(*cells: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": c.splitlines(keepends=True)} for c in cells],
                       "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1)


def _python_imports(tmp_path) -> set[str]:
    return {m.key.name for m in scan(tmp_path).mentions if m.key.ecosystem == "pypi" and m.origin is Origin.IMPORT}


def test_a_cell_a_magic_hands_to_another_language_is_not_python(tmp_path):
    write(tmp_path, {"samples/vqe.ipynb": _notebook(
        "import qsharp\nimport qutip as qt\n",
        "%%qsharp\nimport Std.Math.*;\nimport Std.Arrays.*;\noperation Run() : Unit {}\n",
        "%%julia\nimport Plots\nusing DataFrames\n",
        "%%sql\nfrom sales import total\n",
        "%%html\n<script type=\"module\">\nimport confetti from 'canvas-confetti'\n</script>\n",
        "%%javascript\nimport widgets from 'madeup-js-widgets'\n",
        "%%R -i df\nlibrary(ggplot2)\n",
    )})
    assert _python_imports(tmp_path) == {"qsharp", "qutip"}


def test_cells_of_magics_that_run_python_and_python_after_another_language_stay_judged(tmp_path):
    # %%time and %%capture run the cell as Python, %%script python3 and %%writefile of a module hold Python; a
    # look-alike in a Python cell after a %%qsharp one, and a magic's name written inside a line, change nothing
    write(tmp_path, {"nb.ipynb": _notebook(
        "%%qsharp\nimport Std.Math.*;\n",
        "import reqeusts\n",
        "%%time\nimport qiskit_invented_timer\n",
        "%%capture\nimport madeup_captured_zq\n",
        "%%script python3\nimport madeup_script_zq\n",
        "%%script /usr/bin/env python\nimport madeup_env_script_zq\n",
        "x = 1  # %%html\nimport madeup_after_comment_zq\n",
    )})
    assert _python_imports(tmp_path) == {"reqeusts", "qiskit-invented-timer", "madeup-captured-zq",
                                         "madeup-script-zq", "madeup-env-script-zq", "madeup-after-comment-zq"}
