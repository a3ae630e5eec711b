"""Paket ``paket.dependencies``: ``nuget Name [version constraint]`` lines, in every group.

``github``, ``git``, ``gist`` and ``http`` lines fetch files from elsewhere, not NuGet packages.

A group's ``source`` lines name the feeds Paket restores its packages from: when one is not nuget.org (a MyGet or
Azure Artifacts feed, a local folder of packages), the group's names nuget.org lacks are not checked, as a project's
nuget.config feeds make them (:mod:`depguard.ecosystems.nuget.feeds`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers.other_sources import mark_from_other_sources
from .feeds import NUGET_ORG

PARSER = "paket.dependencies"
NUGET = re.compile(r"^\s*nuget\s+(?P<name>[^\s/#]+)(?P<rest>.*)$")
SOURCE = re.compile(r"^\s*source\s+(?P<url>[^\s#]+)")
GROUP = re.compile(r"^group\s+(?P<name>\S+)")
CONSTRAINT = re.compile(r"(~>|>=|<=|==|=|>|<)?\s*(\d[\w.\-+]*)")


def _strip_comment(line: str) -> str:
    for marker in ("//", " #"):
        idx = line.find(marker)
        if idx >= 0:
            line = line[:idx]
    return line


@file_format("paket.dependencies", ("paket.dependencies",), ecosystem="nuget", kind="manifest",
             description="Paket dependency files: nuget lines")
def parse(source: Source) -> Iterator[Mention]:
    group = "main"
    found: dict[str, list[Mention]] = {}
    feeds: dict[str, list[tuple[str, str]]] = {}
    for no, raw in enumerate(source.text.splitlines(), 1):
        if raw.lstrip().startswith(("#", "//")):
            continue
        line = _strip_comment(raw)
        named = GROUP.match(line)
        if named:
            group = named.group("name").lower()
            continue
        feed = SOURCE.match(raw)  # (a URL's // is no comment)
        if feed and not NUGET_ORG.match(feed.group("url")):
            feeds.setdefault(group, []).append((feed.group("url"), f"paket.dependencies:{no}"))
        m = NUGET.match(line)
        if not m:
            continue
        c = CONSTRAINT.search(m.group("rest"))
        found.setdefault(group, []).append(source.mention("nuget", m.group("name"), no, m.start("name") + 1,
                                                          Origin.MANIFEST, PARSER, spec=c.group(2) if c else None))
    for name, mentions in found.items():
        declared = feeds.get(name, [])
        yield from mark_from_other_sources(mentions, "nuget", lambda d=declared: d,
                                           "Paket restores it from {url} too ({where}), a feed depguard does not ask")
