"""Where a document's sections start: a page's install and a later command in the same section are one set of
instructions; across a heading they may be alternatives (depguard/scan.py: a runner given the tree's own bin)."""

from __future__ import annotations

from .. import lazyre

HEADING = lazyre.compile(r"(?:#{1,6}|={1,6})[ \t]+\S")  # Markdown and AsciiDoc headings
RST_UNDERLINE = lazyre.compile(r"([=\-~^\"'`#*+])\1{2,}")  # a reStructuredText title's underline


def section_starts(text: str) -> list[int]:
    """The lines of a document that start a section (Markdown ``#`` and AsciiDoc ``=`` headings outside fenced
    blocks, reStructuredText titles underlined), in order."""
    return [line for line, _level in headings(text)]


def headings(text: str) -> list[tuple[int, int]]:
    """(line, level) of each heading of a document (:func:`section_starts`): the count of ``#`` or ``=`` marks, and
    for a reStructuredText title the rank of its underline's character in the order the document first uses them
    (its convention)."""
    out: list[tuple[int, int]] = []
    underlines: list[str] = []
    fence = False
    lines = text.split("\n")
    for no, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence:
            continue
        if HEADING.match(line):
            out.append((no, len(line) - len(line.lstrip(line[0]))))
        elif no < len(lines) and stripped and RST_UNDERLINE.fullmatch(lines[no].rstrip()) \
                and len(lines[no].rstrip()) >= len(line.rstrip()):
            mark = lines[no][0]
            if mark not in underlines:
                underlines.append(mark)
            out.append((no, underlines.index(mark) + 1))
    return out


def next_heading(text: str, line: int) -> int | None:
    """The line of the first heading after ``line``, of any level; None when there is none."""
    return next((no for no, _level in headings(text) if no > line), None)
