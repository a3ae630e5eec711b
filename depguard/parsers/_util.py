"""Helpers shared by parsers: locating a name in its line, reading untrusted JSON/YAML/TOML safely."""

from __future__ import annotations

import bisect
import json
import re
from pathlib import Path

from .. import lazyre
from ..errors import ParseError
from ..records import record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    import ast
    from typing import Any

MAX_DEPTH = 200


def column_of(lines: list[str], line: int, needle: str, start: int = 0) -> int | None:
    """1-based column of ``needle`` in 1-based ``line``, or None."""
    if not needle or not 1 <= line <= len(lines):
        return None
    idx = lines[line - 1].find(needle, start)
    return idx + 1 if idx >= 0 else None


def find_line(lines: list[str], needle: str, start_line: int = 1, quoted: bool = True,
              whole: bool = False, stop: int | None = None) -> tuple[int, int] | tuple[None, None]:
    """First (line, column) at or after ``start_line`` (and before line ``stop``, when given) where ``needle`` appears
    (quoted when asked); ``whole``: as a whole word, no name character (letter, digit, ``_ . -``) touching it (``jax``
    is not found in ``- jaxlib``)."""
    candidates = [f'"{needle}"', f"'{needle}'"] if quoted else [needle]
    for i in range(max(start_line, 1) - 1, len(lines) if stop is None else min(len(lines), stop - 1)):
        for cand in candidates:
            idx = lines[i].find(cand)
            while whole and idx >= 0 and not _alone(lines[i], idx, idx + len(cand)):
                idx = lines[i].find(cand, idx + 1)
            if idx >= 0:
                return i + 1, idx + 1 + (1 if quoted else 0)
    if quoted:
        return find_line(lines, needle, start_line, quoted=False, whole=whole, stop=stop)
    return None, None


def _alone(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` touches no name character on either side."""
    return ((start == 0 or not (line[start - 1].isalnum() or line[start - 1] in "_.-"))
            and (end == len(line) or not (line[end].isalnum() or line[end] in "_.-")))


# the whole-text passes the finds of one text may spend looking again from its start (a needle not after the cursor:
# one written otherwise than the parsed value reads, an escaped YAML or JSON string) before each find looks only at the
# NEAR_LINES lines from the cursor: a pass per such needle was quadratic (an XcodeGen spec of 4,000 packages whose urls
# are written with an escape: 12.5 s; l38)
WRAP_PASSES = 64
NEAR_LINES = 256


class KeyLines:
    """Finds the line of successive keys in a JSON/TOML/YAML text, scanning forward so duplicates resolve in order."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.cursor = 1
        self.wrapped = 0  # the lines the finds have looked at again from the text's start

    def find(self, needle: str, quoted: bool = True, reset: bool = False,
             whole: bool = False) -> tuple[int | None, int | None]:
        if reset:
            self.cursor = 1
        if self.wrapped > WRAP_PASSES * max(len(self.lines), NEAR_LINES):
            line, col = find_line(self.lines, needle, self.cursor, quoted, whole, stop=self.cursor + NEAR_LINES)
            if line is not None:
                self.cursor = line
            return line, col
        line, col = find_line(self.lines, needle, self.cursor, quoted, whole)
        if line is None:
            self.wrapped += len(self.lines)
            line, col = find_line(self.lines, needle, 1, quoted, whole)
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


# the values a YAML text's aliases may expand it to: a hundred aliases, each of a list of nine of the one before, made
# a text of a few hundred bytes billions of values for every walk of it (l38)
MAX_EXPANDED = 1_000_000


def _expanded(obj: Any, limit: int) -> int:
    """How many values ``obj`` holds with each shared container (a YAML alias) counted at each place, up to ``limit``
    and past it: one visit per distinct container (a container inside itself counts once)."""
    size: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(obj, False)]
    while stack:
        cur, done = stack.pop()
        if not isinstance(cur, (dict, list)) or (id(cur) in size and not done):
            continue
        children = list(cur.values()) if isinstance(cur, dict) else cur
        if done:
            size[id(cur)] = min(limit + 1, 1 + sum(size.get(id(c), 1) for c in children))
        else:
            size[id(cur)] = 1  # in progress: a container reached again inside itself counts once
            stack.append((cur, True))
            stack.extend((c, False) for c in children if isinstance(c, (dict, list)) and id(c) not in size)
    return size.get(id(obj), 1)


def read_small(path: str | Path, limit: int) -> str | None:
    """The text of a file a parser consults beside the one it reads (a .env, a tsconfig), or None when it is
    missing, unreadable or larger than ``limit`` bytes. Read through the parse's file view (recorded)."""
    from ..fsview import active

    return active().read_text(path, limit)


def strip_jsonc(text: str) -> str:
    """JSONC to JSON: comments become spaces (newlines kept, so lines stay true) and trailing commas go."""
    out: list[str] = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
        elif c == '"':
            in_string = True
            out.append(c)
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return _drop_trailing_commas("".join(out))


def _drop_trailing_commas(text: str) -> str:
    out = list(text)
    in_string = False
    i = 0
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            in_string = c != '"'
        elif c == '"':
            in_string = True
        elif c == ",":
            j = i + 1
            while j < len(text) and text[j] in " \t\r\n":
                j += 1
            if j < len(text) and text[j] in "}]":
                out[i] = " "
        i += 1
    return "".join(out)


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
    from ..compat import tomllib  # here: a run that reads no TOML does not import it

    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ParseError(f"TOML nested deeper than {MAX_DEPTH} levels") from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        raise ParseError(f"not valid TOML: {exc}", int(m.group(1)) if m else None, int(m.group(2)) if m else None) from None


def load_python(text: str, path: str = "<unknown>") -> ast.Module:
    """The syntax tree of Python source, read with ``ast`` and never run; a ParseError (with the line) when the
    text is not Python."""
    import ast

    try:
        return ast.parse(text, filename=path)
    except SyntaxError as exc:
        raise ParseError(f"not valid Python: {exc.msg}", exc.lineno, exc.offset) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise ParseError(f"cannot read as Python: {type(exc).__name__}") from None


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
    if "*" in text and _expanded(data, MAX_EXPANDED) > MAX_EXPANDED:
        raise ParseError(f"YAML aliases expand it to more than {MAX_EXPANDED:,} values")
    if _depth(data) > MAX_DEPTH:
        raise ParseError(f"YAML nested deeper than {MAX_DEPTH} levels")
    return data


def load_mapping(text: str, what: str) -> dict | None:
    """The YAML document as a mapping; None for an empty file; ParseError naming ``what`` for anything else."""
    data = load_yaml(text)
    if data is not None and not isinstance(data, dict):
        raise ParseError(f"{what} is not a mapping", 1)
    return data


_TOML_HEADER = lazyre.compile(r"""^\s*(\[\[?)\s*((?:"[^"]*"|'[^']*'|[^\[\]"'#])+?)\s*\]\]?\s*(?:#.*)?$""")
_TOML_KEY_PART = lazyre.compile(r"""\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*""")


def toml_dotted(text: str) -> tuple[str, ...] | None:
    """``a."b.c".d`` -> ('a', 'b.c', 'd'); None when ``text`` is not a dotted key."""
    parts: list[str] = []
    pos = 0
    while True:
        m = _TOML_KEY_PART.match(text, pos)
        if not m:
            return None
        raw = m.group(1)
        parts.append(raw[1:-1] if raw[0] in "\"'" else raw)
        pos = m.end()
        if pos == len(text):
            return tuple(parts)
        if text[pos] != ".":
            return None
        pos += 1


@record(frozen=True)
class TomlSection:
    path: tuple[str, ...]
    index: int  # ordinal of this header among [[path]] headers (0 for a plain table)
    array: bool
    start: int  # 1-based line of the header (0 for the root table)
    end: int  # last line before the next header


class TomlLines:
    """Where tables, keys and strings sit in a TOML text, line by line (no values are interpreted): the one
    TOML position finder of the parsers.

    Good for the layouts tools write (one key per line, headers on their own lines); callers fall back to a
    plain search when a position is not found. Lines and columns are 1-based; a column points at the first
    character of the key or string, inside its quotes. Two ways to ask: by table and key (:meth:`section`,
    :meth:`span`, :meth:`key`, :meth:`value`, :meth:`string`, :meth:`entry`), or by a key's full path
    (:meth:`line`, :meth:`column`: the header or ``key =`` line whose dotted path, table included, is the path).
    """

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self._paths: tuple[dict[tuple[str, ...], int], dict[tuple[str, ...], int]] | None = None
        self.sections: list[TomlSection] = []
        counts: dict[tuple[str, ...], int] = {}
        current: tuple[tuple[str, ...], int, bool, int] = ((), 0, False, 0)
        inside = self._in_multiline_string()
        for no, line in enumerate(self.lines, 1):
            m = _TOML_HEADER.match(line) if no not in inside else None
            path = toml_dotted(m.group(2)) if m else None
            if m is None or path is None:
                continue
            self.sections.append(TomlSection(current[0], current[1], current[2], current[3], no - 1))
            array = m.group(1) == "[["
            index = counts.get(path, 0) if array else 0
            if array:
                counts[path] = index + 1
            current = (path, index, array, no)
        self.sections.append(TomlSection(current[0], current[1], current[2], current[3], len(self.lines)))

    def section(self, path: tuple[str, ...], index: int = 0) -> TomlSection | None:
        for sec in self.sections:
            if sec.path == path and sec.index == index:
                return sec
        return None

    def span(self, path: tuple[str, ...], index: int = 0) -> tuple[int, int] | None:
        """Lines of the table ``path`` and of its sub-tables (an array element's sub-tables included)."""
        start = self.section(path, index)
        if start is None:
            return None
        end = start.end
        for sec in self.sections:
            if sec.start <= start.start:
                continue
            if sec.path[: len(path)] == path and not (sec.path == path and sec.array):
                end = sec.end
            else:
                break
        return max(start.start, 1), end

    def key(self, path: tuple[str, ...], key: str, index: int = 0) -> tuple[int, int] | tuple[None, None]:
        """(line, column) of ``key = ...`` directly in table ``path``, or as a dotted key of an ancestor table."""
        for depth in range(len(path), -1, -1):
            sec = self.section(path[:depth], index if depth == len(path) else 0)
            if sec is None:
                continue
            want = (*path[depth:], key)
            for no in range(max(sec.start + 1, 1), sec.end + 1):
                line = self.lines[no - 1]
                eq = _key_end(line)
                if eq is None:
                    continue
                if toml_dotted(line[:eq].strip()) == want:
                    return no, _last_key_column(line, eq, key)
        return None, None

    def value(self, path: tuple[str, ...], key: str, index: int = 0) -> tuple[int, int] | tuple[None, None]:
        """(line, column) of the string value of ``key = "..."`` in table ``path`` (inside the quotes)."""
        line, col = self.key(path, key, index)
        if line is None or col is None:
            return None, None
        text = self.lines[line - 1]
        eq = _key_end(text)
        for idx in range((eq or 0) + 1, len(text)):
            if text[idx] in "\"'":
                return line, idx + 2
        return line, col

    def string(self, value: str, start: int, end: int | None = None) -> tuple[int, int] | tuple[None, None]:
        """(line, column) of the quoted string ``value`` in lines ``start``..``end``."""
        last = len(self.lines) if end is None else min(end, len(self.lines))
        for no in range(max(start, 1), last + 1):
            line = self.lines[no - 1]
            for quote in ('"', "'"):
                idx = line.find(f"{quote}{value}{quote}")
                if idx >= 0:
                    return no, idx + 2
        return None, None

    def entry(self, path: tuple[str, ...], key: str, value: str, index: int = 0) -> tuple[int, int] | tuple[None, None]:
        """(line, column) of the string ``value`` in the value of ``key`` of table ``path`` (arrays spanning lines)."""
        line, _ = self.key(path, key, index)
        if line is None:
            return None, None
        span = self.span(path, index)
        return self.string(value, line, span[1] if span else None)

    def line(self, path: tuple[str, ...]) -> int | None:
        """The 1-based line of the first table header or key whose full path is ``path``, or None."""
        return self._by_path()[0].get(path)

    def column(self, path: tuple[str, ...]) -> int | None:
        """The column of that key (its last part, found from the line's start; a header's from the line's end)."""
        return self._by_path()[1].get(path)

    def _by_path(self) -> tuple[dict[tuple[str, ...], int], dict[tuple[str, ...], int]]:
        """Every header's and key's full path -> (line, column), first occurrence; multi-line strings stepped over."""
        if self._paths is not None:
            return self._paths
        where: dict[tuple[str, ...], int] = {}
        columns: dict[tuple[str, ...], int] = {}

        def add(path: tuple[str, ...], no: int, raw: str, last: str | None = None) -> None:
            if path in where:
                return
            where[path] = no
            # a key is found from the line's start; a table header's last part from its end ([a.'cfg(unix)'.b.nix])
            idx = raw.find(last) if last is not None else raw.rfind(path[-1])
            columns[path] = idx + 1 if idx >= 0 else 1

        table: tuple[str, ...] = ()
        inside = self._in_multiline_string()
        for no, raw in enumerate(self.lines, 1):
            line = raw.strip()
            if no in inside or not line or line.startswith("#"):
                continue
            if line.startswith("["):
                got = split_key(line.lstrip("["))
                if got:
                    table = got[0]
                    add(table, no, raw)
                continue
            got = split_key(line)
            if got and line[got[1]:got[1] + 1] == "=":
                keys = got[0]
                for depth in range(1, len(keys) + 1):
                    add(table + keys[:depth], no, raw, keys[depth - 1])
        self._paths = where, columns
        return self._paths

    def _in_multiline_string(self) -> set[int]:
        """The lines after the one opening a multi-line string (``key = \"\"\"``) up to the one closing it: text,
        not tables or keys."""
        inside: set[int] = set()
        in_multiline: str | None = None
        for no, raw in enumerate(self.lines, 1):
            line = raw.strip()
            if in_multiline:
                inside.add(no)
                if line.count(in_multiline) % 2 == 1:
                    in_multiline = None
                continue
            if not line or line.startswith(("#", "[")):
                continue
            got = split_key(line)
            if got and line[got[1]:got[1] + 1] == "=":
                value = line[got[1] + 1:].strip()
                for q in ('"""', "'''"):
                    if value.startswith(q) and value.count(q) == 1:
                        in_multiline = q
        return inside


_BARE_KEY = lazyre.compile(r"[A-Za-z0-9_-]+")


def split_key(text: str) -> tuple[tuple[str, ...], int] | None:
    """The dotted TOML key at the start of ``text`` (bare or quoted parts) and where it ends, or None."""
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
            m = _BARE_KEY.match(text, i)
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


def first_unquoted(line: str, chars: str) -> int | None:
    """Index of the first of ``chars`` outside '…' and "…" quotes, or None."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch in chars:
            return i
    return None


def code_part(line: str) -> str:
    """The line without a trailing ``#`` comment (quotes respected): Ruby, Perl, TOML, YAML-ish lines."""
    at = first_unquoted(line, "#")
    return line if at is None else line[:at]


def _key_end(line: str) -> int | None:
    """Index of the '=' that ends the key part of a ``key = value`` line, or None."""
    stripped = line.lstrip()
    if not stripped or stripped[0] in "#[":
        return None
    at = first_unquoted(line, "=#")
    return at if at is not None and line[at] == "=" else None


def _last_key_column(line: str, eq: int, key: str) -> int:
    idx = line.rfind(key, 0, eq)
    return idx + 1 if idx >= 0 else len(line) - len(line.lstrip()) + 1


_JSON_TOKEN = lazyre.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')


def json_key_positions(text: str) -> dict[tuple[str | int, ...], tuple[int, int]]:
    """Path of every object key (and array element) -> (line, column) of its first character inside quotes.

    A light scan that trusts the text to be valid JSON (call :func:`load_json` first); duplicate keys keep
    their last position, as JSON loaders keep the last value.
    """
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]
    out: dict[tuple[str | int, ...], tuple[int, int]] = {}
    stack: list[list] = []  # [kind, path, pending key or next index]
    path: tuple[str | int, ...] = ()
    expect_key = False
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        if tok in "{[":
            child = path
            if stack:
                top = stack[-1]
                child = (*path, top[2]) if top[0] == "{" else (*path, top[2])
            stack.append([tok, child, None if tok == "{" else 0])
            path = child
            expect_key = tok == "{"
        elif tok in "}]":
            stack.pop()
            path = stack[-1][1] if stack else ()
            _advance(stack)
            expect_key = False
        elif tok == ",":
            expect_key = bool(stack) and stack[-1][0] == "{"
        elif tok == ":":
            expect_key = False
        elif stack and stack[-1][0] == "{" and expect_key and tok.startswith('"'):
            try:
                key = json.loads(tok)
            except json.JSONDecodeError:
                key = tok[1:-1]
            stack[-1][2] = key
            line = bisect.bisect_left(newlines, m.start()) + 1
            col = m.start() - (newlines[line - 2] if line >= 2 else -1)
            out[path + (key,)] = (line, col + 1)
        elif stack:
            top = stack[-1]
            if top[0] == "[":
                line = bisect.bisect_left(newlines, m.start()) + 1
                col = m.start() - (newlines[line - 2] if line >= 2 else -1)
                out[path + (top[2],)] = (line, col + (1 if tok.startswith('"') else 0))
            _advance(stack)
    return out


def _advance(stack: list[list]) -> None:
    """After a value: the next array element gets the next index."""
    if stack and stack[-1][0] == "[":
        stack[-1][2] += 1


# the closing fence of an R Markdown or Quarto chunk
CHUNK_CLOSE = lazyre.compile(r"^\s*```+\s*$")
# the opening fence of any other code block: one the document shows, whatever it holds
SHOWN_FENCE = lazyre.compile(r"^\s*(?P<fence>`{3,}|~{3,})")


def chunks_of(text: str, opening: re.Pattern[str] | lazyre.Pattern) -> str:
    """An R Markdown or Quarto document with everything but the chunks whose opening fence matches ``opening``
    (``{r}``, ``{python}``: the chunks knitr or Quarto runs) blanked, line breaks kept (so are lines and columns).
    A chunk shown verbatim (``{{r}}``), a plain code block (``python``) and whatever a shown block holds (a whole
    Quarto document inside ````` ````qmd `````, its chunks included: quarto-web's docs/triaging/index.qmd) run nothing
    and are blanked."""
    out, inside, shown = [], False, ""
    for line in text.split("\n"):
        code = False
        if inside:
            inside = CHUNK_CLOSE.match(line) is None
            code = inside
        elif shown:
            closing = line.strip()
            if closing.startswith(shown) and not closing.strip(shown[0]):
                shown = ""
        elif opening.match(line):
            inside = True
        else:
            fence = SHOWN_FENCE.match(line)
            shown = fence.group("fence") if fence is not None else ""
        out.append(line if code else " " * len(line))
    return "\n".join(out)


def close_after(text: str, start: int, opening: str, closing: str) -> int:
    """The index just after the ``closing`` bracket of a run whose ``opening`` one is before ``start`` (nested pairs
    counted, double-quoted strings with backslash escapes skipped), or ``len(text)`` when it is never closed."""
    depth, i, in_string = 1, start, False
    while i < len(text) and depth:
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
        i += 1
    return i
