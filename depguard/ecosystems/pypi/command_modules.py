"""The module a command runs as a program (``python -m grpc_tools.protoc``, ``python3 -m uvicorn app:api``): the
``[imports] command`` function of ``ecosystem.toml`` (:func:`depguard.commands.mentions_of_imports`).

Python finds the module ``-m`` names as ``import`` finds it, so the name is judged as an ``import`` written where the
command is: the standard library's (``http.server``, ``venv``), the tree's own modules and those beside the file
(``python -m app.main``, ``python -m tests``), the distributions the manifests around the file declare and the import map
(``grpc_tools`` is grpcio-tools') all stay quiet; a module no distribution installs is flagged as an import of it is."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source
from ...records import replace

# a dotted module path as ``-m`` takes it (no path, no ``.py``, no variable)
DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
STATEMENT = "import "


def command_import(source: Source, module: str, line: int, column: int, guarded: bool = False) -> Iterator[Mention]:
    """The mentions ``import <module>`` would make at 1-based ``line`` of ``source`` where the command names the module at
    ``column``; ``guarded``: the code handles the import's failure (R's ``tryCatch(import("x"), error = …)``), judged
    as a Python ``import`` in ``try:`` … ``except ImportError:`` is."""
    if not DOTTED.fullmatch(module) or module.endswith(".py"):
        return
    from .imports import parse, stdlib

    if module.split(".", 1)[0] in stdlib():
        # the import parser skips the standard library's modules (``python -m venv``, ``http.server``) too: asked
        # here first, a chat answer's `python -m venv .venv` no longer parses Python, which loads every ecosystem's
        # package for the parser's languages (tests/performance/test_text_path_cost.py, broken since 0fadbbae)
        return

    code = f"try:\n    {STATEMENT}{module}\nexcept ImportError:\n    pass\n" if guarded else STATEMENT + module
    for m in parse(source.fragment(code, line - 1 if guarded else line)):
        if m.origin is not Origin.IMPORT:
            continue
        at = module.find(m.written) if m.written else 0
        at = max(at, 0)
        yield replace(m, location=source.loc(line, column + at, line, column + at + len(m.written)))
