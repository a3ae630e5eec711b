"""The module a Node command loads before its program (``node -r dotenv/config``, ``node --import tsx``, ``--loader``,
the same options in ``NODE_OPTIONS``): the ``[imports] command`` function of ``ecosystem.toml``
(:func:`depguard.commands.mentions_of_imports`).

Node resolves a preload as ``require()`` resolves it, from the folder it runs in, so the id is judged as a ``require``
of it written where the command is: a path (``-r ./setup.js``), a Node built-in, a ``data:`` URL, the project's own
workspace packages and the dependencies the package.json files around it take from elsewhere stay quiet; a package the
registry lacks is flagged as a ``require`` of it is."""

from __future__ import annotations

import json
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source
from ...records import replace


def command_import(source: Source, spec: str, line: int, column: int) -> Iterator[Mention]:
    """The mentions ``require("<spec>")`` would make at 1-based ``line`` of ``source`` where the command names the id at
    ``column``."""
    if not spec or "\n" in spec or spec.startswith((".", "/", "\\", "~", "$")):
        return
    from .imports import parse

    statement = f"require({json.dumps(spec)});"
    for m in parse(source.fragment(statement, line)):
        if m.origin is not Origin.IMPORT:
            continue
        at = max(spec.find(m.written), 0) if m.written else 0
        yield replace(m, location=source.loc(line, column + at, line, column + at + len(m.written)))
