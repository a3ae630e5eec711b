"""``Package.swift``: the ``.package(url: "...")`` dependencies of a SwiftPM manifest, by text scanning.

The manifest is Swift code and is never run. Comments are blanked first (so a commented-out dependency is
not read), then every ``.package(`` call is read up to its closing parenthesis. ``.package(path:)`` is a
local package; ``.package(id: "scope.name")`` names a package registry identity, which has no public default
registry to ask, so it is recorded as a problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import close_after
from ._refs import swift_package_name

PARSER = "Package.swift"
CALL = re.compile(r"\.package\s*\(")
URL_ARG = re.compile(r'\burl\s*:\s*"(?P<url>[^"\n]*)"')
ID_ARG = re.compile(r'\bid\s*:\s*"(?P<id>[^"\n]*)"')
VERSION_ARG = re.compile(r'\b(?P<kind>from|exact|branch|revision|upToNextMajor|upToNextMinor)\s*[:(]\s*(?:from\s*:\s*)?"(?P<v>[^"\n]*)"')
RANGE_ARG = re.compile(r'"(?P<lo>[^"\n]*)"\s*\.\.[.<]\s*"(?P<hi>[^"\n]*)"')


def blank_comments(text: str) -> str:
    """``text`` with // and /* */ comments replaced by spaces (newlines kept), string literals untouched."""
    out = list(text)
    i, n = 0, len(text)
    in_string = False
    while i < n:
        c = text[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"' or c == "\n":
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [ch if ch == "\n" else " " for ch in text[i:j]]
            i = j
        else:
            i += 1
    return "".join(out)


def _call_end(text: str, start: int) -> int:
    return close_after(text, start, "(", ")")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    from ...commands._calls import position

    return position(text, offset)  # the line starts found once per text (each count from the start was quadratic)


def _version(args: str) -> str | None:
    m = VERSION_ARG.search(args)
    if m:
        return f"{m.group('kind')} {m.group('v')}"
    m = RANGE_ARG.search(args)
    return f"{m.group('lo')}..<{m.group('hi')}" if m else None


@file_format("Package.swift", ("Package.swift", "Package@swift-*.swift"), ecosystem="swift", kind="manifest",
             description="SwiftPM Package.swift .package(url:) dependencies")
def parse(source: Source) -> Iterator[Mention]:
    text = blank_comments(source.text)
    for call in CALL.finditer(text):
        end = _call_end(text, call.end())
        args = text[call.end(): end - 1]
        url = URL_ARG.search(args)
        if url is None:
            ident = ID_ARG.search(args)
            if ident:
                line, _ = _line_col(text, call.end() + ident.start("id"))
                source.problem(f"registry package {ident.group('id')!r}: SwiftPM has no public default registry to ask; not checked",
                               line, kind="limit")
            continue
        name = swift_package_name(url.group("url"))
        if name is None:
            continue
        offset = call.end() + url.start("url")
        line, col = _line_col(text, offset)
        yield source.mention("swift", url.group("url"), line, col, Origin.MANIFEST, PARSER, spec=_version(args), name=name)
