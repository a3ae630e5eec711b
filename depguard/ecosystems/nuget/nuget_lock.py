"""NuGet ``packages.lock.json`` (version 1 and 2): every package of every target framework, except
``Project`` entries (other projects of the solution). The same package resolved for several frameworks is
one mention per distinct version.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_json

PARSER = "packages.lock.json"


@file_format("packages.lock.json", ("packages.lock.json",), ecosystem="nuget", kind="lockfile",
             description="NuGet lockfiles (version 1 and 2)")
def parse(source: Source) -> Iterator[Mention]:
    from .feeds import mark_other_feeds

    yield from mark_other_feeds(source, _parse(source))


def _parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("packages.lock.json is not a JSON object", 1)
    version = data.get("version")
    if version not in (1, 2):
        raise ParseError(f"unsupported lock file version {version}", 1)
    frameworks = data.get("dependencies")
    if not isinstance(frameworks, dict):
        raise ParseError("no dependencies object", 1)
    lines = source.text.splitlines()
    seen: set[tuple[str, str]] = set()
    cursor = 0
    for packages in frameworks.values():
        if not isinstance(packages, dict):
            continue
        for name, info in packages.items():
            if not isinstance(info, dict) or info.get("type") == "Project":
                continue
            given = info.get("resolved")
            resolved = given if isinstance(given, str) else ""
            line, col = _key_line(lines, name, cursor)
            if line:
                cursor = line
            if (name.lower(), resolved) in seen:
                continue
            seen.add((name.lower(), resolved))
            yield source.mention("nuget", name, line or 1, col, Origin.LOCKFILE, PARSER, spec=resolved or None,
                                 note=info.get("type") if info.get("type") != "Direct" else None)


def _key_line(lines: list[str], name: str, start: int) -> tuple[int | None, int | None]:
    pattern = re.compile(r'"' + re.escape(name) + r'"\s*:\s*\{')
    for i in list(range(start, len(lines))) + list(range(0, start)):
        m = pattern.search(lines[i])
        if m:
            return i + 1, m.start() + 2
    return None, None
