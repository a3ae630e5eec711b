"""Gradle dependency verification metadata (``gradle/verification-metadata.xml``): every
``<component group= name= version=>``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._xml import parse_xml, value_column

PARSER = "verification-metadata.xml"


@file_format("gradle-verification-metadata", ("gradle/verification-metadata.xml", "verification-metadata.xml"),
             ecosystem="maven", kind="lockfile", description="Gradle dependency verification metadata")
def parse(source: Source) -> Iterator[Mention]:
    root = parse_xml(source.text, "verification-metadata", "Gradle verification metadata")
    lines = source.text.splitlines()
    for comp in root.all("components", "component"):
        group, name = comp.attrs.get("group"), comp.attrs.get("name")
        if not group or not name:
            source.problem("<component> without group or name", comp.line)
            continue
        yield source.mention("maven", f"{group}:{name}", comp.line, value_column(lines, comp, group), Origin.LOCKFILE, PARSER,
                             spec=comp.attrs.get("version"))
