"""Gleam ``manifest.toml``, the lockfile ``gleam`` writes beside ``gleam.toml``: ``packages = [{ name = "x", version =
"1.2.0", ..., source = "hex", outer_checksum = "..." }, ...]``. Only ``source = "hex"`` entries come from hex.pm;
``local`` (a path) and ``git`` entries do not. The name is generic, so a file whose ``packages`` is not a list of
tables each holding ``name``, ``version`` and ``source`` (Gleam's shape) gives nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_toml

PARSER = "manifest.toml"
ENTRY = re.compile(r'\{\s*name\s*=\s*"([^"]*)"')


def gleam_packages(data: dict) -> list[dict] | None:
    """The package tables of a Gleam manifest, None when ``data`` is not one."""
    packages = data.get("packages")
    if not isinstance(packages, list) or not packages:
        return None
    if not all(isinstance(p, dict) and {"name", "version", "source"} <= p.keys() for p in packages):
        return None
    return packages


@file_format("gleam-manifest.toml", ("manifest.toml",), ecosystem="hex", kind="lockfile",
             description="Gleam manifest.toml packages resolved from Hex")
def parse(source: Source) -> Iterator[Mention]:
    if "packages" not in source.text:
        return
    packages = gleam_packages(load_toml(source.text))
    if packages is None:
        return
    places: dict[str, tuple[int, int]] = {}  # name -> (line, column) of its entry: one pass over the text
    for no, raw in enumerate(source.text.splitlines(), 1):
        m = ENTRY.search(raw)
        if m:
            places.setdefault(m.group(1), (no, m.start(1) + 1))
    for entry in packages:
        name = entry["name"]
        if entry.get("source") != "hex" or not isinstance(name, str):
            continue
        line, col = places.get(name, (None, None))
        version = entry["version"] if isinstance(entry["version"], str) else None
        yield source.mention("hex", name, line or 1, col, Origin.LOCKFILE, PARSER, spec=version)
