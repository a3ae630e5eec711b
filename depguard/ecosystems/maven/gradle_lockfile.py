"""``gradle.lockfile`` (and per-configuration ``*.lockfile`` under ``gradle/dependency-locks``):
``group:artifact:version=configurations`` lines. ``empty=`` lists configurations with no dependencies.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "gradle.lockfile"
LINE = re.compile(r"^(?P<group>[A-Za-z0-9_.-]+):(?P<artifact>[A-Za-z0-9_.-]+):(?P<version>[^=\s]+)(=.*)?$")


@file_format("gradle.lockfile", ("gradle.lockfile", "gradle/dependency-locks/*.lockfile", "buildscript-gradle.lockfile"),
             ecosystem="maven", kind="lockfile", description="Gradle dependency lockfiles")
def parse(source: Source) -> Iterator[Mention]:
    for no, raw in enumerate(source.text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("empty="):
            continue
        m = LINE.match(line)
        if not m:
            if ":" not in line:  # stray text; Gradle writes none, hand edits might
                continue
            source.problem(f"not a lockfile line: {line[:80]!r}", no)
            continue
        column = raw.find(m.group("group")) + 1
        yield source.mention("maven", f"{m.group('group')}:{m.group('artifact')}", no, column, Origin.LOCKFILE, PARSER,
                             spec=m.group("version"))
