"""``*.cabal``: the ``build-depends`` fields of every library, executable, test-suite and benchmark
(including those inside ``if`` blocks), read as the indentation-structured text they are, and their
``build-tool-depends`` (``hspec-discover:hspec-discover >= 2``: the package before the colon, built from
Hackage to run at build time).

A field runs until a line indented no deeper than the field name. Cabal comments are whole lines starting
with ``--``. The package itself and its named internal libraries are local; ``pkg:{sub1,sub2}`` is the
package ``pkg``. A package GHC provides that Hackage lacks (``ghc-provided.txt``: ``system-cxx-std-lib``, the
virtual package for the C++ standard library that text declares) is no Hackage name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import Joined
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


@file_format("cabal", ("*.cabal",), ecosystem="hackage", kind="manifest",
             description="Cabal package description build-depends")
def parse(source: Source) -> Iterator[Mention]:
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
