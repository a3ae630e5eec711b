"""MSBuild project files (``*.csproj``, ``*.fsproj``, ``*.vbproj``, ``Directory.Packages.props``,
``Directory.Build.props``/``.targets``): ``<PackageReference Include=...>``, central package management's
``<PackageVersion Include=...>``, ``<GlobalPackageReference>``, ``<PackageDownload>`` and the older
``<DotNetCliToolReference>``; ``Update=`` items (a version set for a package referenced elsewhere, often
implicitly by the SDK) name a package too. MSBuild expressions (``$(Property)``, an item list ``@(PackageReference)``,
metadata ``%(Identity)``) are not names. ``<ProjectReference>`` names local projects.

MSBuild project SDKs (``<Project Sdk="Name/Version">``, ``<Sdk Name="…" Version="…"/>``,
``<Import Project="…" Sdk="…" Version="…"/>``) other than the ones the .NET SDK ships
(``Microsoft.NET.Sdk`` and ``Microsoft.NET.Sdk.*``) are NuGet packages MSBuild downloads.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._xml import parse_xml, value_column

PARSER = "msbuild"
ITEMS = ("PackageReference", "PackageVersion", "GlobalPackageReference", "PackageDownload", "DotNetCliToolReference")
BUILT_IN_SDK = "microsoft.net.sdk"
# MSBuild expressions, not names: a property $(…), an item list @(…) (``Update="@(PackageReference)"`` sets metadata on
# every package referenced; Valheim-Modding/Jotunn, held-out set 273) and item metadata %(…)
EXPRESSIONS = ("$(", "@(", "%(")


def is_expression(written: str) -> bool:
    return any(start in written for start in EXPRESSIONS)


@file_format("msbuild", ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Packages.props", "Directory.Build.props",
                         "Directory.Build.targets"),
             ecosystem="nuget", kind="manifest", description="MSBuild projects: PackageReference and PackageVersion items")
def parse(source: Source) -> Iterator[Mention]:
    from .feeds import mark_other_feeds

    root = parse_xml(source.text, "Project", "an MSBuild project")
    lines = source.text.splitlines()
    yield from mark_other_feeds(source, [*_sdks(source, root, lines), *_items(source, root, lines)])


FRAGMENT = ("<Project><ItemGroup>", "</ItemGroup></Project>")


def fragment(sub: Source) -> Iterator[Mention]:
    """The items of a snippet that is a piece of a project, not a whole one: an ``<ItemGroup>``, or bare
    ``<PackageReference Include="…"/>`` lines (docs' "Or, add via PackageReference", autogen's .NET guide), read
    inside a project (the text reader calls this when the MSBuild parser cannot read a ``snippet.csproj`` block:
    ``[text] fallback`` in this folder's ecosystem.toml). A snippet that is not XML even so gives nothing."""
    if sub.text.lstrip().startswith("<?xml"):
        return
    try:
        root = parse_xml(FRAGMENT[0] + sub.text + FRAGMENT[1], "Project")  # same lines: the wrapper is on line 1
    except ParseError:
        return
    yield from _items(sub, root, sub.text.splitlines())


def _items(source: Source, root, lines: list[str]) -> Iterator[Mention]:
    for group in root.iter("ItemGroup"):
        for item in group.children:
            if item.tag not in ITEMS:
                continue
            name = item.attrs.get("Include") or item.attrs.get("Update")
            if not name:
                continue
            version = item.attrs.get("Version") or item.child_text("Version") or item.attrs.get("VersionOverride")
            for one in name.split(";"):
                one = one.strip()
                if not one or is_expression(one):
                    continue
                yield source.mention("nuget", one, item.line, value_column(lines, item, one), Origin.MANIFEST, PARSER, spec=version,
                                     note="Update" if "Include" not in item.attrs else
                                     None if item.tag == "PackageReference" else item.tag)


def is_built_in_sdk(name: str) -> bool:
    low = name.strip().lower()
    return low == BUILT_IN_SDK or low.startswith(BUILT_IN_SDK + ".")


def _sdks(source: Source, root, lines: list[str]) -> Iterator[Mention]:
    """Project SDKs that come from NuGet: ``Sdk="A/1.0;B"`` on Project/Import, and ``<Sdk Name Version>``."""
    found = [(root, part) for part in (root.attrs.get("Sdk") or "").split(";")]
    found += [(node, node.attrs.get("Sdk") or "") for node in root.iter("Import")]
    found += [(node, f"{node.attrs.get('Name') or ''}/{node.attrs.get('Version') or ''}") for node in root.iter("Sdk")]
    for node, written in found:
        name, _, version = written.strip().partition("/")
        version = version or (node.attrs.get("Version") if node.tag == "Import" else None)
        if not name or is_expression(name) or is_built_in_sdk(name):
            continue
        yield source.mention("nuget", name, node.line, value_column(lines, node, name), Origin.MANIFEST, PARSER,
                             spec=version or None, note="MSBuild project SDK")
