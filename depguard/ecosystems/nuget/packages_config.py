"""NuGet ``packages.config``: ``<package id= version=>`` entries."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._xml import parse_xml, value_column

PARSER = "packages.config"


@file_format("packages.config", ("packages.config",), ecosystem="nuget", kind="manifest",
             description="NuGet packages.config")
def parse(source: Source) -> Iterator[Mention]:
    from .feeds import mark_other_feeds

    yield from mark_other_feeds(source, _parse(source))


def _parse(source: Source) -> Iterator[Mention]:
    root = parse_xml(source.text, "packages", "a packages.config")
    lines = source.text.splitlines()
    for pkg in root.all("package"):
        name = pkg.attrs.get("id")
        if not name:
            source.problem("<package> without id", pkg.line)
            continue
        yield source.mention("nuget", name, pkg.line, value_column(lines, pkg, name), Origin.MANIFEST, PARSER, spec=pkg.attrs.get("version"),
                             note="development dependency" if pkg.attrs.get("developmentDependency") == "true" else None)
