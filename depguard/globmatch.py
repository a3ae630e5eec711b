"""Path globs matched without backtracking: each pattern is a list of tokens run as a set of states over the path.

A glob translated to a regular expression (``*`` as ``[^/]*``, ``**`` as ``.*``) backtracks over every way its stars
can split a path that does not match: ``*a*a*a*a*a*a*a*a*b`` against a folder name of 40 ``a`` took 8 s, and each
more star multiplies it (l39, session 39: a melos.yaml package glob, a tsconfig ``include`` entry and a Bazel label's
``{}`` slots are written by the scanned repository, as are the paths they are matched against). :class:`Glob` reads
the path once, keeping the set of places in the pattern it may have reached (at most two per token), so a match
costs the path's length times the pattern's.
"""

from __future__ import annotations

import re

NOT_SLASH = 1  # ``?``: one character other than ``/``
STAR = 2  # ``*``: any characters other than ``/``
ANY = 3  # ``**`` read as any characters, ``/`` included
SEGMENTS = 4  # ``**/`` read as any whole folders: (?:[^/]+/)*

_REGEX = {NOT_SLASH: "[^/]", STAR: "[^/]*", ANY: ".*", SEGMENTS: "(?:[^/]+/)*"}


class Glob:
    """A pattern of tokens (a one-character string is itself; the kinds above), matched against a whole text."""

    __slots__ = ("tokens", "regex")

    def __init__(self, tokens: list[str | int]) -> None:
        self.tokens = tuple(tokens)
        # one repeated token cannot backtrack past its own run: the regular expression is then as fast and safe
        repeats = sum(1 for t in self.tokens if t in (STAR, ANY, SEGMENTS))
        self.regex = re.compile("".join(_REGEX[t] if isinstance(t, int) else re.escape(t) for t in self.tokens)
                                + r"\Z", re.S) if repeats <= 1 else None

    def match(self, text: str) -> bool:
        if self.regex is not None:
            return self.regex.match(text) is not None
        tokens = self.tokens
        end = len(tokens)
        states = _closure(tokens, {(0, False)})
        for c in text:
            step: set[tuple[int, bool]] = set()
            for i, inner in states:
                if inner:  # inside a folder name of SEGMENTS token i: more of it, or its '/' back to the token
                    step.add((i, c != "/"))
                    continue
                if i == end:
                    continue
                t = tokens[i]
                if isinstance(t, str):
                    if t == c:
                        step.add((i + 1, False))
                elif t == ANY or c != "/":
                    step.add((i + 1, False) if t == NOT_SLASH else (i, t == SEGMENTS))
            if not step:
                return False
            states = _closure(tokens, step)
        return (end, False) in states


def _closure(tokens: tuple[str | int, ...], states: set[tuple[int, bool]]) -> set[tuple[int, bool]]:
    """``states`` with every place reached by letting a repeated token stand for nothing."""
    out = set(states)
    todo = [i for i, inner in states if not inner]
    while todo:
        i = todo.pop()
        if i < len(tokens) and tokens[i] in (STAR, ANY, SEGMENTS) and (i + 1, False) not in out:
            out.add((i + 1, False))
            todo.append(i + 1)
    return out
