"""Computational chemistry and materials projects (held-out set 89: psi4, openff-toolkit, deepchem and others): a
folder of conda environment files declares for the project, an optional add-on imported behind a check that names it
is guarded, a tutorial's imports after it clones a repository and enters it are that checkout's, and libraries whose
module is named otherwise are judged as their distribution; an invented import beside each stays judged."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import found, judged, verdicts, write

ADDONS_ENV = """name: p4dev
channels:
  - conda-forge
  - nodefaults
dependencies:
  - numpy
  - optking>=0.5.0
  - pyeinsums>=1.1.3
  - cppe
  - pylibefp
  - pip
  - pip:
    - qcmanybody
"""


def test_a_folder_of_conda_environment_files_declares_for_the_project_above_it(tmp_path):
    # psi4 (886caaa): devtools/conda-envs/linux-64-buildrun-addons.yaml installs optking, pylibefp, pyeinsums and
    # cppe from conda-forge; psi4/driver/driver.py imports optking, molutil.py pylibefp, the tests einsums (PyPI has
    # none of the three). The file's name marks no sub-project and its folder holds no code
    write(tmp_path, {
        "setup.py": "from setuptools import setup\nsetup(name='psi4')\n",
        "devtools/conda-envs/linux-64-buildrun-addons.yaml": ADDONS_ENV,
        "devtools/conda-envs/README.md": "conda env create -f linux-64-buildrun-addons.yaml\n",
        "psi4/__init__.py": "",
        "psi4/driver/driver.py": "import optking\nimport pylibefp\nimport einsums as ein\nimport cppe\n"
                                 "import qcmanybody\nimport optking_extras_magic\n",
        "samples/run.py": "import optking\n",
    })
    assert {(path, name) for path, name in found(tmp_path, Origin.IMPORT) if path != "setup.py"} == {
        ("psi4/driver/driver.py", "qcmanybody"), ("psi4/driver/driver.py", "optking-extras-magic")}


def test_an_environment_file_in_a_folder_with_code_declares_for_that_folder_only(tmp_path):
    # the same environment beside code of its own (a sub-project's folder) keeps to that folder
    write(tmp_path, {
        "tools/env/environment.yml": ADDONS_ENV,
        "tools/env/check.py": "import optking\n",
        "psi4/driver.py": "import optking\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {("psi4/driver.py", "optking")}


def test_an_add_on_imported_behind_a_check_that_names_it_is_a_note_when_no_registry_has_it(tmp_path):
    # psi4's procrouting/proc.py: `elif module == 'CCT3' and extras.addons("cct3"): import cct3`; its tests
    # `@uusing("psixas") def test_psixas(): import psixas` (uusing: pytest's skipif when the add-on is absent)
    write(tmp_path, {
        "psi4/driver/proc.py": "from . import extras\n\ndef select(module):\n    if module == 'FNOCC':\n        pass\n"
                               "    elif module == 'CCT3' and extras.addons(\"cct3\"):\n        import cct3\n"
                               "        return cct3.run_cct3\n    elif module == 'X' and extras.addons(\"cct3\"):\n"
                               "        import invented_cct_tools\n",
        "tests/pytests/test_addons.py": "from addons import uusing\n\n@uusing(\"psixas\")\ndef test_psixas():\n"
                                        "    import psixas\n\n@uusing(\"gpu_dfcc\")\ndef test_other():\n"
                                        "    import made_up_dfcc_kit\n",
        "tests/pytests/addons.py": "import pytest\n\ndef uusing(program):\n    return pytest.mark.skipif(True, reason=program)\n",
    })
    assert verdicts(judged(tmp_path, {"pytest"})) == {
        ("psi4/driver/proc.py", "cct3"): "allowed",
        ("psi4/driver/proc.py", "invented_cct_tools"): "missing",
        ("tests/pytests/test_addons.py", "psixas"): "allowed",
        ("tests/pytests/test_addons.py", "made_up_dfcc_kit"): "missing",
        ("tests/pytests/addons.py", "pytest"): "ok",
    }


def test_a_lookup_comparison_or_registration_naming_a_module_is_no_check_that_guards_its_import(tmp_path):
    # review of f9e2b52: `cfg.get("x")`, `name.startswith("x")`, `@register("x")` and `backend in ("x", …)` name the
    # module but ask nothing about whether it is installed: an invented import behind them stays missing
    write(tmp_path, {
        "app/backends.py": "def load(cfg, name, backend):\n"
                           "    if cfg.get(\"fakellmkit\"):\n        import fakellmkit\n"
                           "    if name.startswith(\"fakellmkit2\"):\n        import fakellmkit2\n"
                           "    if backend in (\"fakellmkit3\", \"other\"):\n        import fakellmkit3\n\n"
                           "@register(\"fakellmkit4\")\ndef four():\n    import fakellmkit4\n",
    })
    assert verdicts(judged(tmp_path, set())) == {("app/backends.py", f"fakellmkit{n}"): "missing"
                                                 for n in ("", "2", "3", "4")}


def _notebook(cells: list[str]) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "source": c.splitlines(True), "outputs": [],
                                  "execution_count": None} for c in cells], "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5})


def test_a_tutorial_s_imports_after_it_clones_a_repository_and_enters_it_are_the_checkout_s(tmp_path):
    # deepchem's examples/tutorials/Hierarchial_Moelcular_Generation_with_HierVAE.ipynb: `!git clone
    # https://github.com/saithat/hgraph2graph.git`, `%cd hgraph2graph`, then `import hgraph` (PyPI's hgraph is an
    # unrelated project, DG002 against igraph). Before the change of folder, or without one, imports stay judged
    write(tmp_path, {
        "examples/tutorials/HierVAE.ipynb": _notebook([
            "import made_up_before\n", "%cd drive/MyDrive\n!git clone https://github.com/saithat/hgraph2graph.git",
            "%cd hgraph2graph", "!pip install --pre deepchem\nimport deepchem", "import hgraph\nfrom hgraph import *",
            "import reqeustz_invented"]),  # an import unrelated to the checkout stays judged (review of f9e2b52)
        "examples/tutorials/other.ipynb": _notebook(["!git clone https://github.com/saithat/hgraph2graph.git",
                                                     "import hgraph"]),
    })
    assert verdicts(judged(tmp_path, {"deepchem"})) == {
        ("examples/tutorials/HierVAE.ipynb", "deepchem"): "ok",
        ("examples/tutorials/HierVAE.ipynb", "hgraph"): "allowed",
        ("examples/tutorials/HierVAE.ipynb", "made_up_before"): "missing",
        ("examples/tutorials/HierVAE.ipynb", "reqeustz_invented"): "missing",
        ("examples/tutorials/other.ipynb", "hgraph"): "missing",
    }


def test_chemistry_libraries_whose_module_is_named_otherwise(tmp_path):
    # openff-toolkit's utilities/make_substructure_dict: `from CifFile import ReadCif` is PyCifRW's (PyPI's ciffile is
    # another project, a DG002 look-alike of tifffile); OpenMM's legacy simtk namespace, mace-torch's mace
    write(tmp_path, {
        "utilities/cif_to_dict.py": "from CifFile import ReadCif\nfrom simtk import openmm\n"
                                    "from mace.calculators import mace_mp\nfrom berny import Berny\nimport iodata\n"
                                    "import deepmd\nimport torchmdnet\nfrom pymol import cmd\nfrom emmet.core.mpid import MPID\n"
                                    "from fairchem.core import pretrained_mlip\nimport cif_magic_reader\n",
    })
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "pycifrw", "openmm", "mace-torch", "pyberny", "qc-iodata", "deepmd-kit", "torchmd-net", "pymol-open-source",
        "emmet-core", "fairchem-core", "cif-magic-reader"}


def test_a_notebook_that_tells_its_reader_to_install_from_conda_or_another_index_declares_those_names(tmp_path):
    # openff-toolkit's examples/deprecated/host_guest_simulation/smirnoff_host_guest.ipynb: its prose says
    # `conda install -c OpenEye/label/Orion -c omnia oeommtools` and `pip install -i
    # https://pypi.anaconda.org/openeye/simple openeye-oenotebook`, then a cell imports oeommtools and oenotebook
    # (PyPI has neither). A `!conda install` cell declares the same way; a name the prose installs from PyPI, and one
    # nothing names, stay judged
    prose = {"cell_type": "markdown", "metadata": {}, "source": [
        "conda install -c OpenEye/label/Orion -c omnia oeommtools\n",
        "pip install -i https://pypi.anaconda.org/openeye/simple openeye-oenotebook\n",
        "pip install --extra-index-url https://example.org/simple mdtraj-helpers\n"]}
    cells = json.loads(_notebook(["import oenotebook as oenb\nfrom oeommtools import utils\nimport mdtraj_helpers\n"
                                  "import made_up_oe_kit\n", "!conda install -y -c conda-forge pdbfixer\n",
                                  "from pdbfixer import PDBFixer\n"]))
    cells["cells"].insert(0, prose)
    write(tmp_path, {"examples/host_guest.ipynb": json.dumps(cells)})
    assert verdicts(judged(tmp_path, set())) == {
        ("examples/host_guest.ipynb", "oenotebook"): "not-checked",  # the prose's: not checked (PyPI says nothing)
        ("examples/host_guest.ipynb", "oeommtools"): "not-checked",
        ("examples/host_guest.ipynb", "mdtraj_helpers"): "missing",
        ("examples/host_guest.ipynb", "made_up_oe_kit"): "missing",
        # the `!conda install` cell's conda name, judged on conda (missing in this stand-in); its import is not judged
        ("examples/host_guest.ipynb", "pdbfixer"): "missing",
    }


def test_an_import_a_comment_says_to_install_from_conda_is_not_checked_never_dropped(tmp_path):
    # review of f9e2b52: `# conda install -c conda-forge fakellmkit` or a string saying so made `import fakellmkit`
    # vanish; a comment is no manifest (generated code writes such comments too): the import is reported not checked,
    # and passes only when PyPI has the name
    write(tmp_path, {
        "app/model.py": "# conda install -c conda-forge fakellmkit\nimport fakellmkit\n",
        "app/other.py": "try:\n    import fakeothertool\nexcept ImportError:\n"
                        "    raise ImportError(\"conda install fakeothertool\")\nimport numpy  # conda install numpy\n",
    })
    assert verdicts(judged(tmp_path, {"numpy"})) == {
        ("app/model.py", "fakellmkit"): "not-checked",
        ("app/other.py", "fakeothertool"): "not-checked",
        ("app/other.py", "numpy"): "ok",
    }
