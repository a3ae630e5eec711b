"""Kotlin scripts (``*.main.kts``), read as text (never run): the artifacts a script's ``@file:DependsOn("g:a:v")``
annotations make the Kotlin scripting host download (several in one annotation too), from Maven Central unless the
script adds a repository with ``@file:Repository("https://…")``. A script naming a repository other than the ones
depguard asks has its names marked not checked when those lack them, as a Gradle build's (github-workflows-kt's
workflow scripts take the actions' bindings from their own server: ``@file:DependsOn("actions:checkout:v4")``).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import LineIndex
from .gradle_build import _blank_comments
from .repositories import ASKED, mark_unasked

PARSER = "kotlin-script"
# @file:DependsOn("g:a:v", "g2:a2:v2") / @file:DependsOn(artifactsCoordinates = ["g:a:v"]) is not Kotlin script syntax
DEPENDS_ON = lazyre.compile(r'@file\s*:\s*DependsOn\s*\((?P<args>[^()\n]*)\)')
COORDINATE = lazyre.compile(r'"(?P<g>[A-Za-z0-9_.\-]+):(?P<a>[A-Za-z0-9_.\-]+)(?::(?P<v>[^":\s]*))?(?::[^"\s]*)?"')
REPOSITORY = lazyre.compile(r'@file\s*:\s*Repository\s*\(\s*"(?P<url>[^"\n]+)"')


def _repositories(text: str) -> list[tuple[str, str]]:
    return [(m.group("url"), "this script") for m in REPOSITORY.finditer(text) if not ASKED.match(m.group("url"))]


@file_format(PARSER, ("*.main.kts",), ecosystem="maven", kind="manifest",
             description="Kotlin scripts (*.main.kts, read as text): @file:DependsOn artifacts, @file:Repository")
def parse(source: Source) -> Iterator[Mention]:
    if "DependsOn" not in source.text:
        return
    text = "\n".join(_blank_comments(source.text))
    yield from mark_unasked(_parse(source, text), lambda: _repositories(text))


def _parse(source: Source, text: str) -> Iterator[Mention]:
    index = LineIndex(text)
    for m in DEPENDS_ON.finditer(text):
        for c in COORDINATE.finditer(m.group("args")):
            no, column = index.line_col(m.start("args") + c.start())
            version = c.group("v")
            yield source.mention("maven", f"{c.group('g')}:{c.group('a')}", no, column + 1, Origin.MANIFEST, PARSER,
                                 spec=version if version and "$" not in version else None)
