""".NET's JSON manifests that name NuGet packages: ``.config/dotnet-tools.json`` (local tools: each key of
``tools`` is a tool package) and ``global.json`` (``msbuild-sdks``: project SDKs MSBuild downloads from NuGet;
its ``sdk`` is the .NET SDK itself, not a package). Comments are tolerated (both files allow them).

Also file-based C# apps (``dotnet run app.cs``, .NET 10): ``#:package Name@Version`` and ``#:sdk Name@Version``
directives at the top of a ``*.cs`` file name NuGet packages (``#:sdk Microsoft.NET.Sdk.*`` ships with .NET).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, load_json_positions
from .msbuild import is_built_in_sdk


def _entries(source: Source, key: str, what: str, parser: str, note: str) -> Iterator[Mention]:
    data, index = load_json_positions(source.text, jsonc=True)
    if not isinstance(data, Keyed):
        raise ParseError(f"{what} is not a JSON object", 1)
    table = data.get(key)
    if table is None:
        return
    if not isinstance(table, Keyed):
        source.problem(f"{key} is not an object", *index.key(data, key))
        return
    for name, value in table.items():
        if not isinstance(name, str) or not name.strip() or is_built_in_sdk(name):
            continue
        version = value.get("version") if isinstance(value, dict) else value
        line, col = index.key(table, name)
        yield source.mention("nuget", name, line, col, Origin.MANIFEST, parser,
                             spec=version if isinstance(version, str) else None, note=note)


@file_format("dotnet-tools.json", ("dotnet-tools.json",), ecosystem="nuget", kind="manifest",
             description=".NET local tool manifest: tools")
def parse_tools(source: Source) -> Iterator[Mention]:
    yield from _entries(source, "tools", "dotnet-tools.json", "dotnet-tools.json", "dotnet tool")


@file_format("global.json", ("global.json",), ecosystem="nuget", kind="manifest",
             description=".NET global.json: msbuild-sdks")
def parse_global(source: Source) -> Iterator[Mention]:
    yield from _entries(source, "msbuild-sdks", "global.json", "global.json", "MSBuild project SDK")


_DIRECTIVE = re.compile(r"^#:(?P<kind>package|sdk)\s+(?P<name>[A-Za-z0-9_.\-]+)(?:@(?P<version>\S+))?\s*$")


@file_format("cs-directives", ("*.cs",), ecosystem="nuget", kind="manifest",
             description="file-based C# apps: #:package and #:sdk directives")
def parse_cs_directives(source: Source) -> Iterator[Mention]:
    if "#:" not in source.text:
        return
    for no, raw in enumerate(source.text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("//", "#!")):
            continue
        if not line.startswith("#:"):
            break  # directives come before the code
        m = _DIRECTIVE.match(line)
        if m is None or (m.group("kind") == "sdk" and is_built_in_sdk(m.group("name"))):
            continue
        yield source.mention("nuget", m.group("name"), no, raw.find(m.group("name")) + 1, Origin.MANIFEST,
                             "cs-directives", spec=m.group("version"), note=f"#:{m.group('kind')}")
