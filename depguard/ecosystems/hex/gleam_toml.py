"""Gleam ``gleam.toml``: the Hex packages of ``[dependencies]`` and ``[dev-dependencies]`` (``[dev_dependencies]``,
the older spelling): ``name = "version requirement"`` or ``name = { version = "..." }``. A ``path`` or ``git``
dependency (``{ path = "../lib" }``, ``{ git = "https://...", ref = "..." }``) is not a Hex name. A ``gleam.toml``
without those tables gives nothing.

Gleam resolves every other dependency from hex.pm (``gleam add``, ``gleam deps download``), so these names are
what a Gleam project installs; the gleam-lang/gleam repository alone holds 105 such files (held-out set 280).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_toml

PARSER = "gleam.toml"
TABLES = ("dependencies", "dev-dependencies", "dev_dependencies")
HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_-]+)\s*\]")
KEY = re.compile(r"""^\s*(["']?)([A-Za-z0-9_-]+)\1\s*=""")


def key_places(text: str) -> dict[tuple[str, str], tuple[int, int]]:
    """(table, key) -> (line, column) of the first line defining that key in that table: one pass over the text."""
    places: dict[tuple[str, str], tuple[int, int]] = {}
    table = ""
    for no, line in enumerate(text.splitlines(), 1):
        h = HEADER.match(line)
        if h:
            table = h.group(1)
            continue
        k = KEY.match(line)
        if k:
            places.setdefault((table, k.group(2)), (no, k.start(2) + 1))
    return places


@file_format("gleam.toml", ("gleam.toml",), ecosystem="hex", kind="manifest",
             description="Gleam gleam.toml dependencies and dev-dependencies from Hex")
def parse(source: Source) -> Iterator[Mention]:
    data = load_toml(source.text)
    places = key_places(source.text) if any(isinstance(data.get(t), dict) for t in TABLES) else {}
    for table in TABLES:
        deps = data.get(table)
        if not isinstance(deps, dict):
            continue
        for name, value in deps.items():
            if isinstance(value, dict):
                if "path" in value or "git" in value:
                    continue
                spec = value.get("version")
            elif isinstance(value, str):
                spec = value
            else:
                source.problem(f"[{table}] {name}: expected a version requirement or a table")
                continue
            line, col = places.get((table, name), (None, None))
            yield source.mention("hex", name, line or 1, col, Origin.MANIFEST, PARSER,
                                 spec=spec if isinstance(spec, str) else None,
                                 note=None if table == "dependencies" else "dev")
