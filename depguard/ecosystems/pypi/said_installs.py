"""Install commands a Python source file says or runs: in its comments (``# pip install x``), its docstrings and
other strings (``Install with `pip install x`.``, an RST ``::`` block, ``raise ImportError("run `pip install
x`")``), and the argument lists it runs (``subprocess.run([sys.executable, "-m", "pip", "install", "x"])``).

A reader copies what a comment, a docstring or an error message tells them to install, and a program runs what
its argument lists spell: each is a mention of origin ``command`` (issue 12). What the file says is judged like
an install command in documentation: in a scan the example rules of documentation apply to it
(``depguard.examples.mark``: a placeholder such as ``pip install your-package`` is a note), and a coding
agent's edit leaves it out as it leaves out an edit of a document (the install is judged when it is run). What
the file runs (an argument list) is judged strictly, like an install command in a script. Comments and
strings are read as lines of documentation are (a line that is a command, a code span, a prompt line, a
command after a colon, fenced blocks; ``find the pip install commands`` is prose and names nothing; the
imports of a docstring's code examples are not judged). A test's strings other than its docstrings, and its
argument lists, are its input (``run(["pipx", "install", "nonexistent-package"])`` checks a failure, a
``README = '''…'''`` is a document it reads) and are not read; its comments and docstrings are. An f-string is a template, not read as text.

The file is parsed with tree-sitter (never executed; a syntax error stops nothing), and only a comment or
string naming an installer is read further. Read problems inside such text (a docs block in a docstring that
its file's parser refuses) are not reported: the file's imports are what its read problems are about.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ...commands.python_calls import point as _point
from ...commands.python_calls import string_literal as _string
from ...examples import RUNS, SAID
from ...model import Mention, Origin
from ...parsers import Source
from ...records import replace

PY_SOURCE = (".py", ".pyw", ".pyi")
# The parser of what the file runs; what it says is parsed as SAID + comment/docstring/text/string (read as
# documentation: a scan marks their examples as it marks a document's, a coding agent's edit leaves them out)
RUN_PARSER = RUNS + "argv"
# A comment's mark, and a notebook magic's (a jupytext script's ``# !pip install x`` is a cell's command)
COMMENT_MARK = re.compile(r"#+[ \t]?(?:[!%]{1,2}(?=\S))?")

Point = tuple[int, int]  # 1-based line, 0-based character column
Span = tuple[Point, Point]


def said_installs(source: Source, test: bool) -> Iterator[Mention]:
    """The install commands of the Python file ``source`` (see the module docstring); ``test``: the file is a
    test, whose strings other than docstrings and argument lists are its input."""
    if not source.path.endswith(PY_SOURCE):
        return
    quiet = replace(source, problems=[])  # see the module docstring: no read problems from prose
    seen: set[tuple] = set()
    for m in _mentions(quiet, test):
        if m.origin is Origin.IMPORT:
            continue  # a code example's imports illustrate, as in documentation
        key = (m.key, m.location.line, m.location.column)
        if key not in seen:
            seen.add(key)
            yield m


def _read_at(source: Source, text: str, row: int, col: int) -> Iterator[Mention]:
    """The text reader's mentions of a comment's or string's ``text`` that starts at 0-based ``col`` of 1-based ``row``.
    Its first line keeps at most PLACED_BLANKS of the blanks before it (an indented line either way), and the mentions
    on that line move right by the rest: a line of many strings was read once per string up to where each starts
    (reviewer r35: 2,000 strings on a line took 28 s). A piece of several lines keeps all its blanks (see
    :meth:`~depguard.parsers.Source.placed`; the text reader places columns from its own fragments' start)."""
    from ...parsers import PLACED_BLANKS
    from ...text import mentions_in_text

    keep = col if "\n" in text else min(col, PLACED_BLANKS)
    shift, at = col - keep, source.line_offset + row
    for m in mentions_in_text(source.fragment(" " * keep + text, row)):
        loc = m.location
        if shift and loc.line == at:
            end = loc.end_column + shift if loc.end_column is not None and loc.end_line in (None, at) else loc.end_column
            m = replace(m, location=replace(loc, column=None if loc.column is None else loc.column + shift, end_column=end))
        yield m


def _mentions(source: Source, test: bool) -> Iterator[Mention]:
    from ...text import argv_mentions, tool_words

    tools = tool_words(source.text)
    if not tools:
        return
    comments, blanked, texts, argv_rows = _pieces(source.text, tools)
    for (row, col), text in comments:  # read as a line of documentation: "find the pip install commands" is prose
        yield from _as(_read_at(source, text, row, col), SAID + "comment")
    for (row, col), text, kind in texts:
        if not test or kind == "docstring":  # a test's other strings are its input
            yield from _as(_read_at(source, text, row, col), SAID + kind)
    if argv_rows and not test:  # ``[sys.executable, "-m", "pip", "install", "x"]``: the words of a command run
        lines = source.text.split("\n")
        src = source.text.encode("utf-8", errors="surrogatepass")
        spans = [(_point(src, n.start_byte, n.start_point), _point(src, n.end_byte, n.end_point)) for n in blanked]
        code = _without(lines, spans).split("\n")
        for first, last in _windows(argv_rows, len(lines)):
            window = "\n".join(code[first - 1:last])
            yield from _as(argv_mentions(source.fragment(window, first), window), RUN_PARSER)


ARGV_LINES = (3, 8)  # lines before and after a string naming an installer that its argument list may span


def _windows(rows: list[int], count: int) -> list[tuple[int, int]]:
    """The line ranges (1-based, inclusive) around ``rows``, overlapping ones merged."""
    out: list[tuple[int, int]] = []
    for row in sorted(rows):
        first, last = max(1, row - ARGV_LINES[0]), min(count, row + ARGV_LINES[1])
        if out and first <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return out


def _as(found: Iterator[Mention], parser: str) -> Iterator[Mention]:
    for m in found:
        yield replace(m, parser=parser)


def _pieces(text: str, tools: frozenset[str]) -> tuple[list[tuple[Point, str]], list, list[tuple[Point, str, str]], list[int]]:
    """From tree-sitter's tree, what names one of ``tools`` (the installers the file names): (comments as (where
    their text starts after the mark, their text), the comment and multi-line string nodes (blanked from the
    code an argument list is looked for in), strings as (where their text starts, their text, "docstring", or
    "string" for one on one line and not triple-quoted, else "text"), the lines of one-word strings that are an installer's name: ``"pip"`` of an
    argument list). An f-string with slots is code (a template: ``f"pip install {name}"``), left out."""
    from tree_sitter import QueryCursor

    from ...imports import parse
    from ...text import has_tool

    src = text.encode("utf-8", errors="surrogatepass")
    named = [t.encode() for t in tools]
    comments: list[tuple[Point, str]] = []
    blanked: list = []
    texts: list[tuple[Point, str, str]] = []
    argv_rows: list[int] = []
    found = QueryCursor(_query()).captures(parse("python", src))
    for node in found.get("comment", ()):
        blanked.append(node)
        raw = node.text or b""
        if b" " in raw and any(t in raw for t in named):  # a command has a word after the tool
            body = raw.decode("utf-8", errors="replace")
            mark = COMMENT_MARK.match(body)
            cut = mark.end() if mark else 0
            if has_tool(body[cut:]):
                at = _point(src, node.start_byte, node.start_point)
                comments.append(((at[0], at[1] + cut), body[cut:]))
    for node in found.get("string", ()):
        if node.start_point[0] != node.end_point[0]:
            blanked.append(node)
        raw = node.text or b""
        if not any(t in raw for t in named):
            continue
        if b" " in raw or b"\n" in raw:
            read = _string(src, node)
            if read is not None and has_tool(read[1]):
                texts.append((read[0], read[1], "docstring" if _docstring(node) else "string" if read[2] else "text"))
        elif len(raw) <= 24 and raw.decode("utf-8", errors="replace").lstrip("rRbBuU").strip("'\"") in tools:
            argv_rows.append(node.start_point[0] + 1)
    comments.sort()
    texts.sort()
    return comments, blanked, texts, argv_rows


@functools.lru_cache(maxsize=1)
def _query():
    from tree_sitter import Query

    from ...imports import language

    return Query(language("python"), "(comment) @comment (string) @string")


def _docstring(node) -> bool:
    """Whether string ``node`` is a docstring: the first statement of a module, class or function body."""
    statement = node.parent
    if statement is None or statement.type != "expression_statement" or statement.named_child_count != 1:
        return False
    body = statement.parent
    if body is None or body.type not in ("module", "block"):
        return False
    first = next((c for c in body.named_children if c.type != "comment"), None)
    return first is not None and first.id == statement.id and (
        body.type == "module" or (body.parent is not None and body.parent.type in ("function_definition", "class_definition")))


def _without(lines: list[str], spans: list[Span]) -> str:
    """The file's text with ``spans`` blanked (over lines too), lines and columns kept."""
    out = list(lines)
    for (row, col), (end_row, end_col) in spans:
        for r in range(row, min(end_row, len(out)) + 1):
            line = out[r - 1]
            a = col if r == row else 0
            b = end_col if r == end_row else len(line)
            out[r - 1] = line[:a] + " " * max(b - a, 0) + line[b:]
    return "\n".join(out)
