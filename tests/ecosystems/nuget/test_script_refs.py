"""``#r "nuget: Name, Version"`` in F# and C# scripts, Polyglot notebooks and documents' F#/C# blocks (held-out set
278: CompositionalIT/farmer's documentation starts its examples with ``#r "nuget: Farmer"``; nothing read the
directive, so an invented package there went unjudged)."""

from __future__ import annotations

from depguard.parsers import Source, formats_for, get_format
from depguard.scan import collect_paths

SCRIPT = '''#r "nuget: Farmer"
#r "nuget:Newtonsoft.Json, 13.0.3"
#r @"nuget: Acme.Imagined.Toolkit,1.0.0-beta"
#r "paket: nuget FSharp.Data ~> 6"
#r "paket: github fsprojects/FAKE"
// #r "nuget: Commented.Out"
#r "nuget: $(Name)"
#r "bin/Debug/net8.0/MyLib.dll"
#load "helpers.fsx"

open Farmer
'''


def _names(text: str, path: str = "deploy.fsx") -> list[tuple[str, str | None, int, int]]:
    source = Source(path, text)
    return [(m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("nuget-script-refs").parse(source)]


def test_script_references_are_nuget_packages():
    assert "nuget-script-refs" in [f.name for f in formats_for("infra/deploy.fsx")]
    assert _names(SCRIPT) == [("farmer", None, 1, 12), ("newtonsoft.json", "13.0.3", 2, 11),
                              ("acme.imagined.toolkit", "1.0.0-beta", 3, 13), ("fsharp.data", "~> 6", 4, 18)]


def test_a_scripts_own_source_makes_a_name_nuget_lacks_not_checked():
    text = '#i "nuget: https://pkgs.dev.azure.com/acme/_packaging/internal/nuget/v3/index.json"\n#r "nuget: Acme.Internal"\n'
    found = list(get_format("nuget-script-refs").parse(Source("build.csx", text)))
    assert [m.key.name for m in found] == ["acme.internal"]
    assert found[0].example is not None and found[0].example.unchecked
    assert all(m.example is None for m in get_format("nuget-script-refs").parse(Source("build.csx", SCRIPT)))


def test_a_documents_fsharp_and_csharp_blocks_are_read(tmp_path, settings):
    # farmer's docs/content/api-overview/resources/*.md: an fsharp block opening with the directive; a .NET
    # Interactive page's csharp block; an fsharp block without one reads nothing
    (tmp_path / "route-tables.md").write_text(
        "# Route tables\n\n```fsharp\n#r \"nuget:Farmer\"\n\nopen Farmer\nopen Farmer.Builders\n```\n\n"
        "```csharp\n#r \"nuget: Acme.Imagined.Charts, 2.0.0\"\nusing Acme;\n```\n\n"
        "```fsharp\nlet x = 1\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted((m.key.name, m.location.line) for m in out.mentions if m.key.ecosystem == "nuget") == [
        ("acme.imagined.charts", 11), ("farmer", 4)]


def test_cake_directives_name_nuget_packages_and_their_own_source():
    cake = ('#addin nuget:?package=Cake.Docker&version=1.3.0\n#tool "nuget:?package=GitVersion.CommandLine"\n'
            "#tool dotnet:?package=dotnet-reportgenerator-globaltool&version=5.2.0\n"
            "#addin nuget:https://www.myget.org/F/acme/api/v3/index.json?package=Acme.Cake.Imagined\n"
            "#load nuget:?package=Cake.Recipe&version=3.1.1\n#addin nuget:?version=1.0\n"
            'var target = Argument("target", "Default");\n')
    found = list(get_format("nuget-script-refs").parse(Source("build.cake", cake)))
    assert [(m.key.name, m.spec, m.location.line, m.location.column) for m in found] == [
        ("cake.docker", "1.3.0", 1, 23), ("gitversion.commandline", None, 2, 23),
        ("dotnet-reportgenerator-globaltool", "5.2.0", 3, 23), ("acme.cake.imagined", None, 4, 69),
        ("cake.recipe", "3.1.1", 5, 22)]
    assert [m.example is not None for m in found] == [False, False, False, True, False]


def test_a_cake_scripts_feeds_are_read_once(monkeypatch):
    # l38: the feeds a directive's package may come from were read for each directive, a pass over the whole script
    # each time: quadratic in the directives (4,000 lines 0.3 s, and growing fourfold with each doubling;
    # benchmarks/crafted_inputs.py). They are read once; a directive naming its own source is still marked by it
    from depguard.ecosystems.nuget import script_refs

    calls: list[str] = []
    real = script_refs._feeds
    monkeypatch.setattr(script_refs, "_feeds", lambda source: calls.append(source.path) or real(source))
    n = 300
    cake = ("".join(f"#addin nuget:?package=Cake.Imagined{i}&version=1.0\n" for i in range(n))
            + "#addin nuget:https://www.myget.org/F/acme/api/v3/index.json?package=Acme.Cake.Imagined\n")
    found = list(get_format("nuget-script-refs").parse(Source("build.cake", cake)))
    assert len(found) == n + 1 and calls == ["build.cake"]
    assert [m.example is not None for m in found[-2:]] == [False, True]
