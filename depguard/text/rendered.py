"""A line of Markdown prose as its reader sees it: HTML entities decoded, inline HTML comments and tags gone (a
line break or a block tag leaves a space).

An answer is judged by the name its reader copies. In rendered Markdown ``pip install flask&#x2D;login``
reads ``pip install flask-login`` and ``req<!-- -->uests`` reads ``requests``, so names are read from the
rendered line, not from the source. Code spans (backticks) and fenced blocks show their text literally
(CommonMark decodes no entity there), so they are left as written; ``<code>`` is HTML, whose entities a
browser decodes, and its tags are kept so the fragment reader still sees them. Entity references need their
``;``, as in CommonMark.

Every character of the rendered line remembers where it came from, so a mention read from it points at the
original line and column (:meth:`ColumnMap.remap`).
"""

from __future__ import annotations

import re

from .. import lazyre
from ..model import Mention
from ..records import record, replace

TOKEN = lazyre.compile(
    r"(?P<ticks>`+)|(?P<comment><!--)|(?P<keep></?code\s*>)"
    r"|(?P<entity>&(?:#[xX][0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});)"
    r"|(?P<tag></?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>\n]*)?/?>)"
)
TICKS = lazyre.compile("`+")
# tags a browser renders as a break between what stands before and after them; any other tag is removed without a
# trace (``req<span></span>uests`` reads ``requests``)
BREAKING_TAG = lazyre.compile(r"</?(?:br|hr|p|div|li|ul|ol|tr|td|th|table|h[1-6]|blockquote|pre|dd|dt|dl)\b", re.I)


def code_spans(line: str) -> list[tuple[int, int]]:
    """The code spans of a line, (start, end) of each including its backticks, in linear time.

    A run of backticks opens a span closed by the next run of the same length; a run with none is literal."""
    found = [(m.start(), m.end() - m.start()) for m in TICKS.finditer(line)]
    runs: dict[int, list[int]] = {}
    for at, n in found:
        runs.setdefault(n, []).append(at)
    spans: list[tuple[int, int]] = []
    cursor = dict.fromkeys(runs, 0)  # per length: the first run not yet passed
    end = -1
    for at, n in found:
        if at < end:
            continue  # inside the span just closed
        same = runs[n]
        k = cursor[n]
        while k < len(same) and same[k] <= at:
            k += 1
        cursor[n] = k
        if k < len(same):
            end = same[k] + n
            spans.append((at, end))
    return spans


def inline_code(line: str) -> list[tuple[int, int, int, str]]:
    """The inline code of a line, backtick spans and ``<code>…</code>``: (start, end, content start, content)
    of each, in order, in linear time (a regular expression that looks for the closing delimiter from every
    opening one is quadratic on a long line of unclosed ones)."""
    found: list[tuple[int, int, int, str]] = []
    if "`" in line:
        for start, end in code_spans(line):
            n = 1
            while line[start + n] == "`":
                n += 1
            if end - start > 2 * n:
                found.append((start, end, start + n, line[start + n:end - n]))
    pos = 0
    while "<code>" in line:
        a = line.find("<code>", pos)
        if a < 0:
            break
        b = line.find("</code>", a + 6)
        if b < 0:
            break  # no closing tag after this one: none after any later one either
        if b > a + 6:
            found.append((a, b + 7, a + 6, line[a + 6:b]))
        pos = b + 7
    if not found or "<code>" not in line or "`" not in line:
        return found
    found.sort()
    kept: list[tuple[int, int, int, str]] = []
    for span in found:
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


@record(frozen=True)
class ColumnMap:
    """Rendered column -> original column, for one line."""

    line: int
    starts: tuple[int, ...]  # 0-based original index of each rendered character's source
    ends: tuple[int, ...]  # 0-based original index just past it

    def column(self, column: int | None, shift: int = 0, end: bool = False) -> int | None:
        if column is None or not self.starts:
            return column
        k = column - 1 - shift  # 0-based index into the rendered line
        if end:
            return self.ends[min(max(k - 1, 0), len(self.ends) - 1)] + 1 + shift
        return (self.starts[k] if 0 <= k < len(self.starts) else self.ends[-1]) + 1 + shift

    def remap(self, m: Mention, line_offset: int = 0, column_offset: int = 0) -> Mention:
        """``m`` with its columns in the written line (``*_offset``: those of the Source it was read from)."""
        loc = m.location
        if loc.line != self.line + line_offset:
            return m
        shift = column_offset if self.line == 1 else 0
        end = self.column(loc.end_column, shift, end=True) if loc.end_line in (None, loc.line) else loc.end_column
        return replace(m, location=replace(loc, column=self.column(loc.column, shift), end_column=end))


def rendered_line(line: str, line_no: int) -> tuple[str, ColumnMap | None]:
    """``line`` as the reader sees it, and the column map (None when nothing changed). Linear in the line."""
    if "&" not in line and "<" not in line:
        return line, None
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    spans = iter(code_spans(line)) if "`" in line else iter(())
    span = next(spans, None)
    copied = 0  # line[:copied] is in out
    pos = 0
    unclosed_comment = False  # once a "<!--" has no "-->" after it, none later has one either
    while True:
        m = TOKEN.search(line, pos)
        if m is None:
            break
        pos = m.end()
        while span is not None and span[1] <= m.start():
            span = next(spans, None)
        if span is not None and span[0] <= m.start():
            pos = max(pos, span[1])  # inside a code span: shown as written
            continue
        kind = m.lastgroup
        if kind in ("ticks", "keep"):
            continue
        end = m.end()
        text = ""
        if kind == "comment":
            close = -1 if unclosed_comment else line.find("-->", m.end())
            if close < 0:
                unclosed_comment = True
                continue
            end = pos = close + 3
        elif kind == "tag" and BREAKING_TAG.match(m.group()):
            text = " "  # a line break or a block's edge separates what stands either side (a table cell's
            # `npm install -g joplin`<br/>`sudo ln -s …`: two commands, not one span `joplin``sudo`)
        elif kind == "entity":
            import html  # here: few answers hold an entity (html.entities is a 2,000-name table)

            text = html.unescape(m.group())
            if text == m.group():
                continue
        _copy(line, copied, m.start(), out, starts, ends)
        out.append(text)
        starts.extend([m.start()] * len(text))
        ends.extend([end] * len(text))
        copied = end
    if copied == 0 and not out:
        return line, None
    _copy(line, copied, len(line), out, starts, ends)
    return "".join(out), ColumnMap(line_no, tuple(starts), tuple(ends))


def _copy(line: str, start: int, end: int, out: list[str], starts: list[int], ends: list[int]) -> None:
    out.append(line[start:end])
    starts.extend(range(start, end))
    ends.extend(range(start + 1, end + 1))
