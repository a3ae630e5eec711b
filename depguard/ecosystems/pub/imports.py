"""Dart ``import``/``export`` directives (``*.dart``): ``package:x/…`` URIs name the pub package ``x``.

No maintained tree-sitter grammar wheel for Dart is on PyPI (the one there is a single-release fork), so this
is a small scanner that knows enough Dart to be safe: ``//`` and nested ``/* */`` comments, single, double,
triple-quoted and raw strings, ``${…}`` interpolation inside strings, and ``{}`` nesting. A directive is
the word ``import`` or ``export`` at the top level (outside every brace) followed by a string literal; the
configurable URIs of ``import 'a.dart' if (dart.library.io) 'package:x/io.dart';`` count as well.
Skipped: ``dart:`` SDK libraries, relative and other URIs, ``part``/``part of``, the packages of the Flutter
SDK (``depguard/ecosystems/pub/sdk-packages.txt``), the package's own name and its ``sdk``/``path``/``git``
dependencies and those ``hosted`` on another server than pub.dev (from the nearest ``pubspec.yaml`` in the file's
folder or above), Flutter's generated ``flutter_gen`` where that pubspec says ``flutter: generate: true``, and
``Hints.local_packages``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...commands._calls import position
from ...imports import ImportRef, data_names, emit, from_nearest, knows
from ...model import Mention
from ...parsers import Source, file_format

PARSER = "dart-imports"
WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
PACKAGE_URI = re.compile(r"package:([a-z_][a-z0-9_]*)/")


def _string_end(code: str, i: int) -> int:
    """Index just past the string literal starting at ``i`` (at its quote, or at the ``r`` of a raw one)."""
    raw = code[i] == "r"
    if raw:
        i += 1
    quote = code[i]
    triple = code.startswith(quote * 3, i)
    close = quote * 3 if triple else quote
    j = i + len(close)
    n = len(code)
    while j < n:
        if code.startswith(close, j):
            return j + len(close)
        c = code[j]
        if not triple and c == "\n":
            return j  # an unterminated single-line string ends at the line's end
        if not raw and c == "\\":
            j += 2
            continue
        if not raw and c == "$" and code.startswith("${", j):
            j = _block_end(code, j + 2)
            continue
        j += 1
    return n


def _string_body(code: str, i: int, end: int) -> tuple[int, int]:
    """(start, stop) of the text between the quotes of the string literal ``code[i:end]``."""
    start = i + (1 if code[i] == "r" else 0)
    quote = code[start]
    width = 3 if code.startswith(quote * 3, start) else 1
    stop = end - width if code.startswith(quote * width, end - width) and end - width >= start + width else end
    return start + width, stop


def _comment_end(code: str, i: int) -> int | None:
    """Index just past the comment starting at ``i``, or None when none starts there."""
    if code.startswith("//", i):
        end = code.find("\n", i)
        return len(code) if end < 0 else end
    if code.startswith("/*", i):
        depth, j = 1, i + 2
        while j < len(code) and depth:
            if code.startswith("/*", j):
                depth, j = depth + 1, j + 2
            elif code.startswith("*/", j):
                depth, j = depth - 1, j + 2
            else:
                j += 1
        return j
    return None


def _starts_string(code: str, i: int) -> bool:
    c = code[i]
    if c in "'\"":
        return True
    return c == "r" and i + 1 < len(code) and code[i + 1] in "'\"" and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] in "_$"))


def _tokens(code: str, i: int = 0) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of the strings, words and other characters of ``code`` from ``i``, comments left out."""
    n = len(code)
    while i < n:
        skipped = _comment_end(code, i)
        if skipped is not None:
            i = skipped
        elif _starts_string(code, i):
            end = _string_end(code, i)
            yield "string", i, end
            i = end
        elif (word := WORD.match(code, i)) is not None:  # a letter WORD does not take (é) is another character
            end = word.end()
            yield "word", i, end
            i = end
        else:
            yield code[i], i, i + 1
            i += 1


def _block_end(code: str, i: int) -> int:
    """Index just past the ``}`` closing an interpolation whose body starts at ``i``."""
    depth = 1
    for kind, _start, end in _tokens(code, i):
        depth += {"{": 1, "}": -1}.get(kind, 0)
        if depth == 0:
            return end
    return len(code)


def directive_uris(code: str) -> Iterator[tuple[str, int]]:
    """(URI, offset of its first character) of every import/export directive URI in Dart ``code``."""
    depth = parens = 0
    directive = False  # inside `import …;` / `export …;`
    for kind, start, end in _tokens(code):
        if kind == "string":
            if directive and parens == 0:
                first, stop = _string_body(code, start, end)
                body = code[first:stop]
                if code[start] == "r" or "$" not in body:  # an interpolated URI is not a literal
                    yield body, first
        elif kind == "word":
            if depth == 0 and not directive and code[start:end] in ("import", "export") and (start == 0 or code[start - 1] != "."):
                directive = True
        elif kind == "{":
            depth += 1
        elif kind == "}":
            depth = max(0, depth - 1)
        elif kind == ";":
            directive, parens = False, 0
        elif directive and kind in "()":
            parens = max(0, parens + (1 if kind == "(" else -1))


def import_refs(text: str, local: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """(pub, package, line, column) for each pub package a Dart file imports or exports."""
    if "package:" not in text:
        return
    sdk = data_names("pub", "stdlib")
    for uri, offset in directive_uris(text):
        m = PACKAGE_URI.match(uri)
        if not m:
            continue
        name = m.group(1)
        if name in sdk or name in local:
            continue
        line, col = position(text, offset + len("package:"))
        yield ImportRef("pub", name, line, col, name)


def _pubspec_local(text: str) -> frozenset[str]:
    """The package's own name and its dependencies that are not from pub.dev (``sdk``, ``path``, ``git``, ``hosted`` on
    another server), from a pubspec.yaml; with ``flutter: generate: true``, also ``flutter_gen``, the synthetic package
    Flutter generates the app's localizations into (its gen_l10n guide imports
    ``package:flutter_gen/gen_l10n/app_localizations.dart``)."""
    from ...errors import ParseError
    from ...parsers._util import load_yaml
    from .pubspec_yaml import hosted_on_pub

    try:
        data = load_yaml(text)
    except ParseError:
        return frozenset()
    if not isinstance(data, dict):
        return frozenset()
    names = {data["name"]} if isinstance(data.get("name"), str) else set()
    for section in ("dependencies", "dev_dependencies", "dependency_overrides"):
        table = data.get(section)
        if isinstance(table, dict):
            names.update(str(k) for k, v in table.items() if isinstance(v, dict) and (
                any(x in v for x in ("sdk", "path", "git")) or ("hosted" in v and not hosted_on_pub(v["hosted"]))))
    flutter = data.get("flutter")
    if isinstance(flutter, dict) and flutter.get("generate") is True:
        names.add("flutter_gen")
    return frozenset(names)


def local_names(source: Source) -> frozenset[str]:
    return frozenset(source.hints.local_packages) | (from_nearest(source, "pubspec.yaml", _pubspec_local) or frozenset())


@file_format(PARSER, ("*.dart",), ecosystem="pub", kind="source", description="Dart package: imports and exports")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("pub"):
        return
    yield from emit(source, import_refs(source.text, local_names(source)), PARSER)
