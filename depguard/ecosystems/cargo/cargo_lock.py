"""``Cargo.lock``: every ``[[package]]`` whose ``source`` is crates.io (``registry+`` or ``sparse+`` of the
crates.io index). Workspace members (no ``source``), git sources and other registries are not asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_toml

PARSER = "Cargo.lock"
CRATES_IO = ("registry+https://github.com/rust-lang/crates.io-index", "sparse+https://index.crates.io/")
NAME_LINE = re.compile(r'^\s*name\s*=\s*"([^"]+)"')


@file_format("Cargo.lock", ("Cargo.lock",), ecosystem="cargo", kind="lockfile",
             description="Cargo lockfiles: crates resolved from crates.io")
def parse(source: Source) -> Iterator[Mention]:
    data = load_toml(source.text)
    packages = data.get("package", [])
    if not isinstance(packages, list):
        raise ParseError("package is not an array of tables")
    # the n-th [[package]] header, and the name line after it
    lines = source.text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == "[[package]]"]
    for n, pkg in enumerate(packages):
        if not isinstance(pkg, dict) or not isinstance(pkg.get("name"), str):
            source.problem(f"[[package]] number {n + 1} has no name")
            continue
        src = pkg.get("source")
        if not isinstance(src, str) or not src.startswith(CRATES_IO):
            continue
        line, column = (starts[n] + 1 if n < len(starts) else 1), None
        if n < len(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            for i in range(starts[n], end):
                m = NAME_LINE.match(lines[i])
                if m:
                    line, column = i + 1, m.start(1) + 1
                    break
        version = pkg.get("version") if isinstance(pkg.get("version"), str) else None
        yield source.mention("cargo", pkg["name"], line, column, Origin.LOCKFILE, PARSER, spec=version)
