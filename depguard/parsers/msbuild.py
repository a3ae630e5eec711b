"""MSBuild project files (``*.csproj``, ``*.fsproj``, ``*.vbproj``, ``Directory.Packages.props``,
``Directory.Build.props``/``.targets``): ``<PackageReference Include=...>``, central package management's
``<PackageVersion Include=...>`` and ``<GlobalPackageReference>``. ``Update=`` items change a reference
declared elsewhere and are not new mentions. ``<ProjectReference>`` names local projects.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source, file_format
from ._xml import parse_xml, value_column

PARSER = "msbuild"
ITEMS = ("PackageReference", "PackageVersion", "GlobalPackageReference", "PackageDownload")


@file_format("msbuild", ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Packages.props", "Directory.Build.props",
                         "Directory.Build.targets"),
             ecosystem="nuget", kind="manifest", description="MSBuild projects: PackageReference and PackageVersion items")
def parse(source: Source) -> Iterator[Mention]:
    root = parse_xml(source.text, "Project", "an MSBuild project")
    lines = source.text.splitlines()
    for group in root.iter("ItemGroup"):
        for item in group.children:
            if item.tag not in ITEMS:
                continue
            name = item.attrs.get("Include")
            if not name:
                continue
            version = item.attrs.get("Version") or item.child_text("Version") or item.attrs.get("VersionOverride")
            for one in name.split(";"):
                one = one.strip()
                if not one or "$(" in one:
                    continue
                yield source.mention("nuget", one, item.line, value_column(lines, item, one), Origin.MANIFEST, PARSER, spec=version,
                                     note=None if item.tag == "PackageReference" else item.tag)
