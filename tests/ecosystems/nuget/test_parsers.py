"""MSBuild projects, packages.config, packages.lock.json, paket.dependencies and paket.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("msbuild", "msbuild/empty.csproj", []),
    ("msbuild", "msbuild/one.csproj", [("newtonsoft.json", 3)]),
    ("msbuild", "msbuild/two.fsproj", [("fsharp.core", 3), ("serilog", 4)]),
    ("msbuild", "msbuild/comments.csproj", [("dapper", 4)]),
    ("msbuild", "msbuild/not-this-format.csproj", ERROR),
    ("msbuild", "msbuild/outside.props", [("xunit", 6), ("moq", 7)]),  # Update= names a package too
    # project SDKs from NuGet (Sdk="Name/Version", <Sdk Name Version>; Microsoft.NET.Sdk.* ship with .NET),
    # Update= and DotNetCliToolReference items; ProjectReference and prose are not packages
    ("msbuild", "msbuild/sdks-and-updates.csproj", [
        ("msbuild.sdk.extras", 1), ("microsoft.build.centralpackageversions", 2), ("microsoft.aspnetcore.app", 9),
        ("microsoft.entityframeworkcore.tools.dotnet", 10)]),
    ("dotnet-tools.json", "dotnet/dotnet-tools.json", [("dotnet-ef", 5), ("csharpier", 10)]),  # not "commands"
    ("dotnet-tools.json", "dotnet/not-an-object.json", ERROR),
    # msbuild-sdks are NuGet packages; "sdk" is the .NET SDK itself
    ("global.json", "dotnet/global.json", [("microsoft.build.traversal", 7), ("msbuild.sdk.extras", 8)]),
    ("global.json", "dotnet/not-an-object.json", ERROR),
    # file-based C# app: #:package directives before the code; #:sdk Microsoft.NET.Sdk.Web ships with .NET
    ("cs-directives", "dotnet/app.cs", [("humanizer", 3), ("spectre.console", 4)]),
    ("packages.config", "packages.config/two.config", [("entityframework", 4), ("nunit", 5)]),
    ("packages.lock.json", "packages.lock.json/two.json", [("serilog", 5), ("system.memory", 11)]),
    ("paket.dependencies", "paket.dependencies/two.txt", [("argu", 3), ("expecto", 7)]),
    ("paket.lock", "paket.lock/two.txt", [("argu", 3), ("fsharp.core", 5)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)


def test_a_docs_block_of_package_references_is_read_as_a_projects_items_not_a_problem():
    # autogen's docs/dotnet/core/installation.md: "Or, add via `<PackageReference>`" then bare items
    from depguard.scan import collect_text

    text = ("Or, add via `<PackageReference>`\n\n```xml\n"
            '<PackageReference Include="Microsoft.AutoGen.Contracts" Version="0.4.0-dev.1" />\n'
            '<PackageReference Include="Microsoft.AutoGen.Core" Version="0.4.0-dev.1" />\n```\n\n'
            "In a group:\n\n```xml\n<ItemGroup>\n  <PackageReference Include=\"Newtonsoft.Json\" Version=\"13.0.3\" />\n"
            "</ItemGroup>\n```\n")
    collected = collect_text(text, "installation.md")
    assert [(m.key.ecosystem, m.written, m.location.line) for m in collected.mentions] == [
        ("nuget", "Microsoft.AutoGen.Contracts", 4), ("nuget", "Microsoft.AutoGen.Core", 5), ("nuget", "Newtonsoft.Json", 12)]
    assert collected.problems == []
