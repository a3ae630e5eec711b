"""Erlang terms as ``file:consult/1`` reads them: a file of ``Term.`` forms (rebar3's ``rebar.config`` and
``rebar.lock``). Data only, nothing evaluated: atoms, strings, binaries (``<<"x">>``), numbers, characters
(``$a``), tuples, lists (``[H | T]`` too) and maps; ``%`` comments. Each term keeps the line and column it
starts at, so a dependency is reported where it is written. A file that is not such terms (a
``rebar.config.script``, a half-written file) raises :class:`~depguard.errors.ParseError` with the line.
One pass over the text: the tokenizer is a single regular expression, the parser recursive descent with a
nesting limit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ... import lazyre
from ...errors import ParseError
from ...records import record

TOKEN = lazyre.compile(r"""
    (?P<space>[ \t\r\n\f]+|%[^\n]*)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<qatom>'(?:[^'\\]|\\.)*')
  | (?P<char>\$(?:\\(?:\^.|x\{[0-9A-Fa-f]+\}|x[0-9A-Fa-f]{2}|[0-7]{1,3}|.)|.))
  | (?P<number>-?[0-9][0-9_]*(?:\#[0-9A-Za-z_]+|\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?)?)
  | (?P<atom>[a-z][A-Za-z0-9_@]*)
  | (?P<var>[A-Z_][A-Za-z0-9_@]*)
  | (?P<punct><<|>>|=>|:=|\#\{|[{}\[\](),.|/:])
  | (?P<bad>.)
""", re.VERBOSE | re.DOTALL)
MAX_DEPTH = 200  # deeper nesting than any configuration holds: a hostile file, refused instead of a RecursionError

ATOM, STRING, BINARY, NUMBER, CHAR, TUPLE, LIST, MAP = "atom", "string", "binary", "number", "char", "tuple", "list", "map"


@record(frozen=True)
class Term:
    """One term: ``kind`` is one of the names above; ``value`` the text of an atom, string, binary, number or
    character (escapes resolved for strings and quoted atoms), the items of a tuple or list, the keys and values
    of a map in turn."""

    kind: str
    value: object
    line: int
    column: int

    def atom(self) -> str | None:
        return self.value if self.kind == ATOM and isinstance(self.value, str) else None

    def text(self) -> str | None:
        """The text of a string, binary or atom (rebar names a package any of these ways), else None."""
        return self.value if self.kind in (ATOM, STRING, BINARY) and isinstance(self.value, str) else None

    def items(self) -> tuple[Term, ...]:
        return self.value if self.kind in (TUPLE, LIST) and isinstance(self.value, tuple) else ()


ESCAPE = lazyre.compile(r"\\(.)", re.DOTALL)
ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "s": " ", "e": "\x1b", "0": "\0"}  # others stand for themselves (\\, \", \')


def _unquote(body: str) -> str:
    """The text of a quoted string or atom (escapes as Erlang reads the usual ones; others kept as written)."""
    return ESCAPE.sub(lambda m: ESCAPED.get(m.group(1), m.group(1)), body) if "\\" in body else body


def _tokens(text: str) -> list[tuple[str, str, int, int]]:
    """(kind, text, line, column) of each token but spaces and comments; a ParseError at the first character
    no token starts with."""
    out: list[tuple[str, str, int, int]] = []
    line, line_start = 1, 0
    for m in TOKEN.finditer(text):
        kind, tok = m.lastgroup, m.group()
        if kind == "bad":
            raise ParseError(f"not an Erlang term at {text[m.start():m.start() + 20]!r}", line, m.start() - line_start + 1)
        if kind != "space":
            out.append((kind or "", tok, line, m.start() - line_start + 1))
        if "\n" in tok:
            line += tok.count("\n")
            line_start = m.start() + tok.rindex("\n") + 1
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.at = 0

    def fail(self, what: str) -> ParseError:
        if self.at < len(self.tokens):
            _, tok, line, col = self.tokens[self.at]
            return ParseError(f"{what}, found {tok[:20]!r}", line, col)
        last = self.tokens[-1][2] if self.tokens else 1
        return ParseError(f"{what}, found the end of the file", last)

    def peek(self) -> str | None:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else None

    def expect(self, tok: str) -> None:
        if self.peek() != tok:
            raise self.fail(f"expected {tok!r}")
        self.at += 1

    def forms(self) -> Iterator[Term]:
        while self.at < len(self.tokens):
            term = self.term(0)
            self.expect(".")
            yield term

    def sequence(self, close: str, depth: int) -> list[Term]:
        items: list[Term] = []
        if self.peek() == close:
            self.at += 1
            return items
        while True:
            items.append(self.term(depth + 1))
            tok = self.peek()
            if tok == "," or (tok == "|" and close == "]"):  # [H | T]: the tail's items are the list's
                self.at += 1
                continue
            self.expect(close)
            return items

    def term(self, depth: int) -> Term:
        if depth > MAX_DEPTH:
            raise self.fail(f"terms nested deeper than {MAX_DEPTH}")
        if self.at >= len(self.tokens):
            raise self.fail("expected a term")
        kind, tok, line, col = self.tokens[self.at]
        self.at += 1
        if kind == "atom":
            return Term(ATOM, tok, line, col)
        if kind == "qatom":
            return Term(ATOM, _unquote(tok[1:-1]), line, col)
        if kind == "string":
            text = _unquote(tok[1:-1])
            while self.at < len(self.tokens) and self.tokens[self.at][0] == "string":  # "a" "b" is "ab"
                text += _unquote(self.tokens[self.at][1][1:-1])
                self.at += 1
            return Term(STRING, text, line, col)
        if kind in ("number", "char"):
            return Term(NUMBER if kind == "number" else CHAR, tok, line, col)
        if tok == "{":
            return Term(TUPLE, tuple(self.sequence("}", depth)), line, col)
        if tok == "[":
            return Term(LIST, tuple(self.sequence("]", depth)), line, col)
        if tok == "#{":
            items: list[Term] = []
            if self.peek() == "}":
                self.at += 1
                return Term(MAP, (), line, col)
            while True:
                items.append(self.term(depth + 1))
                if self.peek() not in ("=>", ":="):
                    raise self.fail("expected '=>' in a map")
                self.at += 1
                items.append(self.term(depth + 1))
                if self.peek() == ",":
                    self.at += 1
                    continue
                self.expect("}")
                return Term(MAP, tuple(items), line, col)
        if tok == "<<":
            return self.binary(line, col)
        if kind == "var":
            raise self.fail("a variable or an expression where a term was expected (file:consult reads data only)")
        self.at -= 1
        raise self.fail("expected a term")

    def binary(self, line: int, col: int) -> Term:
        """``<<"text">>``, ``<<"text"/utf8>>``, ``<<>>`` and byte lists (``<<1,2>>``, kept as written)."""
        parts: list[str] = []
        while self.peek() != ">>":
            if self.at >= len(self.tokens):
                raise self.fail("expected '>>' to end a binary")
            kind, tok, _, _ = self.tokens[self.at]
            self.at += 1
            parts.append(_unquote(tok[1:-1]) if kind == "string" else "" if tok in (",", "/", ":") or kind == "atom" else tok)
        self.at += 1
        return Term(BINARY, "".join(parts), line, col)


def consult(text: str) -> list[Term]:
    """The forms of ``text`` (each ended by ``.``), or a ParseError with the line and column."""
    return list(_Parser(text).forms())


def pairs(terms: Iterable[Term]) -> Iterator[tuple[str, Term]]:
    """The ``{Key, Value}`` pairs among ``terms`` whose key is an atom, as rebar's configuration is written (its
    top-level forms, and each section's list); other items skipped."""
    for item in terms:
        pair = item.items() if item.kind == TUPLE else ()
        if len(pair) == 2 and pair[0].atom():
            yield pair[0].atom() or "", pair[1]


def proplist(term: Term) -> Iterator[tuple[str, Term]]:
    """:func:`pairs` of a list term (none of any other term)."""
    return pairs(term.items() if term.kind == LIST else ())
