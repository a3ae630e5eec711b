"""The parts of a Markdown document its readers never see: HTML comments (``<!-- … -->``, over lines too) and,
in MDX, JSX comments (``{/* … */}``), outside fenced code blocks and code spans (where they are shown as
written).

A scan of a repository's documents weighs what is hidden there as it weighs an example (``depguard.scan``:
a flag is a note unless the name exists and is suspicious): nobody copies a command nobody sees, and a block
commented out is usually an old instruction. A text under judgement (a chat answer, an agent's message) gets
no such weighing: there hidden markup is a way to slip a name past its reader, and is read as written.
"""

from __future__ import annotations

from .. import lazyre
from .rendered import code_spans

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx", ".mdc", ".cursorrules", ".windsurfrules", ".clinerules")
OPENERS = {"<!--": "-->", "{/*": "*/}"}
HTML_OPEN = lazyre.compile(r"<!--")
MDX_OPEN = lazyre.compile(r"<!--|\{/\*")

Place = tuple[int, int]  # 1-based line, 1-based column
Hidden = tuple[Place, Place]  # first and last character of a comment, both inside it


def hidden_parts(text: str, path: str) -> list[Hidden]:
    """The comments of the Markdown document ``text`` (named ``path``: ``.mdx`` adds JSX comments), in order;
    [] for a document of another kind."""
    from . import FENCE, _closes

    low = path.lower()
    if not low.endswith(MARKDOWN_SUFFIXES) or ("<!--" not in text and "{/*" not in text):
        return []
    opening = MDX_OPEN if low.endswith(".mdx") else HTML_OPEN
    out: list[Hidden] = []
    fence: str | None = None
    closing: str | None = None  # the closing mark of the comment open at the end of the last line
    start: Place = (0, 0)
    for n, line in enumerate(text.split("\n"), 1):
        at = 0
        spans: list[tuple[int, int]] | None = None  # the line's code spans, read once (l39: once per comment was
        k = 0  # quadratic on a line of many); k: the first span not ending at or before the last opening looked at
        if closing is None and fence is None:
            m = FENCE.match(line)
            if m:
                fence = m.group("fence")
                continue
        elif fence is not None:
            if _closes(line, fence):
                fence = None
            continue
        while True:
            if closing is not None:
                end = line.find(closing, at)
                if end < 0:
                    break
                out.append((start, (n, end + len(closing))))
                at, closing = end + len(closing), None
            if spans is None:
                spans = code_spans(line) if "`" in line else []
            m = opening.search(line, at)
            while m is not None:  # an opening inside a code span is shown as written: look again after the span
                while k < len(spans) and spans[k][1] <= m.start():
                    k += 1
                if k == len(spans) or spans[k][0] > m.start():
                    break
                m = opening.search(line, spans[k][1])
            if m is None:
                break
            start, closing, at = (n, m.start() + 1), OPENERS[m.group(0)], m.end()
    if closing is not None:  # never closed: hidden to the end, as CommonMark's HTML block of kind 2 is
        out.append((start, (len(text.split("\n")), 1 << 30)))
    return out


def is_hidden(parts: list[Hidden], line: int | None, column: int | None) -> bool:
    """Whether the place (line, column) lies in one of ``parts``."""
    if line is None:
        return False
    place = (line, column or 1)
    return any(first <= place <= last for first, last in parts)
