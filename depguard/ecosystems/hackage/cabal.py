"""``*.cabal``: the ``build-depends`` fields of every library, executable, test-suite and benchmark
(including those inside ``if`` blocks), read as the indentation-structured text they are, and their
``build-tool-depends`` (``hspec-discover:hspec-discover >= 2``: the package before the colon, built from
Hackage to run at build time).

A field runs until a line indented no deeper than the field name. Cabal comments are whole lines starting
with ``--``. The package itself and its named internal libraries are local; ``pkg:{sub1,sub2}`` is the
package ``pkg``. A package GHC provides that Hackage lacks (``ghc-provided.txt``: ``system-cxx-std-lib``, the
virtual package for the C++ standard library that text declares) is no Hackage name.

A project whose ``cabal.project`` (the nearest one, in the file's folder or above) adds package sources besides
Hackage says so: a ``repository NAME`` stanza (another package index, such as the Cardano Haskell Packages that
cardano-node's packages take ``cardano-*`` from) or a ``source-repository-package`` (a package built from a git
checkout). Its files' names are marked as a Maven build's own ``<repositories>`` mark its artifacts
(:func:`depguard.parsers.other_sources.mark_from_other_sources`): a name Hackage has passes, one it lacks is not
checked (DG100, never a pass), a look-alike Hackage has is judged as usual.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import Joined
from ...parsers.other_sources import mark_from_other_sources
from .. import catalog

PARSER = "cabal"
FIELDS = ("build-depends", "build-tool-depends")
FIELD = re.compile(r"^(?P<indent>\s*)(?P<field>[A-Za-z][A-Za-z0-9-]*)\s*:(?P<value>.*)$")
SECTION = re.compile(r"^\s*(?:library|foreign-library|executable|test-suite|benchmark)\s+(?P<name>[A-Za-z0-9-]+)\s*$", re.I)
NAME = r"[0-9]*[A-Za-z][A-Za-z0-9]*(?:-[0-9]*[A-Za-z][A-Za-z0-9]*)*"
DEP = re.compile(rf"^(?P<name>{NAME})(?::(?:[A-Za-z0-9-]+|\{{[^}}]*\}}))?(?P<spec>(?:\s.*|[<>=^!(].*)?)$")


@functools.lru_cache(maxsize=1)
def ghc_provided() -> frozenset[str]:
    """The packages GHC provides that Hackage does not have (the ``[compiler]`` file of ``ecosystem.toml``)."""
    eco = catalog().get("hackage")
    name = eco.data.get("compiler", {}).get("file")
    if not name:
        return frozenset()
    return frozenset(line.strip() for line in eco.data_file(name).read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#"))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


STANZA = re.compile(r"^(repository|source-repository-package)\b[ \t]*(\S*)", re.I)
LOCATION = re.compile(r"^[ \t]+(?:location|url)[ \t]*:[ \t]*(\S+)", re.I)
OTHER_SOURCES = "its cabal.project also takes packages from {url} ({where}), which depguard does not ask"


def project_sources(text: str) -> tuple[tuple[str, str], ...]:
    """(source as shown, where the ``cabal.project`` declares it) for each package source it adds besides Hackage: a
    ``repository NAME`` stanza, a ``source-repository-package`` (shown by its ``location:``/``url:``)."""
    found: list[tuple[str, str]] = []
    lines = text.splitlines()
    for no, line in enumerate(lines, 1):
        m = STANZA.match(line)
        if not m:
            continue
        shown = f"the package repository {m.group(2)}" if m.group(1).lower() == "repository" else "a git checkout"
        for nxt in lines[no:no + 8]:
            loc = LOCATION.match(nxt)
            if loc:
                shown += f" {loc.group(1)}"
                break
        found.append((shown, f"cabal.project line {no}"))
    return tuple(found)


def other_sources(source: Source) -> list[tuple[str, str]]:
    """The package sources besides Hackage the nearest ``cabal.project`` of ``source`` adds (read through the view)."""
    from ...imports import from_nearest

    return list(from_nearest(source, "cabal.project", project_sources) or ())


@file_format("cabal", ("*.cabal",), ecosystem="hackage", kind="manifest",
             description="Cabal package description build-depends")
def parse(source: Source) -> Iterator[Mention]:
    yield from mark_from_other_sources(_mentions(source), "hackage", lambda: other_sources(source), OTHER_SOURCES)


def _mentions(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    own: set[str] = set()
    for line in lines:
        m = FIELD.match(line)
        if m and m.group("field").lower() == "name" and not m.group("indent"):
            own.add(m.group("value").strip())
        s = SECTION.match(line)
        if s:
            own.add(s.group("name"))
    i = 0
    while i < len(lines):
        m = FIELD.match(lines[i])
        if not m or m.group("field").lower() not in FIELDS:
            i += 1
            continue
        indent = len(m.group("indent").expandtabs())
        pieces = [(i + 1, m.start("value") + 1, m.group("value"))]
        j = i + 1
        while j < len(lines):
            nxt = lines[j]
            if not nxt.strip() or nxt.lstrip().startswith("--"):
                j += 1
                continue
            if len(nxt[: _indent(nxt)].expandtabs()) <= indent:
                break
            pieces.append((j + 1, 1, nxt))
            j += 1
        joined = Joined(pieces)  # a dependency may be split over lines (``text\n  >= 1.2``)
        for offset, chunk in joined.chunks():
            line_no, col = joined.where(offset)
            d = DEP.match(chunk)
            if not d:
                source.problem(f"{m.group('field').lower()}: cannot read {chunk!r}", line_no, col)
                continue
            name = d.group("name")
            if name in own or name in ghc_provided():
                continue
            spec = (d.group("spec") or "").strip() or None
            yield source.mention("hackage", name, line_no, col, Origin.MANIFEST, PARSER, spec=spec)
        i = j
