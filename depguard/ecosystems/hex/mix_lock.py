"""``mix.lock``: ``"name": {:hex, :package, "version", ...}`` entries (the package atom is the Hex name;
the key may be an alias). ``:git`` and ``:path`` entries are not from Hex; private-repository entries
(a repo other than ``"hexpm"``) are not visible on hex.pm and are not asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "mix.lock"
ENTRY = re.compile(r"""^\s*"(?P<key>[^"]+)"\s*:\s*\{\s*:(?P<kind>\w+)\s*,\s*(?P<rest>.*)$""")
HEX = re.compile(r""":(?P<pkg>[a-z_][a-z0-9_]*)\s*,\s*"(?P<version>[^"]*)\"""")
REPO = re.compile(r""",\s*"(?P<repo>[\w-]+)"\s*,\s*"[0-9a-f]{64}"\s*\}""")


@file_format("mix.lock", ("mix.lock",), ecosystem="hex", kind="lockfile", description="Mix lockfiles: Hex packages")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text.strip()
    if text and not text.startswith("%{"):
        raise ParseError("not a mix.lock (it does not start with %{)", 1)
    for no, raw in enumerate(source.text.splitlines(), 1):
        m = ENTRY.match(raw)
        if not m or m.group("kind") != "hex":
            continue
        hexed = HEX.match(m.group("rest"))
        if not hexed:
            source.problem(f"hex entry {m.group('key')!r} without package and version", no)
            continue
        repo = REPO.search(m.group("rest"))
        if repo and repo.group("repo") != "hexpm":
            continue
        pkg = hexed.group("pkg")
        yield source.mention("hex", m.group("key"), no, raw.find(m.group("key")) + 1, Origin.LOCKFILE, PARSER,
                             spec=hexed.group("version"), name=pkg, note=None if pkg == m.group("key") else f"alias of {pkg}")
