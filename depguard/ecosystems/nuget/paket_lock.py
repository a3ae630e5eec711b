"""Paket ``paket.lock``: the resolved ``Name (version)`` lines of ``NUGET`` sections. The deeper-indented
lines under each are its requirements (listed again as resolved entries); ``GITHUB``, ``GIT`` and ``HTTP``
sections are not NuGet packages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "paket.lock"
ENTRY = re.compile(r"^    (?P<name>[^\s(]+) \((?P<version>[^)]*)\)")


@file_format("paket.lock", ("paket.lock",), ecosystem="nuget", kind="lockfile", description="Paket lockfiles: NUGET sections")
def parse(source: Source) -> Iterator[Mention]:
    section = None
    for no, raw in enumerate(source.text.splitlines(), 1):
        if raw and not raw[0].isspace():
            word = raw.split()[0]
            section = word if word.isupper() else None  # NUGET, GITHUB, HTTP, GROUP <name> ...
            continue
        if section != "NUGET":
            continue
        m = ENTRY.match(raw)
        if m:
            yield source.mention("nuget", m.group("name"), no, 5, Origin.LOCKFILE, PARSER, spec=m.group("version"))
