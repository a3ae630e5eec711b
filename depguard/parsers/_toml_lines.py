"""Where keys sit in a TOML text: the line of every table header and key, by its full key path.

``tomllib`` gives the data without positions; this scan gives positions without full TOML semantics, which
is enough to point a mention at the line that declares it. Multi-line strings are stepped over.
"""

from __future__ import annotations

import re

BARE = re.compile(r"[A-Za-z0-9_-]+")


def split_key(text: str) -> tuple[tuple[str, ...], int] | None:
    """The dotted key at the start of ``text`` (bare or quoted parts) and where it ends, or None."""
    parts: list[str] = []
    i = 0
    n = len(text)
    while True:
        while i < n and text[i] in " \t":
            i += 1
        if i < n and text[i] in "\"'":
            quote = text[i]
            end = text.find(quote, i + 1)
            if end < 0:
                return None
            parts.append(text[i + 1:end])
            i = end + 1
        else:
            m = BARE.match(text, i)
            if not m:
                return None
            parts.append(m.group(0))
            i = m.end()
        while i < n and text[i] in " \t":
            i += 1
        if i < n and text[i] == ".":
            i += 1
            continue
        return tuple(parts), i


class TomlLines:
    """``line(path)`` -> 1-based line of the header or key whose full path is ``path``."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.where: dict[tuple[str, ...], int] = {}
        self.columns: dict[tuple[str, ...], int] = {}
        table: tuple[str, ...] = ()
        in_multiline: str | None = None
        for no, raw in enumerate(self.lines, 1):
            line = raw.strip()
            if in_multiline:
                if line.count(in_multiline) % 2 == 1:
                    in_multiline = None
                continue
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                inner = line.lstrip("[")
                got = split_key(inner)
                if got:
                    table = got[0]
                    self._add(table, no, raw)
                continue
            got = split_key(line)
            if got and line[got[1]:got[1] + 1] == "=":
                keys = got[0]
                for depth in range(1, len(keys) + 1):
                    self._add(table + keys[:depth], no, raw, keys[depth - 1])
                value = line[got[1] + 1:].strip()
                for q in ('"""', "'''"):
                    if value.startswith(q) and value.count(q) == 1:
                        in_multiline = q

    def _add(self, path: tuple[str, ...], no: int, raw: str, last: str | None = None) -> None:
        if path in self.where:
            return
        self.where[path] = no
        # a key is found from the line's start; a table header's last part from its end ([a.'cfg(unix)'.b.nix])
        idx = raw.find(last) if last is not None else raw.rfind(path[-1])
        self.columns[path] = idx + 1 if idx >= 0 else 1

    def line(self, path: tuple[str, ...]) -> int | None:
        return self.where.get(path)

    def column(self, path: tuple[str, ...]) -> int | None:
        return self.columns.get(path)
