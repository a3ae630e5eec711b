"""``Mix.install([...])``: the Hex packages an Elixir script installs when it runs (``elixir script.exs``, a
Livebook notebook's setup cell, an answer's snippet), read as text (never run).

The first argument's elements are ``:name`` atoms and ``{:name, "~> 1.0", ...}`` tuples, judged as a ``mix.exs``
``deps`` entry is (:mod:`depguard.ecosystems.hex.mix_exs`): ``path:``, ``git:``, ``github:`` and ``organization:``
tuples and a ``repo:`` other than hexpm are not hex.pm names, ``hex: :real`` renames. Comments and the insides of
strings, charlists, heredocs and sigils are no code: a test's ``\"\"\"Mix.install([...])\"\"\"`` input or a
generator's template string installs nothing. A Livebook notebook (``*.livemd``) is Markdown: its ``elixir``
code cells reach this reader through the text routing (``code:snippet.ex``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from .mix_exs import HEX_RENAME, NOT_HEX, REPO, SPEC, TUPLE

PARSER = "mix-install"
CALL = re.compile(r"(?<![\w.])Mix\.install\s*\(\s*\[")
ATOM = re.compile(r"\s*:(?P<name>[a-z_][a-zA-Z0-9_]*)\s*$")
SIGIL_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">", '"': '"', "'": "'", "/": "/", "|": "|"}


def code_only(text: str) -> str:
    """``text`` with comments and the insides of strings, charlists, heredocs and sigils blanked (their
    delimiters, line breaks and every offset kept), so what is left is Elixir code."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start: int, end: int) -> None:
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    def close_quoted(start: int, close: str) -> int:
        """The index after the ``close`` delimiter of a string opened before ``start`` (escapes skipped)."""
        k = start
        while k < n and text[k] != close:
            k += 2 if text[k] == "\\" else 1
        return min(k + 1, n)

    while i < n:
        ch = text[i]
        if ch == "#":
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith(('"""', "'''"), i):
            end = text.find(text[i:i + 3], i + 3)
            end = n if end < 0 else end + 3
            blank(i + 3, end - 3)
            i = end
        elif ch in "\"'":
            end = close_quoted(i + 1, ch)
            blank(i + 1, end - 1)
            i = end
        elif ch == "~" and i + 2 < n and text[i + 1].isalpha():
            at = i + 2
            while at < n and text[at].isalpha():  # ~HTML"…" (multi-letter upper-case sigils)
                at += 1
            if text.startswith(('"""', "'''"), at):
                end = text.find(text[at:at + 3], at + 3)
                end = n if end < 0 else end + 3
                blank(at + 3, end - 3)
                i = end
            elif at < n and text[at] in SIGIL_PAIRS:
                end = close_quoted(at + 1, SIGIL_PAIRS[text[at]])
                blank(at + 1, end - 1)
                i = end
            else:
                i = at
        elif ch == "?" and i + 1 < n and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_?!")):
            i += 3 if text[i + 1] == "\\" else 2  # a character literal: ?" ?# ?\n
        else:
            i += 1
    return "".join(out)


def _closing(code: str, start: int) -> int | None:
    """The index of the ``]`` closing the list whose ``[`` is just before ``start``."""
    depth = 0
    for k in range(start, len(code)):
        c = code[k]
        if c in "[{(":
            depth += 1
        elif c in "]})":
            if depth == 0:
                return k if c == "]" else None
            depth -= 1
    return None


def _elements(code: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each top-level comma-separated element of ``code[start:end]``."""
    depth, first = 0, start
    for k in range(start, end):
        c = code[k]
        if c in "[{(":
            depth += 1
        elif c in "]})":
            depth -= 1
        elif c == "," and depth == 0:
            yield first, k
            first = k + 1
    yield first, end


def _place(text: str, at: int) -> tuple[int, int]:
    from ...commands._calls import position

    return position(text, at)  # the line starts found once per text (each count from the start was quadratic)


@file_format(PARSER, ("*.exs", "*.ex"), ecosystem="hex", kind="manifest",
             description="Elixir scripts and snippets: the Hex packages of Mix.install([...])")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "Mix.install" not in text:
        return
    code = code_only(text)
    for call in CALL.finditer(code):
        end = _closing(code, call.end())
        if end is None:
            continue
        for first, last in _elements(code, call.end(), end):
            written = text[first:last]
            atom = ATOM.match(code[first:last])
            if atom:
                line, col = _place(text, first + atom.start("name"))
                yield source.mention("hex", atom.group("name"), line, col, Origin.MANIFEST, PARSER)
                continue
            lead = len(written) - len(written.lstrip())
            t = TUPLE.match(written.strip())
            if t is None:
                continue  # a variable, a function call: nothing written here to read
            rest = t.group("rest")
            repo = REPO.search(rest)
            if NOT_HEX.search(rest) or (repo and repo.group("repo") != "hexpm"):
                continue
            renamed = HEX_RENAME.search(rest)
            real = (renamed.group("atom") or renamed.group("string")) if renamed else None
            spec = SPEC.match(rest)
            line, col = _place(text, first + lead + t.start("name"))
            yield source.mention("hex", t.group("name"), line, col, Origin.MANIFEST, PARSER,
                                 spec=spec.group("spec") if spec else None, name=real,
                                 note=f"alias of {real}" if real else None)
