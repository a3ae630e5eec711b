"""MyST Markdown notebooks with a Python kernel: the code cells Jupyter Book and MyST-NB run
(:mod:`depguard.parsers.myst_cells`), QuantEcon's lectures' ```` ```{code-cell} ipython3 ```` then ``import quantecon
as qe``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers.myst_cells import code_cells, kernel_words

PARSER = "myst-notebook-imports"


@file_format(PARSER, ("*.md",), ecosystem="pypi", kind="source",
             description="Python imports in the code cells of a MyST notebook (Jupyter Book, MyST-NB)")
def parse(source: Source) -> Iterator[Mention]:
    """The imports of a MyST notebook's ``{code-cell}`` blocks when its front matter names a Python kernel: the code
    Jupyter Book runs, judged as a notebook's is, while the page's other code blocks illustrate
    (``judge-docs-imports``). Its ``!pip`` lines are the Markdown reader's. Python's import reader is loaded only
    for such a page (every ``*.md`` file is offered to this format)."""
    if "{code-cell}" not in source.text:
        return
    words = kernel_words(source.text)
    if words is None:
        return
    from ...records import replace
    from . import imports

    if words and not any(imports.PYTHON_WORD.search(w) for w in words):
        return
    code = code_cells(source.text, imports.PYTHON_WORD)
    if code.strip():
        for m in imports.parse(source.fragment(code, 1)):
            if m.origin is Origin.IMPORT:
                yield replace(m, parser=PARSER)
