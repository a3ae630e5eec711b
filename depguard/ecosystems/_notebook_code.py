"""The code cells of a Jupyter notebook that another language's kernel runs (IRkernel's R, IJulia's Julia), and the
cells of a Python notebook that a cell magic hands to that language (rpy2's ``%%R``, PyJulia's ``%%julia``): what the
readers of those ecosystems read, each code position placed at its line and column of the notebook file."""

from __future__ import annotations

import json
import re

from .. import lazyre
from ..records import replace

TYPE_CHECKING = False  # typing is not imported at run time for annotations
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, TypeVar

    R = TypeVar("R")
    I = TypeVar("I")  # noqa: E741

Cell = tuple[str, list[int], list[int]]  # code, the file line of each code line, the column of each (0: not found)


def kernel_says(metadata: object, language: re.Pattern[str] | lazyre.Pattern) -> bool:
    """Whether a notebook's metadata names the language ``language`` matches whole: its ``language_info.name``, its
    ``kernelspec``'s ``language`` or ``name`` (IRkernel's ``ir``, IJulia's ``julia-1.10``)."""
    if not isinstance(metadata, dict):
        return False
    info, spec = metadata.get("language_info"), metadata.get("kernelspec")
    said = [info.get("name") if isinstance(info, dict) else None,
            *([spec.get("language"), spec.get("name")] if isinstance(spec, dict) else [])]
    return any(isinstance(w, str) and language.fullmatch(w.strip()) is not None for w in said)


def language_cells(text: str, data: object, language: re.Pattern[str] | lazyre.Pattern,
                   magic: re.Pattern[str] | lazyre.Pattern) -> list[Cell]:
    """The cells of ``data`` (decoded from ``text``) in that language: every code cell when the notebook's kernel is
    the language's, else the cells of a Python notebook that open with the cell ``magic`` (that line blanked)."""
    from .pypi.imports import notebook_cells

    kernel: Callable[[object], bool] = lambda metadata: kernel_says(metadata, language)  # noqa: E731
    if isinstance(data, dict) and kernel(data.get("metadata")):
        # a cell that names its language (nbformat 3) is read when it names this one, whole
        cell_language = re.compile(rf"^\s*(?:{language.pattern.removeprefix('(?i)')})\s*$", re.I)
        return list(notebook_cells(text, data, kernel=kernel, language=cell_language))
    out: list[Cell] = []
    for code, lines, cols in notebook_cells(text, data):
        if magic.match(code):
            first = code.split("\n", 1)[0]
            out.append((" " * len(first) + code[len(first):], lines, cols))
    return out


def placed(code: str, lines: list[int], cols: list[int], line: int, column: int) -> tuple[int, int]:
    """The notebook file's (line, column) of a cell's code position (1-based in ``code``): a cell line sits inside a
    JSON string, its column the string's plus the (escaped) prefix's."""
    col = cols[line - 1]
    prefix = code.split("\n")[line - 1][:column - 1]
    return lines[line - 1], col + len(json.dumps(prefix)) - 1 if col else column


def cell_names(text: str, language: re.Pattern[str] | lazyre.Pattern, magic: re.Pattern[str] | lazyre.Pattern,
               said: re.Pattern[str] | lazyre.Pattern, magic_text: str, refs_of: Callable[[str], Iterable[R]],
               installs_of: Callable[[str], Iterable[I]]) -> tuple[list[R], list[I]]:
    """What the language's readers find in a notebook's cells of that language (:func:`language_cells`): the import
    refs and the installs (records with ``line`` and ``column``), placed in the notebook file. A quick look for the
    cell magic's text or the kernel's metadata (``said``) comes before the JSON is decoded a second time (the Python
    reader decodes it too, and reports a notebook that is no JSON)."""
    if magic_text not in text and not said.search(text):
        return [], []
    try:
        data = json.loads(text)
    except ValueError:
        return [], []
    refs: list[Any] = []
    installs: list[Any] = []
    for code, lines, cols in language_cells(text, data, language, magic):
        pairs: tuple[tuple[Iterable[Any], list[Any]], ...] = ((refs_of(code), refs), (installs_of(code), installs))
        for found, out in pairs:
            for item in found:
                line, column = placed(code, lines, cols, item.line, item.column)
                out.append(replace(item, line=line, column=column))
    return refs, installs
