"""Spans from an opening delimiter to the first closing one after it (Jinja's ``{{ }}`` and ``{% %}``), in linear time.

A lazy pattern such as ``\\{\\{.*?\\}\\}`` scans from every opening to the end of the text when no closing follows it,
so a text of many openings and no closing took quadratic time (reviewer r37: an Ansible task's arguments of 32,000
``{{`` took 34 s). :func:`spans` gives what ``re.finditer`` of ``open1.*?close1|open2.*?close2`` (``re.S``) gives,
leftmost first and not overlapping, an earlier pair winning a tie, from the positions of each delimiter found once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


def spans(text: str, pairs: Sequence[tuple[str, str]]) -> Iterator[tuple[int, int]]:
    """(start, end) of each span of ``text`` from an opening of ``pairs`` to the first closing of the same pair after
    it; an opening with no closing after it starts none (and no later opening of that pair does)."""
    found: list[tuple[int, int] | None] = [(-1, -1)] * len(pairs)  # per pair: its next opening and the closing after
    pos = 0
    while True:
        best: tuple[int, int] | None = None
        for k, (opening, closing) in enumerate(pairs):
            cached = found[k]
            if cached is None:  # no closing after some opening at or before pos: none after a later one either
                continue
            start, end = cached
            if start < pos:
                start = text.find(opening, pos)
                if start >= 0 and end < start + len(opening):  # the closing found before is not after this opening
                    end = text.find(closing, start + len(opening))
                cached = (start, end) if start >= 0 and end >= 0 else None
                found[k] = cached
                if cached is None:
                    continue
            if best is None or start < best[0]:
                best = (start, end + len(closing))
        if best is None:
            return
        yield best
        pos = best[1]


def line_spans(text: str, pairs: Sequence[tuple[str, str]]) -> Iterator[tuple[int, int]]:
    """:func:`spans` within each line of ``text``, as a pattern whose ``.`` does not match a newline finds them."""
    offset = 0
    for line in text.split("\n"):
        for start, end in spans(line, pairs):
            yield offset + start, offset + end
        offset += len(line) + 1


def sub(text: str, pairs: Sequence[tuple[str, str]], replace: Callable[[str], str]) -> str:
    """``text`` with each span of :func:`spans` replaced by ``replace`` of its text."""
    out: list[str] = []
    done = 0
    for start, end in spans(text, pairs):
        out.append(text[done:start])
        out.append(replace(text[start:end]))
        done = end
    if not out:
        return text
    out.append(text[done:])
    return "".join(out)
