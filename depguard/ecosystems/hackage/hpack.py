"""hpack's ``package.yaml`` (the file Stack and hpack generate a ``*.cabal`` from): the ``dependencies`` of the package
and of each of its sections (``library``, ``internal-libraries``, ``executable``/``executables``, ``tests``,
``benchmarks``, ``foreign-libraries``) and of their ``when`` conditionals (``then``/``else`` too). A dependency is a
string (``aeson >= 2 && < 3``), a list item holding one or ``name:`` and ``version:``, or a mapping of names to a
constraint or to ``version:``/``mixin:``. The package itself, its internal libraries and the packages GHC provides
that Hackage lacks are no Hackage names.

The name is generic: a ``package.yaml`` is read as hpack's only with one of hpack's own keys at the top
(``library``, ``executables``, ``ghc-options``, ``source-dirs`` ...) and none of npm's (pnpm reads a ``package.yaml``
as its ``package.json``). Before, nothing read it: a Haskell project whose dependencies are declared in hpack alone
(the generated ``*.cabal`` often git-ignored) had them unjudged (held-out set 280, functional languages).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_yaml
from ...parsers.other_sources import mark_from_other_sources
from .cabal import DEP, OTHER_SOURCES, ghc_provided, other_sources

PARSER = "package.yaml"
HPACK_KEYS = frozenset({
    "library", "internal-libraries", "executable", "executables", "tests", "benchmarks", "foreign-libraries",
    "ghc-options", "source-dirs", "default-extensions", "extra-source-files", "spec-version", "github", "synopsis",
    "category", "maintainer", "copyright", "other-modules", "exposed-modules", "language", "cpp-options", "verbatim",
})
NPM_KEYS = frozenset({"scripts", "devDependencies", "peerDependencies", "main", "module", "exports", "workspaces"})
SECTIONS = ("internal-libraries", "executables", "tests", "benchmarks", "foreign-libraries")
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


class Places:
    """Where each name-like word of the text stands, found in one pass; :meth:`next` takes the first place of a word
    at or after the last one taken (else its first place), so names met in text order get their own lines."""

    def __init__(self, text: str) -> None:
        self.at: dict[str, list[tuple[int, int]]] = {}
        for no, line in enumerate(text.splitlines(), 1):
            for m in TOKEN.finditer(line):
                self.at.setdefault(m.group(), []).append((no, m.start() + 1))
        self.cursor = (0, 0)

    def next(self, word: str) -> tuple[int | None, int | None]:
        places = self.at.get(word)
        if not places:
            return None, None
        i = bisect.bisect_right(places, self.cursor)
        self.cursor = places[i] if i < len(places) else places[0]
        return self.cursor


def _dependency_fields(data: dict) -> Iterator[object]:
    """The ``dependencies`` values of the package, of each of its sections and of every ``when`` conditional (and its
    ``then``/``else``) below them, in the order the text gives them (mappings keep their keys' order)."""
    # (True, a dependencies value) or (False, a mapping, whether it is the package: only its keys hold sections)
    stack: list[tuple[bool, object, bool]] = [(False, data, True)]
    while stack:
        is_deps, node, top = stack.pop()
        if is_deps:
            yield node
            continue
        if not isinstance(node, dict):
            continue
        nested: list[tuple[bool, object, bool]] = []
        for key, value in node.items():
            if key == "dependencies":
                nested.append((True, value, False))
            elif key == "when":
                nested.extend((False, cond, False) for cond in (value if isinstance(value, list) else [value]))
            elif (key in ("then", "else") and not top) or (top and key in ("library", "executable")):
                nested.append((False, value, False))
            elif top and key in SECTIONS and isinstance(value, dict):
                nested.extend((False, section, False) for section in value.values())
        stack.extend(reversed(nested))


def _entries(deps: object) -> Iterator[tuple[str, str | None]]:
    """(text of one dependency, a constraint given apart from it) for each dependency of a ``dependencies`` value."""
    if isinstance(deps, str):
        yield from ((part, None) for part in deps.split(",") if part.strip())
    elif isinstance(deps, list):
        for item in deps:
            if isinstance(item, str):
                yield item, None
            elif isinstance(item, dict) and isinstance(item.get("name"), str):
                version = item.get("version")
                yield item["name"], version if isinstance(version, str) else None
    elif isinstance(deps, dict):
        for name, value in deps.items():
            if isinstance(value, dict):
                value = value.get("version")
            yield str(name), value if isinstance(value, str) else None


@file_format("package.yaml", ("package.yaml",), ecosystem="hackage", kind="manifest",
             description="hpack package.yaml dependencies (Stack's package description)")
def parse(source: Source) -> Iterator[Mention]:
    yield from mark_from_other_sources(_mentions(source), "hackage", lambda: other_sources(source), OTHER_SOURCES)


def _mentions(source: Source) -> Iterator[Mention]:
    if "dependencies" not in source.text:
        return
    data = load_yaml(source.text)
    if not isinstance(data, dict) or not HPACK_KEYS & data.keys() or NPM_KEYS & data.keys():
        return
    own = {data["name"]} if isinstance(data.get("name"), str) else set()
    if isinstance(data.get("internal-libraries"), dict):
        own.update(str(k) for k in data["internal-libraries"])
    places = Places(source.text)
    for deps in _dependency_fields(data):
        for text, version in _entries(deps):
            d = DEP.match(text.strip())
            if not d:
                source.problem(f"dependencies: cannot read {text!r}")
                continue
            name = d.group("name")
            line, col = places.next(name)
            if name in own or name in ghc_provided():
                continue
            spec = version or (d.group("spec") or "").strip() or None
            yield source.mention("hackage", name, line or 1, col, Origin.MANIFEST, PARSER, spec=spec)
