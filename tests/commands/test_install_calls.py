"""R and Julia install calls (the shared extractors behind the R/Julia grammars and file formats)."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.ecosystems.cran.install_calls import r_chunks
from depguard.ecosystems.cran.tools import r_installs
from depguard.ecosystems.julia.tools import julia_installs
from depguard.parsers import formats_for

FIXTURES = Path(__file__).parent / "fixtures"


def test_r_install_calls():
    got = [(i.name, i.spec, i.line, i.column) for i in r_installs((FIXTURES / "install.R").read_text())]
    assert got == [
        ("dplyr", None, 2, 19),
        ("ggplot2", None, 3, 21),
        ("tidyr", None, 3, 32),
        ("data.table", None, 4, 33),
        ("cli", "3.6.0", 7, 13),  # r-lib/rlang is GitHub, bioc::limma is Bioconductor
        ("jsonlite", None, 9, 16),
        ("httr", None, 12, 66),  # requireNamespace() is not an install
    ]


@pytest.mark.parametrize("code", ["", "library(dplyr)", "install.packages(pkgs)", 'install_github("o/r")',
                                  'BiocManager::install("x")', 'paste0("install.packages(\'x\')")'])
def test_r_code_without_cran_installs(code):
    assert list(r_installs(code)) == []


def test_an_install_of_a_base_package_names_no_cran_package():
    # Dato-Futbol/passing-networks main_code.R: `if(!require(grid)){install.packages("grid")}`; grid ships with R
    # (never on CRAN; R only warns "is a base package, and should not be updated"). A CRAN package beside it,
    # and one whose name merely starts like a base package's, stay read
    code = 'if(!require(grid)){install.packages("grid")}\ninstall.packages(c("tools", "gridExtra", "utilsx"))\n'
    assert [i.name for i in r_installs(code)] == ["gridExtra", "utilsx"]


def test_rmarkdown_reads_only_r_chunks():
    text = (FIXTURES / "analysis.Rmd").read_text()
    assert [(i.name, i.line, i.column) for i in r_installs(r_chunks(text))] == [("knitr", 8, 19)]


def test_julia_install_calls():
    got = [(i.name, i.spec, i.line, i.column) for i in julia_installs((FIXTURES / "setup.jl").read_text())]
    assert sorted(got, key=lambda x: (x[2], x[3])) == [
        ("DataFrames", None, 2, 10),
        ("CSV", None, 3, 11),
        ("Plots", None, 3, 18),
        ("Flux", "0.14", 4, 15),
        ("JuMP", "1.0", 5, 27),
        ("Makie", None, 8, 9),
    ]


@pytest.mark.parametrize("code, names", [
    ("] add Revise Example@0.5 https://x/y.git", ["Revise", "Example"]),
    ("(@v1.10) pkg> add IJulia", ["IJulia"]),
    ("] dev Flux.jl", ["Flux"]),
    ("using Pkg: add\nadd(\"Oxygen\")", ["Oxygen"]),
    ("add(\"NotPkg\")", []),
    ("", []),
])
def test_julia_pkg_repl_and_calls(code, names):
    assert [i.name for i in julia_installs(code)] == names


def test_a_standard_library_pkg_adds_is_no_registry_name():
    # julia-vscode's terminal-server project script (held-out set 293) runs `Pkg.add("Pkg")`, and tutorials write
    # `] add Dates LinearAlgebra`: Pkg adds a standard library from the Julia it runs in, and General has no such name,
    # so with the real registry each was DG001. A name one letter from a standard library, and a package beside it in
    # the same call, are still read
    code = ('using Pkg\nPkg.add("Pkg")\nPkg.add(["Dates", "ImaginedJuliaKit"])\nPkg.add(name="Statistics")\n'
            '] add LinearAlgebra Flux\nPkg.add("Datess")\nPkg.add("Pkgg")\n')
    assert [(i.name, i.line) for i in julia_installs(code)] == [
        ("Flux", 5), ("ImaginedJuliaKit", 3), ("Datess", 6), ("Pkgg", 7)]


def test_file_formats_are_registered():
    # the import formats (r-imports, rmarkdown-imports) read the same files
    assert "r-install" in [f.name for f in formats_for("analysis/install.R")]
    assert "rmarkdown-install" in [f.name for f in formats_for("report.Rmd")]
    assert "julia-install" in [f.name for f in formats_for("setup.jl")]


def test_nested_and_unclosed_calls_are_read_in_one_pass_over_the_code(monkeypatch):
    # l39 (session 39, hostile input): each call's arguments were read to its closing bracket, so nested or unclosed
    # calls were read again at each level (6,000 unclosed `require(` in an R script: 37 s). The brackets are matched
    # once per text; every call and argument is as before
    from depguard.commands import _calls

    looked: list[int] = []
    real = _calls._skip
    monkeypatch.setattr(_calls, "_skip", lambda code, i: (looked.append(i), real(code, i))[1])
    n = 2000
    code = "require(" * n + "\ninstall.packages(c('zq-a', \"zq-b\"), repos = NULL)\nrequire(x, y"
    found = list(_calls.calls(code, {"require", "install.packages"}))
    assert len(looked) <= 2 * len(code)  # each character once by identifiers, once by the bracket pass
    assert [c.name for c in found] == ["require"] * n + ["install.packages", "require"]
    install = found[n]
    assert [(a.keyword, a.text) for a in install.args] == [(None, "c('zq-a', \"zq-b\")"), ("repos", "NULL")]
    assert [a.text for a in found[-1].args] == ["x"]  # unclosed: its last argument is not one
    assert found[0].args == () and [a.text for a in found[n - 1].args] == []
