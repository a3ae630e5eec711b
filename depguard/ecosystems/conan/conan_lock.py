"""``conan.lock``: the recipes a Conan lockfile pins, both shapes.

- Conan 1 (lockfile version 0.4 and older): ``graph_lock.nodes`` maps node ids to ``{"ref": "zlib/1.2.13", ...}``
  (``"pref"`` in 0.3); a node with a ``path`` is the consumer's own conanfile, not a dependency.
- Conan 2 (version 0.5): lists of references, ``"requires"``, ``"build_requires"``, ``"python_requires"`` (and
  ``"config_requires"``), each ``name/version#revision%timestamp``.

References with a user or channel come from another remote and are not asked of ConanCenter (see ``reference``).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json
from .reference import parse_reference

PARSER = "conan.lock"
V2_LISTS = ("requires", "build_requires", "python_requires", "config_requires")


@file_format("conan.lock", ("conan.lock",), ecosystem="conan", kind="lockfile",
             description="Conan lockfiles (v1 graph_lock and v2 reference lists): ConanCenter recipes")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    graph = data.get("graph_lock") if isinstance(data, dict) else None
    nodes = graph.get("nodes") if isinstance(graph, dict) else None
    lists = [k for k in V2_LISTS if isinstance(data, dict) and isinstance(data.get(k), list)]
    if not isinstance(nodes, dict) and not lists:
        raise ParseError("not a conan.lock (neither graph_lock.nodes nor a requires list)", 1)
    positions = json_key_positions(source.text)
    lines = source.text.splitlines()
    entries: list[tuple[str, tuple[str | int, ...]]] = []  # (reference text, its JSON path)
    if isinstance(nodes, dict):
        for node_id, node in nodes.items():
            if not isinstance(node, dict) or node.get("path"):  # the consumer's own conanfile
                continue
            field = "pref" if node.get("pref") else "ref"
            ref = node.get(field)
            if isinstance(ref, str) and ref:
                entries.append((ref, ("graph_lock", "nodes", node_id, field)))
    for key in lists:
        entries.extend((ref, (key, i)) for i, ref in enumerate(data[key]) if isinstance(ref, str))
    for text, path in entries:
        line, col = positions.get(path, (1, None))
        if isinstance(path[-1], str):  # a node's "ref" key: the value follows it on the line
            at = lines[line - 1].find(text, col or 0) if 0 < line <= len(lines) else -1
            col = at + 1 if at >= 0 else col
        ref = parse_reference(text)
        if ref is None:
            if "/" in text:  # a consumer without name and version (conanfile.py) has no '/' and is skipped
                source.problem(f"{text!r} is not a Conan reference (name/version[@user/channel])", line, col)
            continue
        if ref.on_conancenter:
            yield source.mention("conan", ref.name, line, col, Origin.LOCKFILE, PARSER, spec=ref.version)
