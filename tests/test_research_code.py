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


def _imports(root: Path) -> dict[tuple[str, str], bool]:
    """(path, name) -> whether the import is a note (True) or judged (False); an import the project explains has
    no mention at all."""
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
    write(tmp_path, {
        "environment.yaml": ENVIRONMENT,
        "setup.py": 'from setuptools import setup, find_packages\n\nsetup(name="latent-diffusion", packages=find_packages())\n',
        "ldm/__init__.py": "",
        "ldm/data/__init__.py": "",
        "ldm/data/imagenet.py": "import omegaconf\nimport taming.data.utils as tdu\nfrom taming.data.imagenet import str_to_indices\n"
                                "import tamingx\nimport invented_diffusion_utils\n",
        "ldm/modules/encoders.py": "import clip\n",
    })
    _git(tmp_path)
    found = _imports(tmp_path)
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
    write(tmp_path, {
        "requirements.txt": "torch\nnumpy\n\n# for grid_tcnn\n"
                            "# git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch\n",
        "docker/Dockerfile": "FROM nvidia/cuda:11.6.2-cudnn8-devel-ubuntu20.04\nRUN pip3 install trimesh\n"
                             "RUN pip3 install git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch\n",
        "nerf/__init__.py": "",
        "nerf/network_grid_tcnn.py": "import torch\nimport trimesh\nimport tinycudann as tcnn\nimport tinycudax\n"
                                     "import invented_nerf_kernels\n",
    })
    _git(tmp_path)
    found = _imports(tmp_path)
    assert found[("nerf/network_grid_tcnn.py", "tinycudann")] is True
    assert found[("nerf/network_grid_tcnn.py", "tinycudax")] is False
    assert found[("nerf/network_grid_tcnn.py", "invented-nerf-kernels")] is False
    assert found[("nerf/network_grid_tcnn.py", "torch")] is False

