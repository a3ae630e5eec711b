"""R code imports Python modules through reticulate: ``reticulate::import("numpy")``, or a bare ``import("x")`` where
the file or its package's DESCRIPTION uses reticulate (rstudio/tensorflow's ``import("tensorflow", delay_load = …)``,
greta's ``import("tensorflow_probability")``, session 37's h275). Before, nothing read them, so an invented module
went unjudged; now each literal module is judged as an ``import`` at its call."""

from __future__ import annotations

from depguard.parsers import Source, get_format
from tests.test_docs_examples import verdicts, write

# the shapes of rstudio/reticulate's vignettes and rstudio/tensorflow's R/package.R
SCRIPT = '''library(reticulate)
rq <- import("requests", convert = FALSE)
tfp <- reticulate::import(module = "tensorflow_probability")
own <- import("rpyhelpers.util")
mod <- import(name)  # a variable names nothing
# import("zq_commented_out")
os <- import("os")
x <- import("zq_invented_reticulate_module")
app <- tryCatch(import("zq_host_provided")$App, error = function(e) import("zq_older_host.kernel")$App)
'''


def _parse(tmp_path, path, text, files=None):
    write(tmp_path, {path: text, **(files or {})})
    source = Source(path=path, text=text, fs_path=tmp_path / path, root=tmp_path)
    return list(get_format("r-reticulate-imports").parse(source))


def test_each_literal_import_is_a_python_import_at_its_string(tmp_path):
    found = _parse(tmp_path, "R/py.R", SCRIPT, {"inst/python/rpyhelpers/__init__.py": "",
                                                "inst/python/rpyhelpers/util.py": ""})
    lines = SCRIPT.split("\n")
    got = [(m.key.name, m.written, m.location.line) for m in found]
    assert ("requests", "requests", 2) in got and ("tensorflow-probability", "tensorflow_probability", 3) in got
    assert ("zq-invented-reticulate-module", "zq_invented_reticulate_module", 8) in got
    assert not [g for g in got if g[1] in ("name", "zq_commented_out", "os")]
    assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)


def test_a_bare_import_counts_only_where_reticulate_is_used(tmp_path):
    plain = 'x <- import("zq_other_import")\n'  # modules::import, box, an R function of the package's own
    assert _parse(tmp_path, "a/R/x.R", plain) == []
    assert [m.written for m in _parse(tmp_path, "a/R/x.R", 'x <- reticulate::import("zq_q")\n')] == ["zq_q"]
    # the package's DESCRIPTION imports reticulate: its R files' bare import() is reticulate's
    got = _parse(tmp_path, "b/R/x.R", plain, {"b/DESCRIPTION": "Package: b\nImports: reticulate\n"})
    assert [m.written for m in got] == ["zq_other_import"]


def test_rmarkdown_reads_r_chunks_only(tmp_path):
    doc = ('---\ntitle: t\n---\n```{r}\nlibrary(reticulate)\npd <- import("pandas")\n```\n\n'
           '```r\nimport("zq_shown_not_run")\n```\n')
    assert [(m.written, m.location.line) for m in _parse(tmp_path, "v.Rmd", doc)] == [("pandas", 6)]


def test_a_scan_flags_an_invented_module_and_not_the_trees_own(tmp_path):
    write(tmp_path, {"R/py.R": SCRIPT, "inst/python/rpyhelpers/__init__.py": "",
                     "inst/python/rpyhelpers/util.py": ""})
    got = {k: v for k, v in verdicts(tmp_path).items() if k[0] == "R/py.R" and v != "not-checked"}
    assert got.get(("R/py.R", "zq_invented_reticulate_module")) == "missing"
    assert got.get(("R/py.R", "requests")) == "ok"
    # the package's own Python folder (inst/python, which reticulate puts on its path) is not flagged
    assert {v for k, v in got.items() if k[1].startswith("rpyhelpers")} <= {"allowed"}


def test_an_import_inside_trycatch_is_judged_as_a_guarded_python_import(tmp_path):
    # reticulate's R/thread.R: tryCatch(import("positron.positron_ipkernel")..., error = function(err)
    # import("positron_ipykernel.positron_ipkernel")...), modules the Positron IDE provides
    write(tmp_path, {"R/py.R": SCRIPT})
    got = verdicts(tmp_path)
    assert got.get(("R/py.R", "zq_invented_reticulate_module")) == "missing"  # the unguarded neighbour still is
    assert got.get(("R/py.R", "zq_host_provided")) not in ("missing", "suspicious")
    assert got.get(("R/py.R", "zq_older_host")) not in ("missing", "suspicious")
    python = {"g.py": "try:\n    import zq_host_provided\nexcept ImportError:\n    pass\n"}
    write(tmp_path, python)
    assert verdicts(tmp_path).get(("g.py", "zq_host_provided")) == got.get(("R/py.R", "zq_host_provided"))


def test_py_require_and_virtualenv_install_declare_pypi_requirements(tmp_path):
    # reticulate's own tests and vignettes: py_require("numpy==2"), py_require(python_version = ">=3.10", "pandas"),
    # py_require("pandas", action = "remove"), virtualenv_install("r-reticulate", "scipy")
    code = ('library(reticulate)\npy_require("numpy==2")\npy_require(python_version = ">=3.10", "pandas")\n'
            'py_require("zq_removed", action = "remove")\nreticulate::virtualenv_install("r-reticulate", "scipy")\n'
            'py_require(c("requests", "zq_invented_required"))\npy_require(pkgs)\npy_require("./local/pkg")\n')
    write(tmp_path, {"R/setup.R": code})
    source = Source(path="R/setup.R", text=code, fs_path=tmp_path / "R/setup.R", root=tmp_path)
    found = list(get_format("r-reticulate-requirements").parse(source))
    assert [(m.key.name, m.location.line) for m in found] == [
        ("numpy", 2), ("pandas", 3), ("scipy", 5), ("requests", 6), ("zq-invented-required", 6)]
    lines = code.split("\n")
    assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)
    got = verdicts(tmp_path)
    assert got[("R/setup.R", "zq_invented_required")] == "missing" and got[("R/setup.R", "requests")] == "ok"


def test_a_testthat_tests_requirements_are_its_input(tmp_path):
    # rstudio/reticulate's tests/testthat/test-py_require.R: py_require(c("pandas", "numpy", "notexists")) and
    # py_require("os") check the errors reticulate gives
    code = 'test_that("x", {\n  py_require(c("pandas", "zq_notexists"))\n})\n'
    write(tmp_path, {"tests/testthat/test-py_require.R": code, "R/setup.R": 'py_require("zq_declared_here")\n'})
    got = verdicts(tmp_path)
    assert ("tests/testthat/test-py_require.R", "zq_notexists") not in got
    assert got[("R/setup.R", "zq_declared_here")] == "missing"


def test_py_install_and_conda_install_with_pip_declare_pypi_requirements(tmp_path):
    # py_install() pip-installs unless told to use conda (its documented default is a virtualenv on Linux and macOS;
    # with pip = TRUE even its conda method uses pip), conda_install() only with pip = TRUE: the shapes of reticulate's
    # vignettes (`py_install("pandas")`), quanteda/spacyr's installation.Rmd (`reticulate::py_install("spacy",
    # envname = …)`), greta's faq.Rmd (`py_install(packages = c(…), envname = "greta-env-tf2", pip = TRUE)`) and its
    # installation.Rmd (`conda_install(envname = …, packages = c(…))`: conda's packages, not read)
    code = ('library(reticulate)\npy_install("requests")\nreticulate::py_install("zq_invented_py_install", envname = "e")\n'
            'py_install(packages = c("zq_pip_true"), method = "conda", pip = TRUE)\n'
            'py_install("zq_conda_method", method = "conda")\n'
            'conda_install("r-reticulate", "zq_conda_package")\n'
            'reticulate::conda_install(envname = "e", packages = "zq_conda_pip", pip = TRUE)\n'
            'py_install(spacy_pkg, envname = "e")\n')
    write(tmp_path, {"R/setup.R": code})
    source = Source(path="R/setup.R", text=code, fs_path=tmp_path / "R/setup.R", root=tmp_path)
    found = list(get_format("r-reticulate-requirements").parse(source))
    assert [(m.key.name, m.location.line) for m in found] == [
        ("requests", 2), ("zq-invented-py-install", 3), ("zq-pip-true", 4), ("zq-conda-pip", 7)]
    lines = code.split("\n")
    assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)
    got = verdicts(tmp_path)
    assert got[("R/setup.R", "zq_invented_py_install")] == "missing" and got[("R/setup.R", "requests")] == "ok"
