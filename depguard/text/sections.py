"""Where a document's sections start: a page's install and a later command in the same section are one set of
instructions; across a heading they may be alternatives (depguard/scan.py: a runner given the tree's own bin)."""

from __future__ import annotations

from .. import lazyre

HEADING = lazyre.compile(r"(?:#{1,6}|={1,6})[ \t]+\S")  # Markdown and AsciiDoc headings
RST_UNDERLINE = lazyre.compile(r"([=\-~^\"'`#*+])\1{2,}")  # a reStructuredText title's underline


def section_starts(text: str) -> list[int]:
    """The lines of a document that start a section (Markdown ``#`` and AsciiDoc ``=`` headings outside fenced
    blocks, reStructuredText titles underlined), in order."""
    out: list[int] = []
    fence = False
    lines = text.split("\n")
    for no, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence:
            continue
        if HEADING.match(line) or (no < len(lines) and stripped and RST_UNDERLINE.fullmatch(lines[no].rstrip())
                                   and len(lines[no].rstrip()) >= len(line.rstrip())):
            out.append(no)
    return out



def next_heading(text: str, line: int) -> int | None:
    """The line of the first section start (:func:`section_starts`) after ``line``; None when there is none."""
    return next((no for no in section_starts(text) if no > line), None)
