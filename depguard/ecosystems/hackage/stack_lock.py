"""``stack.yaml.lock``: the Hackage packages Stack pinned (``packages[].completed.hackage`` or
``original.hackage``, ``pkg-1.2.3@sha256:...``). Git and archive entries are not Hackage names; snapshots
are Stackage, not packages."""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_yaml
from .stack_yaml import hackage_identifier

PARSER = "stack.yaml.lock"


@file_format("stack.yaml.lock", ("stack.yaml.lock",), ecosystem="hackage", kind="lockfile",
             description="Stack stack.yaml.lock Hackage packages")
def parse(source: Source) -> Iterator[Mention]:
    data = load_yaml(source.text)
    if not isinstance(data, dict) or not isinstance(data.get("packages", []), list):
        raise ParseError("not a stack.yaml.lock (no packages list)", 1)
    lines = KeyLines(source.text)
    for entry in data.get("packages") or []:
        if not isinstance(entry, dict):
            continue
        text = None
        for part in ("completed", "original"):
            body = entry.get(part)
            if isinstance(body, dict) and isinstance(body.get("hackage"), str):
                text = body["hackage"]
                break
        if text is None:
            continue
        ident = hackage_identifier(text)
        if ident is None:
            source.problem(f"cannot read the Hackage package {text!r}")
            continue
        line, col = lines.find(text, quoted=False)
        yield source.mention("hackage", ident[0], line or 1, col, Origin.LOCKFILE, PARSER, spec=ident[1])
