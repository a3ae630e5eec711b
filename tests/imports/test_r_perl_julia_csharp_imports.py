"""r-imports, rmarkdown-imports, perl-imports, julia-imports and csharp-imports."""

from __future__ import annotations

import pytest

from depguard.ecosystems.cpan import imports as perl
from depguard.ecosystems.cran import imports as r
from depguard.ecosystems.julia import imports as julia
from depguard.ecosystems.nuget import imports as csharp
from depguard.model import Origin
from depguard.parsers import formats_for

from ._helpers import assert_registered, only_text_mention, parse_fixture, quads, refs

# --- R ------------------------------------------------------------------------------------------------

def test_r_fixture_skips_base_own_variables_comments_and_strings():
    mentions, source = parse_fixture("r-imports", "r/mypkg/R/analysis.R", root="r/mypkg")
    assert quads(mentions) == [
        ("cran", "dplyr", 1, 9),
        ("cran", "ggplot2", 2, 10),
        ("cran", "data.table", 3, 9),
        ("cran", "tidyr", 4, 40),
        ("cran", "jsonlite", 5, 19),
        ("cran", "stringr", 8, 10),  # a string stays a name with character.only = TRUE
        ("cran", "readr", 9, 6),
        ("cran", "Matrix", 10, 6),
    ]  # mypkg is the DESCRIPTION's Package; install.packages() is the r-install format's
    assert source.problems == []


def test_rmarkdown_reads_only_r_chunks():
    mentions, _ = parse_fixture("rmarkdown-imports", "r/mypkg/report.Rmd", root="r/mypkg")
    assert quads(mentions) == [("cran", "knitr", 8, 9), ("cran", "rmarkdown", 9, 1), ("cran", "broom", 17, 9)]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("library(shiny)\n", [("cran", "shiny", 1, 9)], id="one"),
    pytest.param("require('R6')\nx <- httr::GET(u)\n", [("cran", "R6", 1, 10), ("cran", "httr", 2, 6)], id="two"),
    pytest.param("# library(a)\n#' @import bb\n", [], id="comments"),
    pytest.param("x <- 'library(aa)'\ny <- \"bb::f\"\n`cc::d` <- 1\n", [], id="strings"),
    pytest.param("library(stats)\nutils::head(x)\nmethods::new('x')\n", [], id="base"),
    pytest.param("library(p, character.only = TRUE)\nrequireNamespace(p)\nlibrary(help = 'aa')\n", [],
                 id="variables-not-names"),
    pytest.param("pacman::p_load(aa, 'bb')\n", [("cran", "pacman", 1, 1), ("cran", "aa", 1, 16), ("cran", "bb", 1, 21)],
                 id="p-load"),
    pytest.param("a:b\nx[1:3]\nobj$m::f\n", [], id="not-namespace-refs"),
    pytest.param("x <- magrittr::`%>%`\n", [("cran", "magrittr", 1, 6)], id="backtick-name"),
    pytest.param('{"library": "x::y"}\n', [], id="not-this-format"),
])
def test_r_cases(text, expected):
    assert refs(r, text) == expected


def test_r_formats_read_the_install_files_too():
    names = [f.name for f in formats_for("analysis/main.R")]
    assert "r-imports" in names and "r-install" in names
    assert {"rmarkdown-imports", "rmarkdown-install"} <= {f.name for f in formats_for("report.qmd")}


# --- Perl ---------------------------------------------------------------------------------------------

def test_perl_module_fixture():
    mentions, source = parse_fixture("perl-imports", "perl/lib/My/App.pm", root="perl")
    assert quads(mentions) == [
        ("cpan", "Moose", 4, 5),
        ("cpan", "Plack::Component", 7, 13),
        ("cpan", "Class::Accessor", 9, 13),
        ("cpan", "Exporter::Tiny", 10, 3),
        ("cpan", "JSON::XS", 11, 9),
        ("cpan", "Foo::Bar", 12, 10),  # require "Foo/Bar.pm"
        ("cpan", "Try::Tiny", 17, 5),
        ("cpan", "autovivification", 18, 4),  # a CPAN pragma used with `no`
        ("cpan", "MRO::Compat", 19, 21),  # use if COND, 'Module'
    ]  # My::Helper is lib/My/Helper.pm; My::Base follows -norequire; POD, heredocs and strings are not code
    assert source.problems == []


def test_perl_test_file_skips_the_distributions_own_modules():
    mentions, _ = parse_fixture("perl-imports", "perl/t/basic.t", root="perl")
    assert quads(mentions) == [("cpan", "Test::Deep", 2, 5)]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("use Mojolicious::Lite;\n", [("cpan", "Mojolicious::Lite", 1, 5)], id="one"),
    pytest.param("use DBI;\nrequire LWP::UserAgent;\n", [("cpan", "DBI", 1, 5), ("cpan", "LWP::UserAgent", 2, 9)],
                 id="two"),
    pytest.param("# use Foo::Bar;\n=head1 X\n\nuse Baz;\n\n=cut\n", [], id="comments-and-pod"),
    pytest.param("my $x = 'use Foo;';\nmy $y = \"require Bar\";\n", [], id="strings"),
    pytest.param("use strict;\nuse warnings;\nuse utf8;\nuse lib 'lib';\nuse constant X => 1;\n"
                 "use POSIX qw(floor);\nuse Data::Dumper;\nuse 5.010;\n", [], id="pragmas-and-core"),
    pytest.param("package Local::Thing;\nuse Local::Thing;\nrequire $dynamic;\nrequire 'x.pl';\n", [],
                 id="declared-and-dynamic"),
    pytest.param('{"use": "Foo::Bar"}\n', [], id="not-this-format"),
])
def test_perl_cases(text, expected):
    assert refs(perl, text) == expected


def test_perl_registered():
    assert_registered("perl-imports", "cpan", ("lib/X.pm", "bin/run.pl", "t/basic.t"), "cpanfile")


# --- Julia --------------------------------------------------------------------------------------------

def test_julia_package_fixture():
    mentions, source = parse_fixture("julia-imports", "julia/MyPkg/src/MyPkg.jl", root="julia/MyPkg")
    assert quads(mentions) == [
        ("julia", "DataFrames", 3, 7),
        ("julia", "CSV", 4, 7),
        ("julia", "JSON3", 4, 12),
        ("julia", "Plots", 5, 7),
        ("julia", "HTTP", 6, 8),
        ("julia", "Flux", 7, 8),
        ("julia", "Reexport", 19, 9),
        ("julia", "StaticArrays", 20, 19),
        ("julia", "Unitful", 23, 7),
        ("julia", "Distributions", 24, 8),
    ]  # relative, stdlib, Base, the file's own modules; Pkg.add is the julia-install format's
    assert source.problems == []


def test_julia_tests_skip_the_projects_own_package():
    mentions, _ = parse_fixture("julia-imports", "julia/MyPkg/test/runtests.jl", root="julia/MyPkg")
    assert quads(mentions) == [("julia", "Aqua", 3, 7)]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("using Flux\n", [("julia", "Flux", 1, 7)], id="one"),
    pytest.param("using A: f\nimport B.C as D\n", [("julia", "A", 1, 7), ("julia", "B", 2, 8)], id="two"),
    pytest.param("# using A\n#= import B =#\n", [], id="comments"),
    pytest.param('s = "using A"\nt = """\nimport B\n"""\n', [], id="strings"),
    pytest.param("using LinearAlgebra, Statistics\nimport Base.Iterators\nusing Core: Box\nusing Main.X\n", [],
                 id="stdlib-and-builtins"),
    pytest.param("using .A\nimport ..B: c\n", [], id="relative"),
    pytest.param('[deps]\nusing = "x"\n', [], id="not-this-format"),
])
def test_julia_cases(text, expected):
    assert refs(julia, text) == expected


def test_julia_registered():
    assert_registered("julia-imports", "julia", ("src/X.jl",), "Project.toml")
    assert "julia-install" in [f.name for f in formats_for("src/X.jl")]


# --- C# -----------------------------------------------------------------------------------------------

def test_csharp_fixture_maps_only_listed_namespaces():
    mentions, source = parse_fixture("csharp-imports", "csharp/Program.cs")
    assert quads(mentions) == [
        ("nuget", "newtonsoft.json", 4, 7),
        ("nuget", "newtonsoft.json", 5, 7),
        ("nuget", "serilog", 6, 14),  # using static
        ("nuget", "newtonsoft.json", 7, 11),  # alias target
        ("nuget", "xunit", 8, 14),  # global using
        ("nuget", "nunit", 9, 7),
        ("nuget", "commandlineparser", 10, 7),
        ("nuget", "dapper", 17, 11),  # inside a namespace block
    ]  # System.*, Microsoft.*, MyCompany.Internal and Unknown.Vendor.Library are never guessed from
    assert [m.module for m in mentions][5:7] == ["NUnit.Framework", "CommandLine"]
    assert source.problems == []


def test_csharp_a_librarys_own_namespace_is_not_its_dependency():
    mentions, _ = parse_fixture("csharp-imports", "csharp/SerilogItself.cs")
    assert quads(mentions) == [("nuget", "polly", 2, 7)]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("using AutoMapper;\n", [("nuget", "AutoMapper", 1, 7)], id="one"),
    pytest.param("using Polly.Retry;\nusing MediatR;\n", [("nuget", "Polly", 1, 7), ("nuget", "MediatR", 2, 7)], id="two"),
    pytest.param("// using Moq;\n/* using Bogus; */\n", [], id="comments"),
    pytest.param('var s = "using Moq;";\n', [], id="strings"),
    pytest.param("using System.Text.Json;\nusing Microsoft.EntityFrameworkCore;\nusing Acme.Widgets;\n", [],
                 id="framework-and-unknown"),
    pytest.param("using Xunit.Abstractions;\nusing Newtonsoftish;\n", [("nuget", "xunit.abstractions", 1, 7)],
                 id="longest-match-on-segment-boundaries"),
    pytest.param('<Project><ItemGroup><Using Include="Moq" /></ItemGroup></Project>\n', [], id="not-this-format"),
])
def test_csharp_cases(text, expected):
    assert refs(csharp, text) == expected


def test_csharp_registered():
    assert_registered("csharp-imports", "nuget", ("src/Program.cs",), "App.csproj")


# --- fenced code in LLM text goes through the same formats ---------------------------------------------

@pytest.mark.parametrize(("block", "expected"), [
    pytest.param('```ruby\nrequire "fakegem"\n```\n', ("rubygems", "fakegem", 2, 10), id="ruby"),
    pytest.param("```dart\nimport 'package:fake_pub/a.dart';\n```\n", ("pub", "fake_pub", 2, 17), id="dart"),
    pytest.param("```r\nlibrary(fakecran)\n```\n", ("cran", "fakecran", 2, 9), id="r"),
    pytest.param("```perl\nuse Fake::Module;\n```\n", ("cpan", "Fake::Module", 2, 5), id="perl"),
    pytest.param("```julia\nusing FakePkg\n```\n", ("julia", "FakePkg", 2, 7), id="julia"),
    pytest.param("```csharp\nusing Polly;\n```\n", ("nuget", "polly", 2, 7), id="csharp"),
])
def test_fenced_blocks_in_text(block, expected):
    m = only_text_mention(block)
    assert (m.key.ecosystem, m.key.name, m.location.line, m.location.column) == expected


def test_the_julia_chunks_quarto_runs_are_read_as_julia(tmp_path):
    from tests.trees import found, write

    # a probe of held-out set 217's category (Quarto books): Quarto's Julia engine runs ```{julia} chunks, whose
    # `using` lines were not read. A plain julia block and a chunk shown inside a longer fence run nothing
    write(tmp_path, {"ch1.qmd": "---\nengine: julia\n---\n\n```{julia}\nusing DataFrames, InventedJuliaPkg\nusing Statistics\n```\n\n"
                                "```julia\nusing ShownOnlyPkg\n```\n\n````md\n```{julia}\nusing ShownChunkPkg\n```\n````\n"})
    assert {name for path, name in found(tmp_path, Origin.IMPORT)} == {"DataFrames", "InventedJuliaPkg"}


def test_the_code_cells_of_a_julia_myst_notebook_are_read_as_julia(tmp_path):
    from tests.trees import found, write

    # QuantEcon's Julia lectures (lecture-julia.myst, a probe of held-out set 217's category) are MyST notebooks with
    # a Julia kernel: ```{code-cell} julia then `using LinearAlgebra, Statistics, Plots`, never read. A Python-kernel
    # page's cells stay Python's, a plain julia block of the page illustrates
    front = "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  display_name: {0}\n  language: {1}\n" \
            "  name: {1}\n---\n\n"
    write(tmp_path, {
        "lectures/filters.md": front.format("Julia", "julia") + "```{code-cell} julia\n---\ntags: [hide-output]\n---\n"
                               "using LinearAlgebra, Statistics, Plots\nusing InventedJuliaLecturePkg\n```\n\n"
                               "```julia\nusing ShownJuliaPkg\n```\n",
        "lectures/py.md": front.format("Python 3", "python") + "```{code-cell} ipython3\nimport numpy\n```\n"})
    assert found(tmp_path, Origin.IMPORT) == {("lectures/filters.md", "Plots"),
                                              ("lectures/filters.md", "InventedJuliaLecturePkg"), ("lectures/py.md", "numpy")}


def test_a_perl_file_with_a_very_long_line_is_read_without_the_grammar(monkeypatch):
    """tree-sitter-perl's scanner works in proportion to a token's column: one 64 KB line of calls took a minute
    (l39, l40). A file with a line past LONG_LINE is read by one pass over its statements, the grammar never run;
    its modules are all read (a name quoted in a string may be read too: nothing of the code is left out)."""
    from depguard.ecosystems.cpan import long_lines
    from depguard.imports import matches

    def no_grammar(*_args, **_kwargs):
        raise AssertionError("the grammar was run on a long line")

    monkeypatch.setattr(perl, "matches", no_grammar)
    line = "foo(1); " * (long_lines.LONG_LINE // 4)
    text = (f"package My::Tool;\nuse strict;\nuse Fake::Module;\n{line}use Other::Fake 1.2; require Third::Fake;\n"
            "use parent -norequire, 'My::Base';\nuse base qw(Base::Fake);\nuse if $] < 5.010, 'MRO::Fake';\n"
            "my $ok = eval { require Fourth::Fake; 1 };\nrequire 'Fifth/Fake.pm';\nuse My::Tool;\nuse v5.36;\n"
            "=head1 SYNOPSIS\n\n  use Pod::Only;\n\n=cut\n__END__\nuse After::End;\n")
    assert long_lines.has_long_line(text)
    assert refs(perl, text) == [
        ("cpan", "Fake::Module", 3, 5), ("cpan", "Other::Fake", 4, len(line) + 5),
        ("cpan", "Third::Fake", 4, len(line) + 30), ("cpan", "Base::Fake", 6, 13), ("cpan", "MRO::Fake", 7, 21),
        ("cpan", "Fourth::Fake", 8, 25), ("cpan", "Fifth::Fake", 9, 10)]
    # prose at a line's start is no statement, a module-shaped word is read whole
    assert refs(perl, f"{line}\nuse the force\nuse Foo1;\n") == [("cpan", "Foo1", 3, 5)]
    assert matches  # the same file one statement a line: the grammar's reading (checked in test_perl_cases)


def test_the_long_line_reading_passes_over_the_text_once():
    from depguard.ecosystems.cpan import long_lines

    # many use parent statements never closed, each in a block: each would read its arguments to the file's end
    n = 20_000
    text = "{ use parent 'A::B', " * n + "\n" + "=pod\n" * 5_000 + "use X::Y;\n"
    found = list(long_lines.used_modules(text))  # the arguments are read once, to the file's end; POD never closed
    assert found == ([("parent", 1, 7)] + [("A::B", 1, 15 + 21 * i) for i in range(n)]
                     + [("parent", 1, 7 + 21 * i) for i in range(1, n)])
