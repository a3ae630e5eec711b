"""conda's own repository: a committed ``tests/conda-meta/history`` (a test's stand-in environment) hid its whole
``tests/`` folder as a conda environment, and the requirements-named files its CI hands to ``conda install --file``
are conda spec lists, whose names are conda's, not PyPI guesses (issue 12, held-out set 45)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from depguard.ecosystems.pypi.conda_lists import conda_spec_lists, glob_match
from depguard.model import Origin
from tests.trees import scan, write

WORKFLOW = """jobs:
  tests:
    runs-on: ubuntu-latest
    steps:
      - name: Conda Install
        run: >
          conda install
          --yes
          --file tests/requirements.txt
          --file tests/requirements-${{ runner.os }}.txt
          python=${{ matrix.python-version }}
      - run: pip install -r requirements-pip.txt && conda install -y numpy && pip install -f wheels/ invented-pip-wheel
      - run: python -m pytest
"""


def _git(root: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=root, check=True, capture_output=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, capture_output=True)


def test_a_tracked_history_file_alone_is_no_conda_environment_but_one_with_package_records_is(tmp_path):
    write(tmp_path, {
        "tests/conda-meta/history": "==> 2016-02-16 13:31:33 <==\n# cmd: conda update conda\nconda-3.19.0-py27_0\n",
        "tests/test_cli.py": "import invented_test_helper\n",
        "envs/committed/conda-meta/history": "==> 2020-01-01 <==\n",
        "envs/committed/conda-meta/numpy-1.26.4-py312_0.json": "{}\n",
        "envs/committed/lib/python3.12/site.py": "import invented_in_env\n",
    })
    _git(tmp_path)
    names = {m.key.name for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    assert "invented-test-helper" in names and "invented-in-env" not in names


def test_requirements_files_a_conda_install_reads_are_conda_spec_lists(tmp_path):
    write(tmp_path, {
        ".github/workflows/tests.yml": WORKFLOW,
        "tests/requirements.txt": "python >=3.10\nconda-libmamba-solver >=26.4.1\nrequests\n",
        "tests/requirements-Linux.txt": "conda-forge::xonsh\npatchelf\n",
        "tests/requirements-Windows.txt": "pywin32\n",
        "requirements-pip.txt": "invented-pip-dependency\n",
        "tests/test_solvers.py": "import conda_libmamba_solver\nimport invented_solver_module\n",
        "pyproject.toml": '[project]\nname = "conda"\ndependencies = ["requests"]\n',
    })
    _git(tmp_path)
    out = scan(tmp_path)
    found = {(m.location.path, m.key.ecosystem, m.key.name) for m in out.mentions}
    assert {("tests/requirements.txt", "conda", "python"), ("tests/requirements.txt", "conda", "conda-libmamba-solver"),
            ("tests/requirements-Linux.txt", "conda", "xonsh"), ("tests/requirements-Windows.txt", "conda", "pywin32"),
            ("requirements-pip.txt", "pypi", "invented-pip-dependency")} <= found
    assert not {f for f in found if f[0].startswith("tests/requirements") and f[1] == "pypi"}
    assert not out.problems
    imported = {m.key.name for m in out.mentions if m.origin is Origin.IMPORT}
    assert "invented-solver-module" in imported and "conda-libmamba-solver" not in imported  # conda provides it


def test_the_file_values_of_conda_commands_are_resolved_from_the_script_and_the_root():
    files = frozenset({"tests/requirements.txt", "tests/requirements-ci.txt", "tests/requirements-Linux.txt",
                       ".devcontainer/requirements-dev.txt", "dev/environment.yml", "wheels/requirements.txt"})
    scripts = {
        ".github/workflows/tests.yml": WORKFLOW,
        # a dev container's post-create script: the checkout's folder is a variable
        ".devcontainer/post_create.sh": "/opt/conda/bin/conda install -n base --yes \\\n"
                                        "    --file=${CONDA_SRC}/tests/requirements-ci.txt \\\n"
                                        "    --file=${CONDA_SRC}/.devcontainer/requirements-dev.txt\n"
                                        "micromamba create -f dev/environment.yml\n"
                                        "pip install -f wheels/requirements.txt x\n",
    }
    assert conda_spec_lists(scripts, files, scripts.get) == {
        "tests/requirements.txt", "tests/requirements-Linux.txt", "tests/requirements-ci.txt",
        ".devcontainer/requirements-dev.txt"}


def test_a_variable_matches_any_part_of_one_path_component_without_backtracking():
    # r25 #14: the names a variable may stand for were a regular expression of `[^/]*` between the written parts,
    # exponential in the number of variables against a name that fails late (9 variables: over 5 s); both the
    # script's value and the tree's file names are the scanned tree's. glob_match reads each component once
    assert glob_match(["tests/requirements-", ".txt"], "tests/requirements-Linux.txt")
    assert not glob_match(["tests/requirements-", ".txt"], "tests/requirements-ci/x.txt")  # never a folder path
    assert not glob_match(["requirements-", ".txt"], "tests/requirements-ci.txt")
    assert glob_match(["a", "/b", "c"], "ax/bzzc") and not glob_match(["a", "/b", "c"], "ax/bzzcd")
    assert glob_match(["ab", "ba"], "aba") is False and glob_match(["ab", "ba"], "abba")  # the parts never overlap
    assert glob_match(["x"], "x") and not glob_match(["x"], "xy") and glob_match(["", ""], "any") and glob_match(["", ""], "")
    assert glob_match(["env-", "a", "a", ".txt"], "env-" + "a" * 40 + ".txt")
    many = ["env-"] + ["a"] * 9 + ["zzz.txt"]
    assert not glob_match(many, "env-" + "a" * 40 + ".txt")
    files = frozenset({"env-" + "a" * 40 + ".txt", "env-" + "a" * 40 + "b.txt"})
    scripts = {"ci.sh": "conda install --file env-" + "${X}a" * 9 + "${X}zzz.txt --file env-" + "${X}a" * 9 + "${X}b.txt\n"}
    assert conda_spec_lists(scripts, files, scripts.get) == {"env-" + "a" * 40 + "b.txt"}


def test_what_a_workflow_installs_from_with_conda_declares_for_the_whole_project(tmp_path):
    # conda's conda/testing/gateways/fixtures.py imports xprocess (pytest-xprocess), listed in tests/requirements-ci.txt,
    # which the root workflow installs; mamba's micromamba/tests import it from the environment setup-micromamba
    # creates from dev/environment-dev.yml: the environment the code runs in, whatever folder the list lies in
    write(tmp_path, {
        ".github/workflows/tests.yml": "jobs:\n  t:\n    steps:\n      - run: conda install --yes --file tests/requirements-ci.txt\n"
                                      "      - uses: mamba-org/setup-micromamba@v2\n        with:\n"
                                      "          environment-file: ./dev/environment-dev.yml\n",
        "tests/requirements-ci.txt": "pytest-xprocess\n",
        "dev/environment-dev.yml": "name: dev\nchannels: [conda-forge]\ndependencies:\n  - conda-content-trust\n"
                                   "  - pip\n  - pip:\n    - pytest-invented-plugin\n",
        "pkg/testing/fixtures.py": "from xprocess import ProcessStarter\nimport invented_fixture_helper\n",
        "micromamba/tests/test_server.py": "import conda_content_trust.signing\nimport pytest_invented_plugin\n",
        "pyproject.toml": '[project]\nname = "pkg"\n',
    })
    _git(tmp_path)
    imported = {m.key.name for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    assert "invented-fixture-helper" in imported
    assert not imported & {"xprocess", "conda-content-trust"}
    # the environment's pip: list is PyPI's, judged as its declared name
    assert "pytest-invented-plugin" in imported
