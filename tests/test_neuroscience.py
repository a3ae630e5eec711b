"""Neuroscience and brain imaging Python (held-out set 177: AllenSDK, nibabel, dandi-archive …): a script that puts
an absolute folder of the machine it runs on (an institute's shared file system) on ``sys.path`` imports that
folder's modules, which the tree cannot show; an invented package imported elsewhere, or after a folder inside the
tree, is still judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write


def test_a_module_of_an_absolute_folder_put_on_sys_path_is_a_note(tmp_path):
    # AllenSDK's swdb scripts: `sys.path.append('/allen/programs/braintv/workgroups/nc-ophys/nick.ponvert/src/pbstools')`
    # then `from pbstools import PythonJob`; its tissuecyte pipeline modules: `twok_dir =
    # "/shared/bioapps/itk/itk_shared/jp2/build"`, `sys.path.append(twok_dir)`, then `import jpeg_twok`
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "brainsdk"\ndependencies = ["numpy"]\n',
        "brainsdk/__init__.py": "",
        "scripts/run_jobs.py": "import sys\nimport invented_schedulerx\n"
                               "sys.path.append('/allen/programs/braintv/src/pbstoolsx')\nfrom pbstoolsx import PythonJob\n",
        "brainsdk/stitch.py": "import sys\n\n# TODO install it with the build\ntwok_dir = \"/shared/bioapps/jp2/build\"\n"
                              "print(\"adding %s\" % twok_dir)\nsys.path.append(twok_dir)\nimport jpeg_twokx\n",
        "brainsdk/win.py": "import sys, os\nsys.path.insert(0, os.path.expanduser('~/src/labtoolsx'))\n"
                           "import labtoolsx\n",
        # a folder inside the tree put on sys.path: what it does not hold stays judged
        "scripts/local.py": "import sys\nsys.path.append('../tools')\nfrom tool_helpersx import run\n",
        "tools/other.py": "",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("scripts/run_jobs.py", "pbstoolsx")] == "allowed"
    assert got[("brainsdk/stitch.py", "jpeg_twokx")] == "allowed"
    assert got[("brainsdk/win.py", "labtoolsx")] == "allowed"
    # an import before the addition: an invented name stays missing
    assert got[("scripts/run_jobs.py", "invented_schedulerx")] == "missing"
    assert got[("scripts/local.py", "tool_helpersx")] == "missing"



def test_a_module_of_an_absolute_folder_a_notebook_cell_puts_on_sys_path_is_a_note(tmp_path):
    # kubeflow/examples (held-out spot set 242): FaceNet-distributed-training/pipeline's notebook defines its Kubeflow
    # pipeline steps as functions that do `sys.path.append("/persist-log")` (the volume the pipeline mounts) and then
    # `from inception_resnet_v1 import InceptionResNetV1`, and `sys.path.append("/facenet/test")` then `from
    # img_process import align_image`: DG001s, since a notebook's cells were not read for such folders as a Python
    # file is. An import before the addition and one after a folder of the tree stay judged
    import json

    def cell(code: str) -> dict:
        return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                "source": code.splitlines(keepends=True)}

    notebook = {"nbformat": 4, "nbformat_minor": 4, "metadata": {}, "cells": [
        cell("def train():\n    import sys\n    import invented_trainerx\n    sys.path.append(\"./\")\n"
             "    sys.path.append(\"/persist-log\")\n    from config_helpersx import img_size\n"
             "    from inception_resnet_v1x import InceptionResNetV1\n"),
        cell("def serve():\n    import sys\n    sys.path.append('../tools')\n    from tool_helpersx import run\n"),
    ]}
    write(tmp_path, {"pipeline/steps.ipynb": json.dumps(notebook, indent=1), "tools/other.py": ""})
    got = verdicts(judged(tmp_path, set()))
    assert got[("pipeline/steps.ipynb", "inception_resnet_v1x")] == "allowed"
    assert got[("pipeline/steps.ipynb", "config_helpersx")] == "allowed"
    assert got[("pipeline/steps.ipynb", "invented_trainerx")] == "missing"
    assert got[("pipeline/steps.ipynb", "tool_helpersx")] == "missing"


def test_an_absolute_folder_a_dockerfile_fills_from_the_tree_is_the_tree(tmp_path):
    # reviewer r28: a Dockerised app's `sys.path.append("/app")` adds the folder its Dockerfile copies the tree into
    # (`WORKDIR /app`, `COPY . .`), whose modules the tree shows: an invented import right after it was a note (exit 0).
    # The same addition beside no such Dockerfile, and a machine folder the image does not fill, stay notes
    write(tmp_path, {
        "service/Dockerfile": "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nRUN pip install -r requirements.txt\n",
        "service/requirements.txt": "numpy\n",
        "service/app/main.py": "import sys\nsys.path.append('/app')\nimport numpy\nfrom fastapi_magic_utilz import cache\n",
        "service/app/jobs.py": "import sys\nsys.path.append('/shared/bioapps/jp2/build')\nimport jpeg_twokx\n",
        "tools/run.py": "import sys\nsys.path.append('/app')\nfrom toolbox_magicx import run\n",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("service/app/main.py", "fastapi_magic_utilz")] == "missing"
    assert got[("service/app/jobs.py", "jpeg_twokx")] == "allowed"
    assert got[("tools/run.py", "toolbox_magicx")] == "allowed"


def test_only_a_literal_absolute_folder_or_a_name_bound_once_to_one_is_read_as_outside_the_tree():
    from depguard.ecosystems.pypi.project import outside_path_imports

    assert outside_path_imports("import sys\nsys.path.append(r'C:\\tools\\lab')\nimport labx\n", "scripts") == (
        ("labx", "C:\\tools\\lab"),)
    assert outside_path_imports("import sys\nd = '/opt/tools'\nsys.path.insert(0, d)\nimport toolx\n", "") == (
        ("toolx", "/opt/tools"),)
    # bound twice, bound to something else, the root alone, a folder built from a value: none is a literal folder
    assert outside_path_imports("import sys\nd = '/opt/tools'\nd = pick(d)\nsys.path.append(d)\nimport toolx\n", "") == ()
    assert outside_path_imports("import sys\nd = base + '/tools'\nsys.path.append(d)\nimport toolx\n", "") == ()
    assert outside_path_imports("import sys\nsys.path.append('/')\nimport toolx\n", "") == ()
    assert outside_path_imports("import sys\nsys.path.append(f'/home/{user}/x')\nimport toolx\n", "") == ()
    assert outside_path_imports("import sys\nsys.path.append(os.path.join(ROOT, '/opt'))\nimport toolx\n", "") == ()
