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


def test_file_formats_are_registered():
    # the import formats (r-imports, rmarkdown-imports) read the same files
    assert "r-install" in [f.name for f in formats_for("analysis/install.R")]
    assert "rmarkdown-install" in [f.name for f in formats_for("report.Rmd")]
    assert "julia-install" in [f.name for f in formats_for("setup.jl")]
