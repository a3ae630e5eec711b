"""MyST Markdown notebooks with a Julia kernel: the code cells Jupyter Book and MyST-NB run with IJulia
(:mod:`depguard.parsers.myst_cells`), QuantEcon's Julia lectures' ```` ```{code-cell} julia ```` then ``using
LinearAlgebra, Statistics, Plots``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers.myst_cells import code_cells, kernel_words

PARSER = "myst-julia-notebook-imports"
JULIA_WORD = lazyre.compile(r"\bjulia\b", re.I)


@file_format(PARSER, ("*.md",), ecosystem="julia", kind="source",
             description="Julia using/import in the code cells of a MyST notebook with a Julia kernel")
def parse(source: Source) -> Iterator[Mention]:
    """The ``using``/``import`` of a MyST notebook's ``{code-cell}`` blocks when its front matter names a Julia kernel:
    the code Jupyter Book runs, judged although the page is a document. Julia's import reader is loaded only for such
    a page (every ``*.md`` file is offered to this format)."""
    if "{code-cell}" not in source.text:
        return
    words = kernel_words(source.text)
    if not words or not any(JULIA_WORD.search(w) for w in words):
        return
    from ...imports import emit, knows
    from .imports import import_refs, own_names

    if not knows("julia"):
        return
    code = code_cells(source.text, JULIA_WORD)
    if code.strip():
        yield from emit(source, import_refs(code, own_names(source)), PARSER)
