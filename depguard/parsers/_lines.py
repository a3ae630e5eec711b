"""Finding where a parsed value was written, for parsers that load YAML/JSON/TOML and then need its line."""

from __future__ import annotations

import re

from ._util import KeyLines


def yaml_key_line(lines: KeyLines, key: str) -> tuple[int | None, int | None]:
    """(line, column) of ``key:`` written as a YAML mapping key, scanning forward from the last one found."""
    pattern = re.compile(rf"""^\s*(?:-\s+)?(['"]?){re.escape(key)}\1\s*:(\s|$)""")
    for start in (lines.cursor, 1):
        for i in range(start - 1, len(lines.lines)):
            if pattern.match(lines.lines[i]):
                lines.cursor = i + 1
                return i + 1, lines.lines[i].find(key) + 1
    return None, None


def value_line(lines: KeyLines, key: str, value: str) -> tuple[int | None, int | None]:
    """(line, column of the value) of ``key: value`` (YAML) or ``key = "value"`` (TOML), scanning forward."""
    pattern = re.compile(rf"""^\s*(?:-\s+)?['"]?{re.escape(key)}['"]?\s*[:=]\s*(['"]?){re.escape(value)}\1\s*(#.*)?$""")
    for start in (lines.cursor, 1):
        for i in range(start - 1, len(lines.lines)):
            if pattern.match(lines.lines[i]):
                lines.cursor = i + 1
                return i + 1, lines.lines[i].find(value, lines.lines[i].find(key) + len(key)) + 1
    return None, None


class Joined:
    """Several (line, column, text) pieces of one field joined by spaces, remembering where each character was."""

    def __init__(self, pieces: list[tuple[int, int, str]]) -> None:
        self.text = ""
        self._origin: list[tuple[int, int]] = []
        for line_no, col, text in pieces:
            if self._origin:
                self.text += " "
                self._origin.append((line_no, col))
            self._origin.extend((line_no, col + k) for k in range(len(text)))
            self.text += text

    def where(self, offset: int) -> tuple[int, int]:
        """(line, 1-based column) of the character at ``offset`` of the joined text."""
        return self._origin[min(max(offset, 0), len(self._origin) - 1)]

    def chunks(self, sep: str = ",") -> list[tuple[int, str]]:
        """(offset, stripped chunk) for the ``sep``-separated parts (``{...}`` kept together), empty ones dropped."""
        out, depth, begin = [], 0, 0
        for i, c in enumerate(self.text + sep):
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif c == sep and depth <= 0:
                chunk = self.text[begin:i]
                stripped = chunk.strip()
                if stripped:
                    out.append((begin + len(chunk) - len(chunk.lstrip()), stripped))
                begin = i + 1
        return out
