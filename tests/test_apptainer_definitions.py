"""Apptainer (Singularity) definition files: the installs of their shell sections and the Docker image they bootstrap
from (held-out set 281: bdusell/singularity-tutorial's `version-3.def` runs `pip3 install pipenv` in `%post` on
`nvidia/cuda:10.1-cudnn7-devel-ubuntu18.04`; no format read a `.def` file, so an invented name there went unjudged)."""

from __future__ import annotations

from depguard.parsers import Source, get_format
from tests.trees import judged, verdicts, write

# the shape of a GPU recipe (made up, after the tutorial's): a header, a %post that installs, other sections
RECIPE = """BootStrap: docker
From: nvidia/cuda:12.2.0-devel-ubuntu22.04

%files
    requirements.txt /opt/requirements.txt

%post
    apt-get update -y
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-pip
    pip3 install --no-cache-dir dgx-invented-post-dep \\
        numpy
    pip3 install -r /opt/requirements.txt

%environment
    export LC_ALL=C.UTF-8

%runscript
    exec python3 "$@"

%help
    pip install never-read-in-help

%labels
    Author pip install never-read-in-labels
"""

# a multi-stage recipe: a builder stage, then a final one from a local image
STAGES = """# build stage
Bootstrap: docker
From: python:3.12-slim
Stage: build

%post -c /bin/bash
    python3 -m pip install dgx-invented-stage-dep

Bootstrap: localimage
From: ./base.sif
Stage: final

%files from build
    /usr/local /usr/local

%test
    npm install -g dgx-invented-test-cli
"""


def test_a_definition_files_shell_sections_are_read_and_the_rest_is_not(tmp_path):
    write(tmp_path, {
        "containers/gpu.def": RECIPE,
        "containers/requirements.txt": "torch\n",
        "Singularity": STAGES,
        "Singularity.md": "# Singularity\n\n```\npip install dgx-invented-doc-dep\n```\n",  # a page, read as one
        "win/exports.def": "LIBRARY mylib\nEXPORTS\n    pip\n    install\n",  # a Windows module-definition file
    })
    got = verdicts(judged(tmp_path, {"numpy", "torch", "nvidia/cuda", "library/python"}))
    assert got == {
        ("containers/gpu.def", "dgx-invented-post-dep"): "missing",
        ("containers/gpu.def", "numpy"): "ok",
        ("containers/gpu.def", "nvidia/cuda:12.2.0-devel-ubuntu22.04"): "ok",
        ("containers/requirements.txt", "torch"): "ok",
        ("Singularity", "python:3.12-slim"): "ok",
        ("Singularity", "dgx-invented-stage-dep"): "missing",
        ("Singularity", "dgx-invented-test-cli"): "missing",
        ("Singularity.md", "dgx-invented-doc-dep"): "missing",
    }


def test_only_a_docker_bootstrap_names_a_docker_hub_image():
    text = ("Bootstrap: docker\nRegistry: nvcr.io\nNamespace: nvidia\nFrom: pytorch:23.10-py3\n\n%post\n    true\n\n"
            "Bootstrap: library\nFrom: ubuntu:22.04\n\n"
            "Bootstrap: docker\nFrom: ubuntu:{{ VERSION }}\n\n"
            "Bootstrap: docker-daemon\nFrom: mine:latest\n\n"
            "Bootstrap: docker\nFrom: rockylinux:9\n")
    source = Source(path="Apptainer", text=text)
    found = [(m.written, m.location.line, m.location.column) for m in get_format("apptainer-images").parse(source)]
    assert found == [("nvcr.io/nvidia/pytorch:23.10-py3", 4, 7), ("rockylinux:9", 19, 7)]


def test_apptainer_and_singularity_commands_name_the_docker_image_they_fetch(tmp_path):
    write(tmp_path, {"jobs/get.sh": "singularity pull docker://dgxinvented/hpc-image:1.0\n"
                                    "apptainer build pytorch.sif docker://python:3.11\n"
                                    "apptainer exec --nv docker://dgxinvented/run:2 pip install dgx-invented-in-image\n"
                                    "singularity pull library://sylabs/default/alpine\n"
                                    "apptainer build app.sif app.def\n"
                                    "singularity exec app.sif pip install dgx-invented-in-sif\n"})
    assert verdicts(judged(tmp_path, {"library/python"})) == {
        ("jobs/get.sh", "dgxinvented/hpc-image:1.0"): "missing",
        ("jobs/get.sh", "python:3.11"): "ok",
        ("jobs/get.sh", "dgxinvented/run:2"): "missing",
        ("jobs/get.sh", "dgx-invented-in-image"): "missing",
        ("jobs/get.sh", "dgx-invented-in-sif"): "missing",
    }
