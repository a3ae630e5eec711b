"""``build.sbt`` and the other ``*.sbt`` files of an sbt build (Scala: Chisel's and SpinalHDL's project templates,
``project/plugins.sbt``), read as text (never run): the module IDs it writes, ``"group" % "artifact" % version``.

A module ID with a version is a dependency wherever the file writes it (``libraryDependencies += …``, ``Seq(…)``, or
a ``val spinalCore = "com.github.spinalhdl" %% "spinalhdl-core" % spinalVersion`` that a ``Seq`` names later); a pair
with no version (``excludeDependencies += "g" % "a"``) is an exclusion, no download. ``%%`` appends the Scala binary
version to the artifact, as sbt publishes and resolves it (``"org.chipsalliance" %% "chisel" % v`` with
``scalaVersion := "2.13.14"`` is ``org.chipsalliance:chisel_2.13``; Scala 3 is ``_3``), taken from the file's
``scalaVersion :=`` (a literal or a ``val`` of the file); a file below ``project/`` is built by sbt 1's own Scala
2.12. ``cross CrossVersion.full`` appends the full Scala version, ``CrossVersion.for3Use2_13`` and ``for2_13Use3`` the
other binary version. With no Scala version known a ``%%`` module ID is a recorded problem, not a guess. ``%%%``
(Scala.js and Scala Native: a platform suffix too) and ``addSbtPlugin(…)`` (an sbt plug-in, published per sbt and
Scala version, often in sbt's own Ivy repository rather than Maven Central) are not read. A build that adds resolvers
other than Maven Central (``resolvers += "x" at "https://…"``, ``Resolver.sonatypeRepo``) has its names marked not
checked when Central lacks them, as a Gradle build's.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import LineIndex
from .gradle_build import _blank_comments
from .repositories import ASKED, mark_unasked

PARSER = "build.sbt"
# after the version, a configuration as a string (``% "test"``) or as sbt's value (``% Test``, ``% Provided``,
# ``% Configurations.Test``): cats-effect's scalafix build writes ``"ch.epfl.scala" % "scalafix-testkit" % V.scalafixVersion
# % Test cross CrossVersion.full``, whose cross version was missed behind ``% Test`` (the bare ``scalafix-testkit``
# Central never had: it publishes ``scalafix-testkit_2.13.16``)
MODULE = lazyre.compile(r'"(?P<g>[A-Za-z0-9_.\-]+)"\s*(?P<op>%%%|%%|%)\s*"(?P<a>[A-Za-z0-9_.\-]+)"\s*%\s*'
                        r'(?P<v>"[^"\n]*"|[A-Za-z_][\w.]*)(?:\s*%\s*(?:"[^"\n]*"|[A-Za-z_][\w.]*))?'
                        r'(?:\s*cross\s*\(?\s*CrossVersion\s*\.\s*(?P<cross>\w+))?')
SCALA_VERSION = lazyre.compile(r'\bscalaVersion(?:\s+in\s+\w+)?\s*:=\s*(?:"(?P<lit>[^"\n]+)"|(?P<name>[A-Za-z_]\w*))')
PLUGIN = lazyre.compile(r"\baddSbtPlugin\s*\(")
# `"name" at "url"` and its method form `"name".at("url")` (scalachess' `resolvers += "jitpack".at("https://jitpack.io")`)
RESOLVER_URL = lazyre.compile(r'\bat(?:\s*\(\s*"(?P<call>[^"\n]+)"|\s+"(?P<url>[^"\n]+)")')
RESOLVER_NAMED = lazyre.compile(r"\bResolver\s*\.\s*(?P<name>\w+)")
CENTRAL = frozenset({"mavenCentral", "mavenLocal", "DefaultMavenRepository", "defaultLocal"})
SBT_SCALA = "2.12"  # the Scala an sbt 1 build definition (project/*.sbt) is compiled with


# a string constant of the build: `val akkaVersion = "2.8.5"`, `lazy val v: String = "1.0"`, `def chiselVersion = "6.5.0"`
CONSTANT = lazyre.compile(r'\b(?:val|lazy\s+val|def)\s+(?P<name>[A-Za-z_]\w*)\s*(?::\s*String\s*)?=\s*"(?P<value>[^"\n]+)"')


def _constant(text: str, name: str) -> str | None:
    """The value of the build's first string constant ``name`` (a version written as a name: ``"g" % "a" % v``)."""
    return _constants(text).get(name)


@functools.lru_cache(maxsize=4)
def _constants(text: str) -> dict[str, str]:
    """name -> the value of the first string constant of that name in ``text``, read once per file (each module's
    version looked up from the text's start was quadratic in a build of many modules: 8,000 took 100 s; reviewer
    r36)."""
    out: dict[str, str] = {}
    for m in CONSTANT.finditer(text):
        out.setdefault(m.group("name"), m.group("value"))
    return out


def _binary(version: str) -> str | None:
    """Scala's binary version of ``version``: ``2.13.14`` -> ``2.13``, ``3.3.1`` -> ``3``."""
    m = re.match(r"(\d+)\.(\d+)", version)
    if m is None:
        return None
    return m.group(1) if m.group(1) == "3" else f"{m.group(1)}.{m.group(2)}"


def _scala_version(source: Source, text: str) -> str | None:
    m = SCALA_VERSION.search(text)
    if m is not None:
        return m.group("lit") or _constant(text, m.group("name"))
    folder = source.fs_path.parent.name if source.fs_path is not None else source.path.replace("\\", "/").rpartition("/")[0]
    return f"{SBT_SCALA}.0" if folder.rpartition("/")[2] == "project" else None


# the setting that says where the build publishes (`publishTo := Option(Resolver.file("file", …))`, a `{ … }` block of
# Sonatype's staging URLs): no repository it resolves from, as a POM's <distributionManagement> is not
PUBLISH_TO = lazyre.compile(r"\bpublishTo\b[^=\n]{0,40}:=")


def _without_publishing(text: str) -> str:
    """``text`` with each ``publishTo := …`` expression blanked (to its line's end, or across lines while a bracket it
    opens is open); each character is read once."""
    if "publishTo" not in text:
        return text
    out, pos = [], 0
    for m in PUBLISH_TO.finditer(text):
        if m.start() < pos:
            continue
        depth, i = 0, m.end()
        while i < len(text) and (depth > 0 or text[i] != "\n"):
            depth += {"(": 1, "{": 1, "[": 1, ")": -1, "}": -1, "]": -1}.get(text[i], 0)
            i += 1
        out += [text[pos:m.end()], " " * (i - m.end())]
        pos = i
    return "".join(out) + text[pos:]


def _resolvers(text: str) -> list[tuple[str, str]]:
    """The repositories (as shown) the file adds to its resolvers that depguard does not ask."""
    if "resolvers" not in text:
        return []
    text = _without_publishing(text)
    urls = (m.group("call") or m.group("url") for m in RESOLVER_URL.finditer(text))
    out = [url for url in urls if not ASKED.match(url)]
    out += [f"Resolver.{m.group('name')}" for m in RESOLVER_NAMED.finditer(text) if m.group("name") not in CENTRAL]
    return [(url, "this build file") for url in out]


@file_format("build.sbt", ("*.sbt",), ecosystem="maven", kind="manifest",
             description="sbt build definitions (read as text): module IDs, %% with the file's Scala version")
def parse(source: Source) -> Iterator[Mention]:
    text = "\n".join(_blank_comments(source.text))
    yield from mark_unasked(_parse(source, text), lambda: _resolvers(text))


def _parse(source: Source, text: str) -> Iterator[Mention]:
    if "%" not in text:
        return
    index = LineIndex(text)
    scala = _scala_version(source, text)
    binary = _binary(scala) if scala else None
    plugins = [(p.start(), p.end()) for p in PLUGIN.finditer(text)] if "addSbtPlugin" in text else []
    for m in MODULE.finditer(text):
        no, column = index.line_col(m.start())
        line_start = m.start() - column + 1
        # an sbt plug-in's module (addSbtPlugin( before it on its line), found among the file's plug-in calls once, not
        # searched for from the line's start per module: quadratic on one long line (8,000 modules 34 s; reviewer r36)
        k = bisect_left(plugins, (line_start,))
        if m.group("op") == "%%%" or (k < len(plugins) and plugins[k][1] <= m.start()):
            continue
        artifact, cross = m.group("a"), m.group("cross")
        if m.group("op") == "%%" or cross:
            if cross not in (None, "full", "binary", "for3Use2_13", "for2_13Use3") or (cross and m.group("op") == "%%"):
                continue  # a cross version sbt computes otherwise (patch, constant …): not guessed
            if binary is None or scala is None:
                source.problem(f"module ID {m.group(0)!r} appends the Scala version, which the file does not set; "
                               "not read", no)
                continue
            suffix = {"full": scala, "for3Use2_13": "2.13" if binary == "3" else binary,
                      "for2_13Use3": "3" if binary == "2.13" else binary}.get(cross or "", binary)
            artifact = f"{artifact}_{suffix}"
        version = m.group("v")
        spec = version[1:-1] if version.startswith('"') else _constant(text, version)
        yield source.mention("maven", f"{m.group('g')}:{artifact}", no, column + 1, Origin.MANIFEST,
                             PARSER, spec=spec or None)
