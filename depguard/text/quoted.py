"""The parts of a Markdown document that show another document: a code block that holds a code block of its own.

A page that shows a whole file inside a block (a longer fence around a README with its own fenced commands, or a
diff's added lines ``+ ```…`` that write such a block into a file) quotes that file: the commands of the inner
block are addressed to the quoted file's readers, not this page's (aider's "editing non-code files" page shows a
chat that adds an installation section for an imaginary ``cool-app-10k`` to a README). A scan of a repository's
documents weighs what is quoted there as it weighs an example (``depguard.scan``: a flag is a note unless the name
exists and is suspicious). A MyST directive's block (```` ```{tab-item} ````) is no quotation: its content is
rendered, nested fences and all, so its commands stay judged; and a text under judgement (a chat answer, an
agent's message) gets no such weighing.
"""

from __future__ import annotations

from .. import lazyre

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx", ".mdc", ".cursorrules", ".windsurfrules", ".clinerules")
# a diff's added line ("+ ```"): the marker and the space after it are not the quoted file's
DIFF_ADDED = lazyre.compile(r"^\+[ \t]?")

Quoted = tuple[int, int]  # the first and last line (1-based) of a block that quotes a document


def quoted_parts(text: str, path: str) -> list[Quoted]:
    """The line ranges of the code blocks of the Markdown document ``text`` (named ``path``) that hold a code block
    of their own, outermost only; [] for a document of another kind."""
    from . import FENCE, _closes

    if not path.lower().endswith(MARKDOWN_SUFFIXES) or text.count("```") + text.count("~~~") < 3:
        return []
    lines = text.split("\n")
    out: list[Quoted] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None or (m.group("fence")[0] == "`" and "`" in m.group("info")):
            i += 1
            continue
        fence = m.group("fence")
        j = i + 1
        while j < len(lines) and not _closes(lines[j], fence):
            j += 1
        rendered = m.group("info").lstrip().startswith("{")  # a MyST directive renders what it holds
        if not rendered and any(FENCE.match(DIFF_ADDED.sub("", ln)) for ln in lines[i + 1:j]):
            out.append((i + 2, j))  # the body: the lines after the opening fence up to the closing one
        i = j + 1
    return out


def is_quoted(parts: list[Quoted], line: int | None) -> bool:
    """Whether ``line`` lies in one of ``parts``."""
    return line is not None and any(first <= line <= last for first, last in parts)
