"""Where the children of top-level mappings sit in a block-style YAML text (``pubspec.yaml``,
``pubspec.lock``): ``children(text, "dependencies")`` -> {key: (line, column)}. The safe loader gives the
data; this scan only points at lines.
"""

from __future__ import annotations

import re

KEY = re.compile(r"""^(?P<indent> *)(?P<q>["']?)(?P<key>[^"'#:\s][^"':]*?)(?P=q)\s*:(\s|$)""")


def children(text: str, section: str) -> dict[str, tuple[int, int]]:
    found: dict[str, tuple[int, int]] = {}
    inside = False
    child_indent: int | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        m = KEY.match(raw)
        indent = len(raw) - len(raw.lstrip(" "))
        if indent == 0:
            inside = bool(m and m.group("key") == section)
            child_indent = None
            continue
        if not inside or not m:
            continue
        if child_indent is None:
            child_indent = indent
        if indent == child_indent and m.group("key") not in found:
            found[m.group("key")] = (no, indent + len(m.group("q")) + 1)
    return found
