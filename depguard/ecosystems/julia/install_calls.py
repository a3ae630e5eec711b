"""Install calls inside Julia code: ``Pkg.add("X")`` and Pkg REPL lines in ``*.jl``. Imports (``using X``) are
not read here."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from .. import catalog
from .tools import julia_installs


@file_format("julia-install", ("*.jl",), kind="source", description="Julia Pkg.add calls and Pkg REPL lines")
def parse_julia(source: Source) -> Iterator[Mention]:
    if "julia" not in catalog():
        return
    for inst in julia_installs(source.text):
        yield source.mention("julia", inst.written, inst.line, inst.column, Origin.COMMAND, "julia-install",
                             spec=inst.spec, name=inst.name)
