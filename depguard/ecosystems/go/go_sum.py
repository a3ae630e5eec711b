"""``go.sum``: one mention per module version (its ``/go.mod`` hash line and its tree hash line are the same
module), at the first line that names it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "go.sum"


@file_format("go.sum", ("go.sum", "go.work.sum"), ecosystem="go", kind="lockfile",
             description="Go checksum files: every module version listed")
def parse(source: Source) -> Iterator[Mention]:
    seen: set[tuple[str, str]] = set()
    for no, raw in enumerate(source.text.splitlines(), 1):
        words = raw.split()
        if not words:
            continue
        if len(words) != 3 or not words[2].startswith("h1:"):
            raise ParseError(f"not a go.sum line: {raw.strip()[:80]!r}", no)
        module, version = words[0], words[1].removesuffix("/go.mod")
        if (module, version) in seen:
            continue
        seen.add((module, version))
        yield source.mention("go", module, no, raw.find(module) + 1, Origin.LOCKFILE, PARSER, spec=version)
