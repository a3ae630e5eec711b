"""``stack.yaml``: ``extra-deps`` taken from Hackage (``pkg-1.2.3``, optionally ``@sha256:...`` or
``@rev:N``). Git/GitHub/URL/local entries are not Hackage names; ``packages`` are the project's own."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, find_line, load_mapping

PARSER = "stack.yaml"
PKG_VERSION = re.compile(r"^(?P<name>[0-9]*[A-Za-z][A-Za-z0-9]*(?:-[0-9]*[A-Za-z][A-Za-z0-9]*)*)-(?P<v>[0-9]+(?:\.[0-9]+)*)(?:@.*)?$")
PKG_ONLY = re.compile(r"^[0-9]*[A-Za-z][A-Za-z0-9]*(?:-[0-9]*[A-Za-z][A-Za-z0-9]*)*$")


def hackage_identifier(text: str) -> tuple[str, str | None] | None:
    """(package, version) for ``pkg-1.2.3[@...]`` or a bare ``pkg``; None for anything else."""
    text = text.strip()
    m = PKG_VERSION.match(text)
    if m:
        return m.group("name"), m.group("v")
    if PKG_ONLY.match(text):
        return text, None
    return None


@file_format("stack.yaml", ("stack.yaml", "stack-*.yaml"), ecosystem="hackage", kind="manifest",
             description="Stack stack.yaml extra-deps from Hackage")
def parse(source: Source) -> Iterator[Mention]:
    data = load_mapping(source.text, "stack.yaml")
    if data is None:
        return
    deps = data.get("extra-deps")
    if deps is None:
        return
    if not isinstance(deps, list):
        source.problem("extra-deps should be a list")
        return
    lines = KeyLines(source.text)
    start, _ = find_line(lines.lines, "extra-deps", 1, quoted=False)
    lines.cursor = start or 1
    for item in deps:
        if isinstance(item, dict):
            hackage = item.get("hackage")  # the long form {hackage: pkg-1.0}
            if not isinstance(hackage, str):
                continue
            item = hackage
        if not isinstance(item, str) or "://" in item or item.startswith((".", "/", "~")):
            continue
        ident = hackage_identifier(item)
        if ident is None:
            continue
        line, col = lines.find(item, quoted=False)
        yield source.mention("hackage", ident[0], line or 1, col, Origin.MANIFEST, PARSER, spec=ident[1])
