"""pip options that take a value: the value is a folder, file or setting, never a package (issue 12: pip's own
user guide, `pip download --destination-directory DIR` and `--build-constraint build-constraints.txt`,
reported `dir` and `build-constraints-txt` missing)."""

from __future__ import annotations

import pytest

from depguard.commands import targets_in_script


@pytest.mark.parametrize(("script", "names"), [
    pytest.param("python -m pip download --destination-directory DIR -r requirements.txt", [], id="download-dir"),
    pytest.param("pip download --destination-dir out httpx", ["httpx"], id="download-dir-short"),
    pytest.param("python -m pip install --build-constraint build-constraints.txt SomePackage", ["SomePackage"],
                 id="build-constraint"),
    pytest.param("pip wheel -w wheelhouse --wheel-dir wheels lxml", ["lxml"], id="wheel-dir"),
    pytest.param("pip install --uploaded-prior-to 2025-01-01 --only-final :all: rich", ["rich"], id="release-control"),
    pytest.param("pip install --requirements-from-script tool.py", [], id="requirements-from-script"),
])
def test_pip_option_values_are_not_packages(script, names):
    assert [t.name for t in targets_in_script(script)] == names


@pytest.mark.parametrize(("script", "names"), [
    # pydicom's CONTRIBUTING.md: `pip install -e --group docs`; pip takes "--group" for -e's path and refuses it, the
    # writer meant the dependency group docs: never a package named docs
    pytest.param("pip install -e --group docs", [], id="editable-then-group"),
    pytest.param("pip install -r --group docs", [], id="requirement-then-group"),
    # a value that is no option of the tool is the option's value, and what follows is read as ever
    pytest.param("pip install -e --not-an-option reqeusts-toolkit", ["reqeusts-toolkit"], id="unknown-dashed-value"),
    pytest.param("pip install -e . --group docs reqeusts-toolkit", ["reqeusts-toolkit"], id="group-then-name"),
])
def test_an_option_missing_its_value_before_another_option(script, names):
    assert [t.name for t in targets_in_script(script)] == names


@pytest.mark.parametrize(("script", "names"), [
    # sphinx-gallery's doc/utils.rst (held-out set 289), its embedding script: `easy_install -Zeab tmp sphinx-gallery`,
    # -Z -e -a are flags and -b takes the build directory tmp; read with pip's options, -e took "ab" and tmp was a package
    pytest.param("easy_install -Zeab tmp sphinx-gallery", ["sphinx-gallery"], id="clustered-build-dir"),
    pytest.param("easy_install -s bin -d site -f https://example.org/links reqeusts-toolkit", ["reqeusts-toolkit"],
                 id="script-and-install-dir"),
    # easy_install's -e is a flag: the named project is fetched from the index and unpacked, still a registry name
    pytest.param("easy_install -e -b build reqeusts-toolkit", ["reqeusts-toolkit"], id="editable-is-a-flag"),
    pytest.param("easy_install -U setuptools reqeusts-toolkit==1.0", ["setuptools", "reqeusts-toolkit"], id="upgrade"),
])
def test_easy_install_options_are_setuptools(script, names):
    assert [t.name for t in targets_in_script(script)] == names
