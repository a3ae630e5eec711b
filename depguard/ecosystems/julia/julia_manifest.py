"""Julia ``Manifest.toml``, format 1 (``[[Name]]`` at the top level) and 2 (``[[deps.Name]]``).

Only entries resolved from a registry are reported: they carry a ``git-tree-sha1`` and neither a ``path``
(a developed local package) nor a ``repo-url`` (added from a Git URL, outside General). Standard libraries
have no ``git-tree-sha1`` and are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_toml

PARSER = "Manifest.toml"


def manifest_entries(data: dict) -> Iterator[tuple[str, dict, str]]:
    """(name, entry, header text) for every package of a v1 or v2 manifest."""
    v2 = isinstance(data.get("manifest_format"), str) and data["manifest_format"].startswith("2")
    table = data.get("deps", {}) if v2 else data
    if not isinstance(table, dict):
        raise ParseError("Manifest.toml: deps is not a table")
    for name, entries in table.items():
        if not isinstance(entries, list):
            continue
        for entry in entries:
            if isinstance(entry, dict):
                yield name, entry, f"[[deps.{name}]]" if v2 else f"[[{name}]]"


@file_format("Manifest.toml", ("Manifest.toml", "JuliaManifest.toml", "Manifest-v*.toml"), ecosystem="julia",
             kind="lockfile", description="Julia Manifest.toml registered packages (formats 1 and 2)")
def parse(source: Source) -> Iterator[Mention]:
    data = load_toml(source.text)
    lines = KeyLines(source.text)
    for name, entry, header in manifest_entries(data):
        line, col = lines.find(header, quoted=False)
        if "git-tree-sha1" not in entry or "path" in entry or "repo-url" in entry:
            continue
        version = entry.get("version") if isinstance(entry.get("version"), str) else None
        if line is not None:
            col = lines.lines[line - 1].find(name) + 1
        yield source.mention("julia", name, line or 1, col, Origin.LOCKFILE, PARSER, spec=version)
