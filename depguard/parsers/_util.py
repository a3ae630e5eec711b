"""Helpers shared by parsers: locating a name in its line, reading untrusted JSON/YAML/TOML safely."""

from __future__ import annotations

import json
import re
from typing import Any

from ..compat import tomllib
from ..errors import ParseError

MAX_DEPTH = 200


def column_of(lines: list[str], line: int, needle: str, start: int = 0) -> int | None:
    """1-based column of ``needle`` in 1-based ``line``, or None."""
    if not needle or not 1 <= line <= len(lines):
        return None
    idx = lines[line - 1].find(needle, start)
    return idx + 1 if idx >= 0 else None


def find_line(lines: list[str], needle: str, start_line: int = 1, quoted: bool = True) -> tuple[int, int] | tuple[None, None]:
    """First (line, column) at or after ``start_line`` where ``needle`` appears (quoted when asked)."""
    candidates = [f'"{needle}"', f"'{needle}'"] if quoted else [needle]
    for i in range(max(start_line, 1) - 1, len(lines)):
        for cand in candidates:
            idx = lines[i].find(cand)
            if idx >= 0:
                return i + 1, idx + 1 + (1 if quoted else 0)
    if quoted:
        return find_line(lines, needle, start_line, quoted=False)
    return None, None


class KeyLines:
    """Finds the line of successive keys in a JSON/TOML/YAML text, scanning forward so duplicates resolve in order."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.cursor = 1

    def find(self, needle: str, quoted: bool = True, reset: bool = False) -> tuple[int | None, int | None]:
        if reset:
            self.cursor = 1
        line, col = find_line(self.lines, needle, self.cursor, quoted)
        if line is None:
            line, col = find_line(self.lines, needle, 1, quoted)
        else:
            self.cursor = line
        return line, col


def _depth(obj: Any, limit: int = MAX_DEPTH) -> int:
    stack = [(obj, 1)]
    deepest = 0
    while stack:
        cur, d = stack.pop()
        deepest = max(deepest, d)
        if d > limit:
            return d
        if isinstance(cur, dict):
            stack.extend((v, d + 1) for v in cur.values())
        elif isinstance(cur, list):
            stack.extend((v, d + 1) for v in cur)
    return deepest


def load_json(text: str) -> Any:
    try:
        data = json.loads(text)
    except RecursionError:
        raise ParseError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise ParseError(f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    if _depth(data) > MAX_DEPTH:
        raise ParseError(f"JSON nested deeper than {MAX_DEPTH} levels")
    return data


def load_toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ParseError(f"TOML nested deeper than {MAX_DEPTH} levels") from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        raise ParseError(f"not valid TOML: {exc}", int(m.group(1)) if m else None, int(m.group(2)) if m else None) from None


class _SafeLoaderNoAliases:  # built lazily to keep yaml off the start-up path
    cls: Any = None


def load_yaml(text: str) -> Any:
    """YAML, safely: no Python tags, and aliases refused (a billion-laughs file cannot blow up memory)."""
    import yaml

    if _SafeLoaderNoAliases.cls is None:

        class NoAliasLoader(yaml.SafeLoader):
            def compose_node(self, parent: Any, index: Any) -> Any:  # type: ignore[override]
                if self.check_event(yaml.AliasEvent):
                    event = self.peek_event()
                    self.aliases_seen = getattr(self, "aliases_seen", 0) + 1
                    if self.aliases_seen > 100:
                        raise yaml.YAMLError(f"too many YAML aliases (line {event.start_mark.line + 1})")
                return super().compose_node(parent, index)

        _SafeLoaderNoAliases.cls = NoAliasLoader
    try:
        data = yaml.load(text, Loader=_SafeLoaderNoAliases.cls)  # noqa: S506 - SafeLoader subclass
    except RecursionError:
        raise ParseError(f"YAML nested deeper than {MAX_DEPTH} levels") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ParseError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", mark.line + 1 if mark else None) from None
    if _depth(data) > MAX_DEPTH:
        raise ParseError(f"YAML nested deeper than {MAX_DEPTH} levels")
    return data
