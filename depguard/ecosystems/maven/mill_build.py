"""Mill build files (``build.mill``, ``package.mill``, the older ``build.sc``; Scala: Chisel's and SpinalHDL's project
templates), read as text (never run): the dependencies written ``mvn"group::artifact:version"`` (Mill 1) or
``ivy"…"`` (before it).

``g:a:v`` is the artifact as written; ``g::a:v`` appends the Scala binary version of the file's ``def scalaVersion =
"2.13.14"`` (a literal, or a ``def``/``val`` of the file), as Mill resolves it (``org.chipsalliance::chisel`` is
``org.chipsalliance:chisel_2.13``; Scala 3 ``_3``), and ``g:::a:v`` the full Scala version; a ``::`` before the version
(``org.scalatest::scalatest::3.2.19``) adds a platform suffix only in a Scala.js or Native module, none on the JVM. A
coordinate whose group or artifact is interpolated is not read, and one that needs a Scala version the file does not
set is a recorded problem, not a guess. A build that adds a ``MavenRepository("https://…")`` other than Maven Central
has its names marked not checked when Central lacks them, as a Gradle build's.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import LineIndex
from .gradle_build import _blank_comments
from .repositories import ASKED, mark_unasked
from .sbt_build import _binary, _constant

PARSER = "build.mill"
DEP = lazyre.compile(r'\b(?:mvn|ivy)"(?P<g>[A-Za-z0-9_.\-]+)(?P<sep>:{1,3})(?P<a>[A-Za-z0-9_.\-]+)(?=[:"])'
                     r'(?::{1,2}(?P<v>[^":\s]*))?[^"\n]*"')
SCALA_VERSION = lazyre.compile(r'\b(?:def|val)\s+scalaVersion\s*(?::[^=\n]*)?=\s*(?:(?:T|Task)\s*\{\s*)?'
                               r'(?:"(?P<lit>[^"\n]+)"|(?P<name>[A-Za-z_]\w*))')
REPOSITORY = lazyre.compile(r'\bMavenRepository\s*\(\s*"(?P<url>[^"\n]+)"')


def _scala_version(text: str) -> str | None:
    m = SCALA_VERSION.search(text)
    if m is None:
        return None
    return m.group("lit") or _constant(text, m.group("name"))


def _repositories(text: str) -> list[tuple[str, str]]:
    return [(m.group("url"), "this build file") for m in REPOSITORY.finditer(text) if not ASKED.match(m.group("url"))]


@file_format("build.mill", ("build.mill", "package.mill", "build.sc"), ecosystem="maven", kind="manifest",
             description="Mill build files (read as text): mvn\"…\"/ivy\"…\" dependencies, :: with the file's Scala version")
def parse(source: Source) -> Iterator[Mention]:
    text = "\n".join(_blank_comments(source.text))
    yield from mark_unasked(_parse(source, text), lambda: _repositories(text))


def _parse(source: Source, text: str) -> Iterator[Mention]:
    if 'mvn"' not in text and 'ivy"' not in text:
        return
    index = LineIndex(text)
    scala = _scala_version(text)
    binary = _binary(scala) if scala else None
    for m in DEP.finditer(text):
        no, column = index.line_col(m.start())
        artifact, sep = m.group("a"), m.group("sep")
        if sep != ":":
            if scala is None or binary is None:
                source.problem(f"dependency {m.group(0)!r} appends the Scala version, which the file does not set; "
                               "not read", no)
                continue
            artifact = f"{artifact}_{binary if sep == '::' else scala}"
        version = m.group("v")
        yield source.mention("maven", f"{m.group('g')}:{artifact}", no, column + 4, Origin.MANIFEST,
                             PARSER, spec=version if version and "$" not in version else None)
