"""Paket ``paket.dependencies``: ``nuget Name [version constraint]`` lines, in every group.

``github``, ``git``, ``gist`` and ``http`` lines fetch files from elsewhere, not NuGet packages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "paket.dependencies"
NUGET = re.compile(r"^\s*nuget\s+(?P<name>[^\s/#]+)(?P<rest>.*)$")
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
    for no, raw in enumerate(source.text.splitlines(), 1):
        if raw.lstrip().startswith(("#", "//")):
            continue
        m = NUGET.match(_strip_comment(raw))
        if not m:
            continue
        c = CONSTRAINT.search(m.group("rest"))
        yield source.mention("nuget", m.group("name"), no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                             spec=c.group(2) if c else None)
