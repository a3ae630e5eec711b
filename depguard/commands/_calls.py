"""Function calls in R and Julia code, found without evaluating anything: the calls named, their arguments
and the string literals in them, each with its offset in the code.

Enough of each language is understood to do this safely: string literals (with escapes), ``#`` comments
(and Julia's ``#= … =#``), nesting of ``()``, ``[]`` and ``{}``. ``c("a", "b")`` (R), ``["A", "B"]`` (Julia)
and ``PackageSpec(name="X")`` are read as lists of strings; anything else (a variable, a paste0 call) is not a
literal and is skipped.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache

from ..records import record

IDENT = re.compile(r"[A-Za-z_.][A-Za-z0-9_.]*(?:::?:?[A-Za-z_.][A-Za-z0-9_.]*)?")
CLOSE = {"(": ")", "[": "]", "{": "}"}


@record(frozen=True)
class Arg:
    keyword: str | None  # ``pkgs`` in ``pkgs = "x"``, else None
    text: str  # the argument expression
    offset: int  # where ``text`` starts in the code


@record(frozen=True)
class Call:
    name: str
    offset: int
    args: tuple[Arg, ...]


def _skip_string(code: str, i: int) -> int:
    """Index just past the string literal that starts at ``i``."""
    quote = code[i]
    if code.startswith('"""', i):
        end = code.find('"""', i + 3)
        return len(code) if end < 0 else end + 3
    j = i + 1
    while j < len(code) and code[j] != quote:
        j += 2 if code[j] == "\\" else 1
    return j + 1


def _skip_comment(code: str, i: int) -> int:
    if code.startswith("#=", i):  # Julia block comment
        end = code.find("=#", i + 2)
        return len(code) if end < 0 else end + 2
    end = code.find("\n", i)
    return len(code) if end < 0 else end


def _skip(code: str, i: int) -> int | None:
    """The index after the string literal or comment that starts at ``i``, or None when neither starts there."""
    c = code[i]
    if c in "'\"`":
        return _skip_string(code, i)
    if c == "#":
        return _skip_comment(code, i)
    return None


def split_args(code: str, start: int) -> tuple[list[Arg], int]:
    """The arguments of the call whose ``(`` is at ``start - 1``; returns them and the index after ``)``."""
    args: list[Arg] = []
    depth, i, arg_start = 0, start, start
    n = len(code)
    while i < n:
        skipped = _skip(code, i)
        if skipped is not None:
            i = skipped
            continue
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(_arg(code, arg_start, i))
                return [a for a in args if a.text], i + 1
            depth -= 1
        elif c in ",;" and depth == 0:
            args.append(_arg(code, arg_start, i))
            arg_start = i + 1
        i += 1
    return [a for a in args if a.text], n


def _arg(code: str, start: int, end: int) -> Arg:
    raw = code[start:end]
    lead = len(raw) - len(raw.lstrip())
    text = raw.strip()
    m = re.match(r"([A-Za-z_.][A-Za-z0-9_.]*)\s*=(?!=)\s*", text)
    if m:
        return Arg(m.group(1), text[m.end():], start + lead + m.end())
    return Arg(None, text, start + lead)


def identifiers(code: str) -> Iterator[tuple[str, int]]:
    """(identifier, offset) of every name outside strings and comments (``pkg::f`` is one identifier)."""
    i, n = 0, len(code)
    while i < n:
        skipped = _skip(code, i)
        if skipped is not None:
            i = skipped
            continue
        c = code[i]
        if c.isalpha() or c in "._":
            m = IDENT.match(code, i)
            if m is None:
                i += 1
                continue
            yield m.group(0), i
            i = m.end()
            continue
        i += 1


def calls(code: str, names: set[str]) -> Iterator[Call]:
    """Every call of a function in ``names`` (``install.packages``, ``pak::pak``, ``Pkg.add`` …)."""
    n = len(code)
    for name, i in identifiers(code):  # calls nested in the arguments are still seen
        if name not in names or (i and (code[i - 1].isalnum() or code[i - 1] in "._$@")):
            continue
        j = i + len(name)
        while j < n and code[j] in " \t":
            j += 1
        if j < n and code[j] == "(":
            close, seps = _brackets(code)[j]  # split_args(code, j + 1)'s arguments, the brackets matched once
            ends = (*seps, close) if close < n else seps  # an unclosed call's last argument is not one
            args = [_arg(code, a, b) for a, b in zip((j + 1, *(s + 1 for s in seps)), ends)]
            yield Call(name, i, tuple(a for a in args if a.text))


@lru_cache(maxsize=8)
def _brackets(code: str) -> dict[int, tuple[int, tuple[int, ...]]]:
    """For each opening bracket of ``code`` outside strings and comments: the index of the bracket closing it (any
    of ``)]}``, as :func:`split_args` reads them; ``len(code)`` when none does) and of each ``,``/``;`` directly inside
    it. One pass: a call's arguments were each read to its closing bracket, so nested or unclosed calls were read
    again at each level (l39: 6,000 unclosed ``require(`` in an R script took 37 s)."""
    out: dict[int, tuple[int, tuple[int, ...]]] = {}
    stack: list[tuple[int, list[int]]] = []
    i, n = 0, len(code)
    while i < n:
        skipped = _skip(code, i)
        if skipped is not None:
            i = skipped
            continue
        c = code[i]
        if c in "([{":
            stack.append((i, []))
        elif c in ")]}":
            if stack:
                at, seps = stack.pop()
                out[at] = (i, tuple(seps))
        elif c in ",;" and stack:
            stack[-1][1].append(i)
        i += 1
    for at, seps in stack:
        out[at] = (n, tuple(seps))
    return out


def strings(text: str, offset: int, list_calls: tuple[str, ...] = ("c", "list"), spec_calls: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """The string literals of an argument: ``"x"``, ``c("a", "b")``, ``["A", "B"]``, ``PackageSpec(name="X")``.

    Returns (value, offset of the value's first character); an empty list when the argument is not literal.
    """
    text = text.strip()
    if len(text) >= 2 and text[0] in "'\"" and _skip_string(text, 0) == len(text):
        return [(text[1:-1], offset + 1)]
    inner_start = None
    for name in (*list_calls, *spec_calls):
        m = re.match(re.escape(name) + r"\s*\(", text)
        if m:
            inner_start = m.end()
            break
    if inner_start is None and text.startswith("["):
        inner_start = 1
    if inner_start is None:
        return []
    args, _ = split_args(text, inner_start)
    out: list[tuple[str, int]] = []
    is_spec = any(re.match(re.escape(s) + r"\s*\(", text) for s in spec_calls)
    for a in args:
        if is_spec and a.keyword not in (None, "name"):
            continue
        out.extend(strings(a.text, offset + a.offset, list_calls, spec_calls))
    return out


def position(code: str, offset: int) -> tuple[int, int]:
    """(1-based line, 1-based column) of ``offset`` in ``code``: the line starts are found once per text and bisected
    (reviewer r32: each call counted the lines from the text's start, so a file of many calls took time in their number
    times its size)."""
    starts = _line_starts(code)
    i = bisect_right(starts, offset) - 1
    return i + 1, offset - starts[i] + 1


@lru_cache(maxsize=8)
def _line_starts(code: str) -> tuple[int, ...]:
    return (0, *(m.end() for m in re.finditer("\n", code)))
