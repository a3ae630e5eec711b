"""Computer vision toolkits and annotation tools (held-out set 195: supervision, albumentations, SAHI, Roboflow
Inference, Datumaro and CVAT's serverless functions): the code of a Nuclio function imports the modules of a
repository the function's build clones onto its PYTHONPATH; an invented name in the same place is still judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, judged, scan, write

# CVAT's serverless/pytorch/dschoerk/transt/nuclio/function.yaml (trimmed): the build clones TransT into
# /opt/nuclio/trans-t and the function's environment puts that folder on PYTHONPATH
TRANST_FUNCTION = """\
metadata:
  name: pth-dschoerk-transt
  namespace: cvat
  annotations:
    name: TransT
    type: tracker

spec:
  description: Fast Online Object Tracking and Segmentation
  runtime: 'python:3.8'
  handler: main:handler
  eventTimeout: 30s
  env:
    - name: PYTHONPATH
      value: /opt/nuclio/trans-t

  build:
    image: cvat.pth.dschoerk.transt
    baseImage: ubuntu:20.04

    directives:
      preCopy:
        - kind: WORKDIR
          value: /opt/nuclio
        - kind: RUN
          value: git clone --depth 1 --branch v1.0 https://github.com/dschoerk/TransT trans-t
        - kind: RUN
          value: |-
            pip install \\
              jsonpickle opencv-python-headless \\
              torch==1.7.1+cpu torchvision==0.8.2+cpu \\
              --extra-index-url https://download.pytorch.org/whl/cpu
"""
HANDLER = ("import jsonpickle\nimport torch\nfrom pysot_toolkit.bbox import get_axis_aligned_bbox\n"
           "from pysot_toolkit.trackers.tracker import Tracker\n")


def _imports(root) -> dict[tuple[str, str], bool]:
    return {(m.location.path, m.key.name): (m.example is not None) for m in scan(root).mentions
            if m.origin is Origin.IMPORT}


def test_a_nuclio_functions_code_imports_the_repository_its_build_clones_onto_its_pythonpath(tmp_path):
    fn = "serverless/pytorch/dschoerk/transt/nuclio"
    write(tmp_path, {
        f"{fn}/function.yaml": TRANST_FUNCTION,
        f"{fn}/function-gpu.yaml": TRANST_FUNCTION.replace("ubuntu:20.04", "nvidia/cuda:11.8.0-base-ubuntu20.04"),
        f"{fn}/model_handler.py": HANDLER,
        f"{fn}/main.py": "import json\nfrom model_handler import ModelHandler\n",
        "tools/check.py": "from pysot_toolkit.bbox import get_axis_aligned_bbox\n",  # no function's code
    })
    by = _imports(tmp_path)
    assert by[(f"{fn}/model_handler.py", "pysot-toolkit")] is True  # a note: a module of the checkout
    assert by[("tools/check.py", "pysot-toolkit")] is False
    report = judged(tmp_path, existing={"jsonpickle", "torch"})
    verdicts = {(f.mention.location.path, f.mention.key.name): f.verdict.value for f in report.findings}
    assert verdicts[(f"{fn}/model_handler.py", "pysot-toolkit")] != "missing"
    assert verdicts[(f"{fn}/model_handler.py", "jsonpickle")] == "ok"
    assert verdicts[("tools/check.py", "pysot-toolkit")] == "missing"


def test_a_clone_the_functions_pythonpath_does_not_name_leaves_its_imports_judged(tmp_path):
    # the same function cloning into another folder, one with no PYTHONPATH, and a YAML file that is no Nuclio
    # function (no spec.handler): the imports stay judged
    fn = "serverless/a/nuclio"
    write(tmp_path, {
        f"{fn}/function.yaml": TRANST_FUNCTION.replace("trans-t\n", "elsewhere\n", 1),
        f"{fn}/model_handler.py": HANDLER,
        "serverless/b/nuclio/function.yaml": TRANST_FUNCTION.replace(
            "  env:\n    - name: PYTHONPATH\n      value: /opt/nuclio/trans-t\n", ""),
        "serverless/b/nuclio/model_handler.py": HANDLER,
        "serverless/c/function.yaml": TRANST_FUNCTION.replace("  handler: main:handler\n", "").replace(
            "  runtime: 'python:3.8'\n", ""),
        "serverless/c/model_handler.py": HANDLER,
    })
    by = _imports(tmp_path)
    for folder in (fn, "serverless/b/nuclio", "serverless/c"):
        assert by[(f"{folder}/model_handler.py", "pysot-toolkit")] is False, folder


EDGE = {
    "requirements.txt": "opencv-python\n",
    # a Jetson detector and a Hailo-8 pipeline, as edge-deployment examples of YOLO repositories write them
    "edge/jetson_detect.py": "from jetson_inference import detectNet\nimport jetson_inference_toolz\n",
    "edge/hailo_infer.py": "from hailo_platform import HEF, VDevice\nfrom hailo_sdk_client import ClientRunner\n"
                           "import hailo_platformz\n",
}


def test_edge_accelerators_runtime_modules_are_notes_while_the_registry_lacks_them(tmp_path):
    # jetson-inference's and Hailo's Python modules come from the device's own build or vendor wheels: a note while
    # PyPI lacks the name; an invented name beside them stays missing
    write(tmp_path, EDGE)
    report = judged(tmp_path, existing={"opencv-python"})
    got = {(f.mention.location.path, f.mention.key.name): f.verdict.value for f in report.findings}
    assert got[("edge/jetson_detect.py", "jetson-inference")] == "allowed"
    assert got[("edge/hailo_infer.py", "hailo-platform")] == "allowed"
    assert got[("edge/hailo_infer.py", "hailo-sdk-client")] == "allowed"
    assert got[("edge/jetson_detect.py", "jetson-inference-toolz")] == "missing"
    assert got[("edge/hailo_infer.py", "hailo-platformz")] == "missing"


# voxel51/fiftyone-plugins: the root package.json resolves the FiftyOne App's own packages (private, never published to
# npm) to a FiftyOne checkout beside the repository with Yarn's portal: protocol; its JS plug-ins import them
FIFTYONE_PLUGINS = {
    "package.json": ('{"name": "plugin-examples", "workspaces": ["packages/*"],\n'
                     ' "devDependencies": {"react": "^18.2.0"},\n'
                     ' "resolutions": {"@fiftyone/plugins": "portal:../fiftyone/app/packages/plugins",\n'
                     '                 "@fiftyone/state": "portal:../fiftyone/app/packages/state",\n'
                     '                 "**/@fiftyone/operators": "link:../fiftyone/app/packages/operators",\n'
                     '                 "left-pad": "1.3.0"}}\n'),
    "packages/debugger/package.json": '{"name": "@fiftyone/debugger-plugin", "fiftyone": {"script": "dist/index.umd.js"}}',
    "packages/debugger/src/DebuggerPlugin.tsx": (
        'import { registerComponent } from "@fiftyone/plugins";\nimport * as fos from "@fiftyone/state";\n'
        'import { types } from "@fiftyone/operators";\nimport { Button } from "@fiftyone/componentz";\n'
        'import pad from "left-pad";\nimport React from "react";\n'),
}


def test_an_import_of_a_name_the_package_json_resolves_to_a_local_path_is_no_registry_name(tmp_path):
    write(tmp_path, FIFTYONE_PLUGINS)
    names = {m.key.name for m in scan(tmp_path).mentions
             if m.origin is Origin.IMPORT and m.location.path.endswith("DebuggerPlugin.tsx")}
    # the three the root resolves to a path are the checkout's; an invented sibling and a name resolved to a registry
    # version stay judged
    assert names == {"@fiftyone/componentz", "left-pad", "react"}


def test_fiftyones_eta_and_mmsegmentations_mmseg_are_judged_as_their_distributions(tmp_path):
    # FiftyOne notebooks `import eta.core.utils as etau` (voxel51-eta); OpenMMLab code imports mmseg (mmsegmentation):
    # PyPI's eta and mmseg are other, older projects. An invented sibling stays judged as its own name
    write(tmp_path, {"notebook.py": "import eta.core.utils as etau\nfrom mmseg.apis import inference_model\n"
                                    "import etaz_toolkitz\nimport mmsegz\n"})
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "voxel51-eta", "mmsegmentation", "etaz-toolkitz", "mmsegz"}


# CVAT's serverless/pytorch/facebookresearch/detectron2/retinanet_r101/nuclio/function.yaml (trimmed) and an older
# function's spec.build.commands
DETECTRON2_FUNCTION = """\
metadata:
  name: pth-facebookresearch-detectron2-retinanet-r101
  annotations:
    name: RetinaNet R101
    spec: |
      [
        { "id": 1, "name": "person", "type": "rectangle" }
      ]

spec:
  description: RetinaNet R101 from Detectron2
  runtime: 'python:3.8'
  handler: main:handler

  build:
    image: cvat.pth.facebookresearch.detectron2.retinanet_r101
    baseImage: ubuntu:20.04

    directives:
      preCopy:
        - kind: ENV
          value: DEBIAN_FRONTEND=noninteractive
        - kind: RUN
          value: apt-get update && apt-get -y install curl git python3 python3-pip
        - kind: WORKDIR
          value: /opt/nuclio
        - kind: RUN
          value: pip3 install torch==1.8.1+cpu torchvision==0.9.1+cpu -f https://download.pytorch.org/whl/torch_stable.html
        - value: pip3 install 'git+https://github.com/facebookresearch/detectron2@ff53992b1985' invented-d2-helperz
          kind: RUN
        - kind: RUN
          value: |-
            pip install \\
              jsonpickle \\
              invented-tracker-utilz
        - kind: ENV
          value: "pip install invented-env-value-zz"
"""
COMMANDS_FUNCTION = """\
spec:
  runtime: python:3.6
  handler: main:handler
  build:
    commands:
      - "pip install invented-build-command-zz"
      - apt-get install -y libgl1
"""


def test_a_nuclio_functions_build_steps_are_read_as_shell_lines(tmp_path):
    write(tmp_path, {
        "serverless/detectron2/nuclio/function.yaml": DETECTRON2_FUNCTION,
        "serverless/detectron2/nuclio/function-gpu.yaml": DETECTRON2_FUNCTION.replace("torch==1.8.1+cpu", "torch==1.8.1"),
        "serverless/old/nuclio/function.yaml": COMMANDS_FUNCTION,
        # a YAML file of that name that is no Nuclio function (no spec.handler): nothing read
        "deploy/function.yaml": "steps:\n  - kind: RUN\n    value: pip install invented-not-nuclio-zz\n",
    })
    got = {(path.rpartition("/")[0], name) for path, name in found(tmp_path, Origin.COMMAND)}
    fn = "serverless/detectron2/nuclio"
    assert got == {(fn, "torch"), (fn, "torchvision"), (fn, "invented-d2-helperz"), (fn, "jsonpickle"),
                   (fn, "invented-tracker-utilz"), ("serverless/old/nuclio", "invented-build-command-zz")}


def test_a_nuclio_function_of_many_loose_run_kinds_still_reads_its_steps(tmp_path):
    # many `kind: RUN` lines outside any step of their own (reviewer-style crafted input; its growth is timed in
    # benchmarks/crafted_inputs.py): nothing read from them, the real step after them read
    loose = "          kind: RUN\n" * 5000
    write(tmp_path, {"fn/function.yaml": ("spec:\n  handler: main:handler\n  build:\n    directives:\n      preCopy:\n"
                                          "        - kind: ENV\n" + loose +
                                          "        - kind: RUN\n          value: pip install invented-after-loose-zz\n")})
    assert found(tmp_path, Origin.COMMAND) == {("fn/function.yaml", "invented-after-loose-zz")}
