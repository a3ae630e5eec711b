"""Where things are written in JSON, JSONC and YAML files, for the JavaScript manifest and lockfile parsers.

``load_json_positions`` and ``load_yaml_positions`` return the usual Python values, except that objects are
:class:`Keyed` dicts that remember the offset of each key (``obj.where[key]``) and lists are :class:`Placed`
lists that remember the offset of each item (``lst.where[i]``). :class:`LineIndex` turns an offset into a
1-based (line, column). Searching the text for a name instead would find the same name in a script, a
description or a nested entry; these positions come from the parser, so duplicates cannot be confused.

Both loaders are bounded like the ones in ``_util``: nesting deeper than ``MAX_DEPTH`` is refused, and YAML
aliases are refused (a lockfile never needs them, and refusing them rules out exponential expansion) unless the
caller accepts them (``aliases=True``, Helm values: ``port: *containerPortName``): an alias is then the anchored
value itself, a scalar or the very same container object, never a copy, so nothing expands; a caller that
walks such a tree visits each container once. Such a caller gets YAML's merge key as well (``<<: *defaults``), read
as PyYAML's safe loader reads it (:func:`_merge`).
"""

from __future__ import annotations

import bisect
import json
import re

from .. import lazyre
from ..errors import ParseError
from ._util import MAX_DEPTH

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


class Keyed(dict):
    """A mapping that remembers the text offset of each key (the key's first character, after any quote)."""

    __slots__ = ("where",)

    def __init__(self) -> None:
        super().__init__()
        self.where: dict[Any, int] = {}


class Placed(list):
    """A list that remembers the text offset of each item."""

    __slots__ = ("where",)

    def __init__(self) -> None:
        super().__init__()
        self.where: list[int] = []


class LineIndex:
    """Offsets to 1-based (line, column), by bisecting the line starts once computed."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        self.starts.extend(m.end() for m in re.finditer("\n", text))

    def line_col(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def key(self, obj: Keyed, key: Any) -> tuple[int, int]:
        """(line, column) of ``key`` in ``obj`` (the object's own position when the key was not recorded)."""
        offset = obj.where.get(key)
        return self.line_col(offset) if offset is not None else (1, 1)


def document_mapping(data: Any, what: str) -> Keyed:
    """The top-level mapping of a parsed lockfile (empty for an empty document); ParseError otherwise."""
    if data is None:
        return Keyed()
    if not isinstance(data, Keyed):
        raise ParseError(f"not a {what}: the document is not a mapping", 1)
    return data


def section(data: Keyed, index: LineIndex, key: str, what: str) -> Keyed | None:
    """``data[key]`` when it is a mapping, None when absent; ParseError at the key's line otherwise."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, Keyed):
        raise ParseError(f"{what}: {key!r} is not a mapping", index.key(data, key)[0])
    return value


# ----------------------------------------------------------------------------------------------- JSON, JSONC

_TOKEN = lazyre.compile(
    r"""[ \t\r\n]*(?:
        (?P<s>"(?:[^"\\\x00-\x1f]|\\.)*")
      | (?P<p>[{}\[\]:,])
      | (?P<c>//[^\n]*|/\*(?:[^*]|\*(?!/))*\*/)
      | (?P<n>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?(?![0-9A-Za-z_.]))
      | (?P<w>true|false|null)(?![0-9A-Za-z_])
      | (?P<x>[^ \t\r\n])
    )""",
    re.X,
)
_WORDS = {"true": True, "false": False, "null": None}
_CLOSE = {"}": Keyed, "]": Placed}

# parser states
_VALUE, _FIRST_VALUE, _KEY, _FIRST_KEY, _COLON, _AFTER, _DONE = range(7)


def load_json_positions(text: str, jsonc: bool = False, what: str = "JSON") -> tuple[Any, LineIndex]:
    """Parse JSON (or, with ``jsonc``, JSON with comments and trailing commas) keeping key and item offsets."""
    index = LineIndex(text)

    def fail(message: str, offset: int) -> ParseError:
        line, col = index.line_col(offset)
        return ParseError(f"not valid {what}: {message} (line {line}, column {col})", line, col)

    stack: list[Any] = []
    keys: list[Any] = []  # pending key of each open object (None for lists)
    root: Any = None
    state = _VALUE
    # up to the last character that is no blank: a token's leading blanks matched and given back at each start of a
    # trailing run of blanks (a file ending in many empty lines: quadratic, 6,000 of them 8 s; l39)
    for m in _TOKEN.finditer(text, 0, len(text.rstrip(" \t\r\n"))):
        kind = m.lastgroup
        tok = m.group(kind)  # type: ignore[arg-type]
        at = m.start(kind)  # type: ignore[arg-type]
        if kind == "c":
            if not jsonc:
                raise fail("comments are not allowed", at)
            continue
        if kind == "x":
            raise fail("unterminated string or bad character in it" if tok == '"' else f"unexpected {tok!r}", at)
        if state == _DONE:
            raise fail(f"extra data after the end: {tok!r}", at)
        if state in (_KEY, _FIRST_KEY):
            if kind == "s":
                key = _string(tok, at, fail)
                keys[-1] = key
                stack[-1].where[key] = at + 1
                state = _COLON
                continue
            if tok == "}" and (state == _FIRST_KEY or jsonc):
                state = _close(stack, keys)
                continue
            raise fail(f"expected a quoted key, found {tok!r}", at)
        if state == _COLON:
            if tok != ":":
                raise fail(f"expected ':', found {tok!r}", at)
            state = _VALUE
            continue
        if state == _AFTER:
            top = stack[-1]
            if tok == ",":
                state = _KEY if isinstance(top, Keyed) else _VALUE
                if jsonc and isinstance(top, Placed):
                    state = _FIRST_VALUE
                continue
            if tok in _CLOSE and isinstance(top, _CLOSE[tok]):
                state = _close(stack, keys)
                continue
            raise fail(f"expected ',' or a closing bracket, found {tok!r}", at)
        # a value is expected
        if tok == "]" and state == _FIRST_VALUE:
            state = _close(stack, keys)
            continue
        if kind == "s":
            value: Any = _string(tok, at, fail)
        elif kind == "n":
            value = json.loads(tok)
        elif kind == "w":
            value = _WORDS[tok]
        elif tok == "{" or tok == "[":
            if len(stack) >= MAX_DEPTH:
                raise fail(f"nested deeper than {MAX_DEPTH} levels", at)
            value = Keyed() if tok == "{" else Placed()
        else:
            raise fail(f"expected a value, found {tok!r}", at)
        if stack:
            top = stack[-1]
            if isinstance(top, Keyed):
                top[keys[-1]] = value
            else:
                top.append(value)
                top.where.append(at + (1 if kind == "s" else 0))
        else:
            root = value
        if isinstance(value, (Keyed, Placed)):
            stack.append(value)
            keys.append(None)
            state = _FIRST_KEY if isinstance(value, Keyed) else _FIRST_VALUE
        else:
            state = _AFTER if stack else _DONE
    if state != _DONE:
        raise fail("unexpected end of file" if text.strip() else "the file is empty", len(text))
    return root, index


def _close(stack: list[Any], keys: list[Any]) -> int:
    stack.pop()
    keys.pop()
    return _AFTER if stack else _DONE


def _string(tok: str, at: int, fail: Any) -> str:
    if "\\" not in tok:
        return tok[1:-1]
    try:
        return json.loads(tok)
    except ValueError:
        raise fail("bad escape in string", at) from None


# ----------------------------------------------------------------------------------------------------- YAML


def load_yaml_positions(text: str, aliases: bool = False) -> tuple[Any, LineIndex]:
    """Parse one YAML document keeping key and item offsets; tags and deep nesting are refused, and so are
    aliases unless ``aliases`` (see the module docstring). A second document is an error (see
    :func:`load_yaml_documents`).
    """
    roots, index = load_yaml_documents(text, limit=1, aliases=aliases)
    return (roots[0] if roots else None), index


def load_yaml_documents(text: str, limit: int | None = None, aliases: bool = False) -> tuple[list[Any], LineIndex]:
    """Every YAML document of ``text`` (``---`` separated: pnpm 10+ writes its own package-manager
    dependencies as a first document before the project's), keeping key and item offsets; aliases, tags and
    deep nesting are refused, and so is a document past ``limit``.

    The document is built from the parser's event stream with an explicit stack (libyaml's parser when
    available, which keeps its own stack too), so nesting cannot exhaust the C or Python stack.
    """
    import yaml

    loader_cls = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    index = LineIndex(text)
    resolver = yaml.resolver.Resolver()
    constructor = yaml.SafeLoader("")
    stack: list[Any] = []
    keys: list[Any] = []  # per open mapping: _NO_KEY while a key is awaited, else the key awaiting its value
    docs = 0
    roots: list[Any] = []
    anchored: dict[str, Any] = {}  # anchor -> its value (with ``aliases``)

    def place(value: Any, offset: int) -> None:
        if not stack:
            roots[-1] = value
            return
        top = stack[-1]
        if isinstance(top, Placed):
            top.append(value)
            top.where.append(offset)
        elif keys[-1] is _NO_KEY:
            try:
                hash(value)
            except TypeError:
                raise ParseError("YAML mapping key is not a plain value", index.line(offset)) from None
            keys[-1] = value
            top.where[value] = offset
        else:
            top[keys[-1]] = value
            keys[-1] = _NO_KEY

    try:
        for ev in yaml.parse(text, Loader=loader_cls):
            mark: Any = ev.start_mark  # PyYAML's parser sets both marks on every event
            end: Any = ev.end_mark
            if isinstance(ev, yaml.ScalarEvent):
                offset = mark.index + (1 if ev.style in ("'", '"') else 0)
                tag = ev.tag if ev.tag not in (None, "!") else resolver.resolve(yaml.ScalarNode, ev.value, ev.implicit)
                if (tag == _YAML_MERGE and aliases and stack and isinstance(stack[-1], Keyed)
                        and keys[-1] is _NO_KEY):  # a merge key, `<<: *defaults`: merged when its mapping closes
                    place(_MERGE, offset)
                    continue
                if tag not in _YAML_TAGS:
                    raise ParseError(f"YAML tag {tag} is not accepted here", index.line(offset))
                node = yaml.ScalarNode(tag, ev.value, mark, end, style=ev.style)
                scalar = constructor.construct_object(node)
                if aliases and ev.anchor:
                    anchored[ev.anchor] = scalar
                place(scalar, offset)
            elif isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if len(stack) >= MAX_DEPTH:
                    raise ParseError(f"YAML nested deeper than {MAX_DEPTH} levels", mark.line + 1)
                value = Keyed() if isinstance(ev, yaml.MappingStartEvent) else Placed()
                if aliases and ev.anchor:
                    anchored[ev.anchor] = value
                place(value, mark.index)
                stack.append(value)
                keys.append(_NO_KEY)
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                if isinstance(stack[-1], Keyed) and _MERGE in stack[-1]:
                    _merge(stack[-1], index.line(mark.index))
                stack.pop()
                keys.pop()
            elif isinstance(ev, yaml.AliasEvent):
                if not aliases or ev.anchor not in anchored:
                    raise ParseError("YAML aliases are not accepted here", mark.line + 1)
                place(anchored[ev.anchor], mark.index)  # the same object: shared, never copied
            elif isinstance(ev, yaml.DocumentStartEvent):
                docs += 1
                if limit is not None and docs > limit:
                    raise ParseError("more than one YAML document" if limit == 1 else
                                     f"more than {limit} YAML documents", mark.line + 1)
                roots.append(None)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise ParseError(f"not valid YAML: {problem}", mark.line + 1 if mark else None) from None
    except UnicodeEncodeError as exc:  # libyaml encodes the text: a lone surrogate (an answer's JSON-escaped "\ud800")
        raise ParseError("not valid YAML: a lone surrogate character",  # is refused as a problem of this text (l39)
                         index.line(exc.start) if 0 <= exc.start < len(text) else None) from None
    return roots, index


_NO_KEY = object()
_MERGE = object()  # the key a merge key (``<<``) is held under until its mapping closes
_YAML_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "timestamp"))
_YAML_MERGE = "tag:yaml.org,2002:merge"


def _merge(mapping: Keyed, line: int) -> None:
    """YAML's merge key as PyYAML's safe loader reads it (pre-commit's and most tools' loader), when aliases are
    accepted: ``<<: *local`` (or a list of aliased mappings, or a mapping written in place) adds the keys the mapping
    does not set itself, a mapping earlier in the list first; msgspec's ``.pre-commit-config.yaml`` gives every local
    hook its ``language: system`` so. The values are the merged mapping's own objects, never copies (the module
    docstring), and their offsets where that mapping writes them; a mapping holds at most the keys the text writes."""
    merged = mapping.pop(_MERGE)
    mapping.where.pop(_MERGE, None)
    sources = list(merged) if isinstance(merged, Placed) else [merged]
    for source in sources:
        if not isinstance(source, Keyed):
            raise ParseError("a YAML merge key takes a mapping or a list of mappings", line)
        for key, value in source.items():
            if key not in mapping:
                mapping[key] = value
                mapping.where[key] = source.where.get(key, 0)


# -------------------------------------------------------------------------------------------- finding names

_NAME_END = frozenset("@\"' ,:/")


def name_at(text: str, name: str, start: int = 0) -> int:
    """Index of ``name`` in ``text`` at or after ``start`` as a whole name (not inside a longer one), or -1.

    A whole name is preceded by the start, a quote, a space, a comma, a slash or ``:`` and followed by the
    end, ``@``, a quote, a space, a comma, a slash or ``:``.
    """
    i = text.find(name, start)
    while i >= 0:
        before = text[i - 1] if i > 0 else " "
        j = i + len(name)
        after = text[j] if j < len(text) else " "
        if before in _NAME_END and after in _NAME_END:
            return i
        i = text.find(name, i + 1)
    return -1


STRING_VALUE = re.compile(r'["\']?\s*:\s*["\']?')


def string_value_at(text: str, obj: Keyed, key: str) -> int:
    """The offset of the first character of ``obj[key]``'s string value (inside its quotes), found right after the key
    (``obj.where[key]``: the key's first character) instead of by a search of the rest of the text for the value, which
    an escape in the value defeats (a search per value that fails reads to the end: quadratic in the entries)."""
    after = obj.where[key] + len(key)
    m = STRING_VALUE.match(text, after)
    return m.end() if m else after


def exec_form(source: Any, index: LineIndex, argv: Placed) -> Any:  # source: parsers.Source
    """An array command (no shell) as shell text: each argument where it is written (quoted for the shell in
    place of its JSON quotes when it needs quoting), lines continued with a backslash; when an argument's
    quoting does not fit its place, the arguments joined after the first one's position."""
    places = [index.line_col(at) for at in argv.where]  # the first character inside each item's quotes
    import shlex

    words = [shlex.quote(a) for a in argv]
    first_line = places[0][0]
    if any(len(w) > len(a) + 2 for w, a in zip(words, argv)):
        return source.fragment(" ".join(words), first_line, places[0][1])
    rows: list[list[str]] = [[] for _ in range(places[-1][0] - first_line + 1)]
    for (line, col), word, arg in zip(places, words, argv):
        row = rows[line - first_line]
        start = col - 1 if word == arg else col - 2  # a quoted word takes the JSON quotes' place
        row.extend(" " * max(start - len(row), 1 if row else 0))
        row.extend(word)
    text = " \\\n".join("".join(row) for row in rows)
    return source.fragment(text, first_line, 1)
