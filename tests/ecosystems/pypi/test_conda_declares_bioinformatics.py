"""Bioinformatics repositories declare their Python dependencies for conda, not pip (issue 12, held-out set 65).

bioconda-utils keeps its dependencies in ``pixi.toml`` (conda packages, ``gitpython`` among them) and generates
``bioconda_utils/bioconda_utils-requirements.txt`` from it, one conda match spec a line (``python=3.13.*``,
``findutils``), which its Dockerfile copies to ``/opt`` and hands to ``conda install --file``. Read as pip's, the
list was 38 parse problems and two PyPI guesses; and ``import git`` in ``githandler.py``, which pixi's ``gitpython``
provides, was looked up on PyPI as ``git``: pixi.toml declared nothing, and a conda package of a workspace on the
bioconda channel is keyed ``bioconda::gitpython``, which the import map's ``git`` -> ``gitpython`` did not match."""

from __future__ import annotations

import subprocess
from pathlib import Path

from depguard.ecosystems.pypi.conda_lists import conda_spec_text
from depguard.model import Origin
from tests.trees import scan, write

GENERATED_LIST = """# auto-generated from pixi.toml -- do not edit directly

conda-forge-pinning==2026.01.07.13.16.30
python=3.13.*
setuptools-scm>=8
conda-build=26.3.*
libblas=*=*openblas
findutils
git=2.*
gitpython=3.1.*
invented-conda-tool=1.*
pyjwt>=2.4.0
psutil
"""

DOCKERFILE = """FROM quay.io/condaforge/miniforge3:24.1.2-0
COPY bioconda_utils/bioconda_utils-requirements.txt /opt/bioconda-utils/
RUN conda install --yes --file /opt/bioconda-utils/bioconda_utils-requirements.txt
"""

PIXI = """[workspace]
name = "bioconda-utils"
channels = ["conda-forge", "bioconda"]
platforms = ["linux-64"]

[dependencies]
python = "3.13.*"
gitpython = "3.1.*"  # githandler
invented-pixi-only = "1.*"

[pypi-dependencies]
invented-pixi-pypi = "*"
"""


def _git(root: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=root, check=True, capture_output=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, capture_output=True)


def imported_modules(out) -> set[str]:
    return {m.key.name for m in out.mentions if m.origin is Origin.IMPORT}


def test_a_requirements_named_list_in_conda_spec_syntax_is_conda_s_wherever_it_is_installed_from(tmp_path):
    write(tmp_path, {
        "bioconda_utils/bioconda_utils-requirements.txt": GENERATED_LIST,
        "Dockerfile": DOCKERFILE,
        "bioconda_utils/__init__.py": "",
        "bioconda_utils/build.py": "import findutils_helper_invented\n",
    })
    _git(tmp_path)
    out = scan(tmp_path)
    listed = {(m.key.ecosystem, m.key.name) for m in out.mentions
              if m.location.path.endswith("bioconda_utils-requirements.txt")}
    assert {("conda", "findutils"), ("conda", "conda-forge-pinning"), ("conda", "invented-conda-tool"),
            ("conda", "libblas")} <= listed  # still judged, as conda names
    assert not {n for eco, n in listed if eco == "pypi"}
    assert not out.problems
    assert "findutils-helper-invented" in imported_modules(out)  # an import nothing declares stays judged


def test_pip_files_stay_pip_s():
    assert not conda_spec_text(["requests==2.31.0", "flask=3.0", "numpy>=1.26"])  # one mistyped pin among pip's
    assert not conda_spec_text(["numpy=1.26", "-r base.txt"])  # pip's own syntax
    assert not conda_spec_text(["numpy=1.26", "uvicorn[standard]>=0.30"])
    assert not conda_spec_text(["python >=3.10", "requests"])  # both read these alike: pip's unless a script says
    assert not conda_spec_text(["requests==2.31.0", "pytorch::cpuonly", "-r base.txt"])  # pip's own syntax beside it
    assert conda_spec_text(["conda-forge::xonsh", "conda-forge::doc8 >=1", "patchelf"])
    assert conda_spec_text(["requests", "conda-forge::doc8"])  # a channel line: no pip file holds one
    assert conda_spec_text(GENERATED_LIST.splitlines())


def test_pixi_toml_declares_its_conda_packages_for_the_workspace(tmp_path):
    write(tmp_path, {
        "pixi.toml": PIXI,
        "pyproject.toml": '[project]\nname = "bioconda-utils"\ndynamic = ["version"]\n',
        "bioconda_utils/__init__.py": "",
        "bioconda_utils/githandler.py": "import git\nimport invented_pixi_only\nimport invented_pixi_pypi\n"
                                        "import invented_undeclared_module\n",
    })
    _git(tmp_path)
    imported = imported_modules(scan(tmp_path))
    assert not imported & {"git", "gitpython", "invented-pixi-only"}  # conda provides them
    assert "invented-pixi-pypi" in imported  # a pypi-dependency is PyPI's, judged
    assert "invented-undeclared-module" in imported


def test_a_pyproject_pixi_table_declares_its_conda_packages(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "wf"\n\n[tool.pixi.workspace]\nchannels = ["conda-forge", "bioconda"]\n'
                          'platforms = ["linux-64"]\n\n[tool.pixi.dependencies]\ninvented-pixi-only = "*"\n',
        "wf/__init__.py": "import invented_pixi_only\nimport invented_undeclared_module\n",
    })
    _git(tmp_path)
    imported = imported_modules(scan(tmp_path))
    assert "invented-pixi-only" not in imported and "invented-undeclared-module" in imported


def test_a_conda_environment_on_the_bioconda_channel_explains_the_imports_of_its_packages(tmp_path):
    write(tmp_path, {
        "workflow/envs/environment.yaml": "channels:\n  - conda-forge\n  - bioconda\ndependencies:\n"
                                          "  - invented-bioconda-only =1.0\n  - invented-plotkit\n",
        "workflow/envs/stats.py": "import invented_bioconda_only\nimport invented_undeclared_module\n"
                                  "from mpl_toolkits.invented_plotkit import Map\n",
    })
    _git(tmp_path)
    imported = imported_modules(scan(tmp_path))
    assert "invented-undeclared-module" in imported
    assert not imported & {"invented-bioconda-only", "mpl-toolkits", "invented-plotkit"}


# microsoft/TaskWeaver's auto_eval/ds1000_scripts/requirements.txt (held-out set 213): `==` pins, two channel lines
# (`pytorch::cpuonly`, conda's CPU-only PyTorch) and `yaml`, conda's name for libyaml. pip refuses the channel lines, so
# the file is conda's, though most of its lines read the same to both; read as pip's, yaml was a PyPI name (404) and
# prepare_cases.py's `import yaml` was matched to it.
DS1000_LIST = "gensim==4.3.2\nnumpy==1.26.4\npytorch::cpuonly\npytorch::pytorch==2.2.0\nscipy==1.12.0\nyaml\n" \
              "invented-conda-helper\n"


def test_a_requirements_list_with_a_channel_line_among_pins_is_conda_s_and_its_names_still_judged(tmp_path):
    write(tmp_path, {"ds1000_scripts/requirements.txt": DS1000_LIST,
                     "ds1000_scripts/prepare_cases.py": "import yaml\nimport invented_ds1000_module\n"})
    out = scan(tmp_path)
    listed = {(m.key.ecosystem, m.key.name) for m in out.mentions if m.location.path.endswith("requirements.txt")}
    assert {("conda", "yaml"), ("conda", "pytorch::cpuonly"), ("conda", "invented-conda-helper")} <= listed
    assert not {n for eco, n in listed if eco == "pypi"}
    assert "yaml" not in imported_modules(out)  # the list declares it for conda: no PyPI guess for the import
    assert "invented-ds1000-module" in imported_modules(out)  # an import nothing declares stays judged
    assert not out.problems
