"""Julia ``Project.toml``: ``[deps]``, ``[weakdeps]`` and ``[extras]`` (name = UUID).

Standard libraries (exact name and UUID pairs from ``depguard/ecosystems/julia/stdlib.tsv``) ship with Julia and are
not registry names; neither is the project itself, nor a dependency that ``[sources]`` takes from a URL or
path. A file with ``[deps]`` but none of Julia's keys is still read; a ``Project.toml`` of another tool
(no ``deps``/``uuid``) gives nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import value_line
from ...parsers._util import KeyLines, load_toml
from .. import catalog

PARSER = "Project.toml"
TABLES = ("deps", "weakdeps", "extras")


@functools.lru_cache(maxsize=1)
def stdlib() -> frozenset[tuple[str, str]]:
    eco = catalog().get("julia")
    name = eco.data.get("stdlib", {}).get("file")
    if not name:
        return frozenset()
    pairs = set()
    for line in eco.data_file(name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            n, _, uuid = line.partition("\t")
            pairs.add((n.strip(), uuid.strip().lower()))
    return frozenset(pairs)


@file_format("Project.toml", ("Project.toml", "JuliaProject.toml"), ecosystem="julia", kind="manifest",
             description="Julia Project.toml deps, weakdeps and extras")
def parse(source: Source) -> Iterator[Mention]:
    data = load_toml(source.text)
    if not any(isinstance(data.get(t), dict) for t in TABLES):
        return
    own = data.get("name") if isinstance(data.get("name"), str) else None
    given = data.get("sources")
    sources: dict[str, object] = given if isinstance(given, dict) else {}
    lines = KeyLines(source.text)
    for table in TABLES:
        deps = data.get(table)
        if not isinstance(deps, dict):
            continue
        header, _ = lines.find(f"[{table}]", quoted=False, reset=True)
        lines.cursor = header or 1
        for name, uuid in deps.items():
            if not isinstance(uuid, str):
                source.problem(f"[{table}] {name} should be a UUID string")
                continue
            if name == own or (name, uuid.lower()) in stdlib():
                continue
            src = sources.get(name)
            if isinstance(src, dict) and any(k in src for k in ("url", "path")):
                continue
            line, _ = value_line(lines, name, uuid)
            col = lines.lines[line - 1].find(name) + 1 if line else None
            yield source.mention("julia", name, line or 1, col, Origin.MANIFEST, PARSER,
                                 note=None if table == "deps" else table)
