"""Machine-learning research code as published with papers (issue 12, held-out set 75): the dependencies a paper's
repository installs from GitHub are written in a conda environment's ``pip:`` list or in a Dockerfile's ``pip
install git+…``, not in a requirements file; the modules they provide were judged as PyPI names."""

from __future__ import annotations

import subprocess
from pathlib import Path

from depguard.model import Origin
from tests.trees import scan, write


def _git(root: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=root, check=True, capture_output=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, capture_output=True)


def _imports(root: Path, files: dict[str, str]) -> dict[tuple[str, str], bool]:
    """The tree ``files`` written below ``root`` and added to git, scanned: (path, name) -> whether the import is a
    note (True) or judged (False); an import the project explains has no mention at all."""
    write(root, files)
    _git(root)
    return {(m.location.path, m.key.name): m.example is not None
            for m in scan(root).mentions if m.origin is Origin.IMPORT}


ENVIRONMENT = """name: ldm
channels:
  - pytorch
  - defaults
dependencies:
  - python=3.8.5
  - pip=20.3
  - pytorch=1.11.0
  - pip:
    - omegaconf==2.1.1
    - -e git+https://github.com/CompVis/taming-transformers.git@master#egg=taming-transformers
    - git+https://github.com/openai/CLIP.git@main
    - -e .
"""


def test_a_conda_environments_pip_list_installing_from_git_declares_what_it_fetches(tmp_path):
    # CompVis/stable-diffusion: environment.yaml's pip: list has `-e git+https://github.com/CompVis/
    # taming-transformers.git@master#egg=taming-transformers`, and ldm/ imports `taming` (8 imports): the egg is a
    # name from elsewhere, so `taming` was judged as a PyPI name and flagged missing. An import that relates to no
    # fetched entry stays judged, and the pip: list's registry names are still read.
    found = _imports(tmp_path, {
        "environment.yaml": ENVIRONMENT,
        "setup.py": 'from setuptools import setup, find_packages\n\nsetup(name="latent-diffusion", packages=find_packages())\n',
        "ldm/__init__.py": "",
        "ldm/data/__init__.py": "",
        "ldm/data/imagenet.py": "import omegaconf\nimport taming.data.utils as tdu\nfrom taming.data.imagenet import str_to_indices\n"
                                "import tamingx\nimport invented_diffusion_utils\n",
        "ldm/modules/encoders.py": "import clip\n",
    })
    assert ("ldm/data/imagenet.py", "taming") not in found  # taming-transformers, from elsewhere
    assert found[("ldm/data/imagenet.py", "omegaconf")] is False  # declared on PyPI: judged as before
    assert found[("ldm/data/imagenet.py", "tamingx")] is False
    assert found[("ldm/data/imagenet.py", "invented-diffusion-utils")] is False
    assert found[("ldm/modules/encoders.py", "clip")] is True  # related to the fetched CLIP.git: a note


def test_a_dockerfiles_pip_install_from_git_makes_a_related_import_a_note(tmp_path):
    # ashawkey/stable-dreamfusion: docker/Dockerfile runs `pip3 install git+https://github.com/NVlabs/tiny-cuda-nn/
    # #subdirectory=bindings/torch` (requirements.txt has the line commented out), which builds the `tinycudann`
    # module nerf/network_grid_tcnn.py imports; it was flagged missing. Only an import whose name relates to what the
    # script fetches is excused; a registry name the Dockerfile installs declares as before.
    found = _imports(tmp_path, {
        "requirements.txt": "torch\nnumpy\n\n# for grid_tcnn\n"
                            "# git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch\n",
        "docker/Dockerfile": "FROM nvidia/cuda:11.6.2-cudnn8-devel-ubuntu20.04\nRUN pip3 install trimesh\n"
                             "RUN pip3 install git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch\n",
        "nerf/__init__.py": "",
        "nerf/network_grid_tcnn.py": "import torch\nimport trimesh\nimport tinycudann as tcnn\nimport tinycudax\n"
                                     "import invented_nerf_kernels\n",
    })
    assert {name: note for (path, name), note in found.items() if path == "nerf/network_grid_tcnn.py"} == {
        "torch": False, "trimesh": False, "tinycudann": True, "tinycudax": False, "invented-nerf-kernels": False}


D2_README = """# Detectron2 wrapper for DETR

We provide a Detectron2 wrapper for DETR, thus providing a way to better integrate it in the existing detection
ecosystem.

To install Detectron2, please follow the
[official installation instructions](https://github.com/facebookresearch/detectron2/blob/master/INSTALL.md).

The evaluation follows [cocoapi](https://github.com/cocodataset/cocoapi).
"""


def test_a_folders_readme_sending_the_reader_to_a_repository_to_install_makes_a_related_import_a_note(tmp_path):
    # facebookresearch/detr: d2/ (no manifest of its own) wraps DETR for Detectron2, and its README says "To install
    # Detectron2, please follow the official installation instructions" with a link into facebookresearch/detectron2;
    # d2/detr/*.py import detectron2 (15 imports), judged as a PyPI name and flagged missing. A repository linked
    # from a paragraph that does not speak of installing (cocoapi), and an unrelated import, stay judged.
    found = _imports(tmp_path, {
        "requirements.txt": "torch>=1.5.0\nscipy\n",
        "models/__init__.py": "",
        "models/detr.py": "import torch\n",
        "d2/README.md": D2_README,
        "d2/train_net.py": "from detectron2.engine import DefaultTrainer\nimport pycocotools\n",
        "d2/detr/__init__.py": "",
        "d2/detr/config.py": "from detectron2.config import CfgNode as CN\nimport detectron3_utils\n",
        "tools/convert.py": "import detectron2\n",  # outside the README's folder
    })
    noted = {key for key, note in found.items() if note}
    assert noted == {("d2/train_net.py", "detectron2"), ("d2/detr/config.py", "detectron2")}
    assert {("d2/train_net.py", "pycocotools"), ("d2/detr/config.py", "detectron3-utils"),
            ("tools/convert.py", "detectron2")} <= set(found) - noted


def test_linked_installs_reads_paragraphs_that_speak_of_installing():
    from depguard.ecosystems.pypi.imports import linked_installs

    assert linked_installs(D2_README) == {"git+https://github.com/facebookresearch/detectron2"}
    assert linked_installs("Install [apex](https://github.com/NVIDIA/apex.git) first.\n") == {
        "git+https://github.com/NVIDIA/apex"}
    assert linked_installs("Based on [mmcv](https://github.com/open-mmlab/mmcv).\n\npip install -r requirements.txt\n") == set()
    assert linked_installs("Installation: see https://github.com/orgs/acme/discussions\n") == set()
