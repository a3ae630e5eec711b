"""``cabal.project.freeze``: ``constraints: any.pkg ==1.0, ...`` as written by ``cabal freeze``.

Qualifiers (``any.``, ``setup.``, ``pkg:setup.``) are dropped; flag-only constraints (``pkg +flag``) name
no version and are skipped, as are ``installed`` constraints' qualifiers (the package is still reported).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "cabal.project.freeze"
FIELD = re.compile(r"^(?P<indent>\s*)(?P<field>[A-Za-z][A-Za-z0-9-]*)\s*:(?P<value>.*)$")
# a qualifier, then the name: each word's letters start after its leading digits (``[0-9]*[A-Za-z]``), so a long run
# of characters is matched in one pass (the rest of the chunk is sliced off after it, not matched by a lazy pattern:
# ``.*?\s*,?\s*$`` took 208 s on a chunk of 4,000 spaces)
CONSTRAINT = re.compile(r"^\s*(?:(?P<qual>[A-Za-z0-9:*-]+)\.)?(?P<name>[0-9]*[A-Za-z][A-Za-z0-9]*(?:-[0-9]*[A-Za-z][A-Za-z0-9]*)*)")


@file_format("cabal.project.freeze", ("cabal.project.freeze",), ecosystem="hackage", kind="lockfile",
             description="cabal freeze file constraints")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    in_constraints = False
    saw_field = False
    for line_no, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("--"):
            continue
        f = FIELD.match(line)
        if f and not f.group("indent"):
            saw_field = True
            in_constraints = f.group("field").lower() == "constraints"
            if not in_constraints:
                continue
            text, col0 = f.group("value"), f.start("value")
        elif in_constraints and line[:1] in (" ", "\t"):
            text, col0 = line, 0
        else:
            in_constraints = False
            continue
        for chunk_start, chunk in _chunks(text):
            c = CONSTRAINT.match(chunk)
            if not c:
                source.problem(f"constraints: cannot read {chunk.strip()!r}", line_no)
                continue
            rest = chunk[c.end():].strip()
            if rest.startswith(("+", "-")) or not rest:
                continue  # a flag setting, not a version
            yield source.mention("hackage", c.group("name"), line_no, col0 + chunk_start + c.start("name") + 1,
                                 Origin.LOCKFILE, PARSER, spec=rest or None)
    if not saw_field:
        raise ParseError("not a cabal.project.freeze file (no fields)", 1)


def _chunks(text: str) -> Iterator[tuple[int, str]]:
    start = 0
    for i, ch in enumerate(text + ","):
        if ch == ",":
            if text[start:i].strip():
                yield start, text[start:i]
            start = i + 1
