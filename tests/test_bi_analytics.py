"""BI dashboards, analytics and data-labelling tools (held-out set 106: Querybook, Label Studio's ML backends and
others): a Dockerfile example that leaves its registry out with an ellipsis names no image, and modules whose
distribution is named otherwise are judged as that distribution; an invented name in the same place stays judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, judged, scan, verdicts, write

# pinterest/querybook docs_website/docs/integrations/plugins.mdx: the guide to extending the image, whose Dockerfile
# block starts from the reader's own copy of the image, its registry left out
PLUGINS_GUIDE = (
    "4. Extending the docker image and install dependencies\n\n"
    "```Dockerfile\nFROM {base}\n\n# If you need to install additional libs\n"
    "RUN apt-get update && apt-get install -y ... \\\n    && apt-get clean\n\n"
    "COPY plugins /opt/plugins\nENV QUERYBOOK_PLUGIN=/opt/plugins\n```\n")


def test_a_dockerfile_example_that_elides_its_registry_names_no_image(tmp_path):
    write(tmp_path, {"docs_website/docs/integrations/plugins.mdx": PLUGINS_GUIDE.format(base=".../querybook:latest")})
    rep = judged(tmp_path, set())
    assert [f for f in rep.findings if f.mention.key.ecosystem == "docker"] == []
    assert [p.message for p in scan(tmp_path).problems] == []


def test_a_written_registry_in_the_same_example_is_still_judged(tmp_path):
    # the same guide naming a registry that holds no such image: read, and judged missing (a registry host of its own:
    # one under RFC 2606's example.com is a placeholder, a note, since b929a69)
    write(tmp_path, {"docs_website/docs/integrations/plugins.mdx": PLUGINS_GUIDE.format(
        base="registry.querybook-invented.dev/querybook-invented-zz:latest")})
    assert verdicts(judged(tmp_path, set())) == {
        ("docs_website/docs/integrations/plugins.mdx", "registry.querybook-invented.dev/querybook-invented-zz:latest"):
            "missing"}


def test_modules_whose_distribution_is_named_otherwise(tmp_path):
    # HumanSignal/label-studio-ml-backend label_studio_ml/examples/watsonx_llm/data_transfer_app.py: `import prestodb`
    # (its requirements.txt: presto-python-client); pinterest/querybook querybook/server/lib/query_executor/clients/
    # hive.py: `from TCLIService.ttypes import TOperationState` (PyHive's wheel ships TCLIService beside pyhive). PyPI
    # has neither prestodb nor TCLIService; an invented module beside them is still judged as its own name
    write(tmp_path, {
        "examples/watsonx_llm/requirements.txt": "presto-python-client\nflask\n",
        "examples/watsonx_llm/data_transfer_app.py": "import os\nimport prestodb\nimport prestodb_bridge_kit\n",
        "server/lib/query_executor/clients/hive.py": (
            "from pyhive import hive\nfrom TCLIService.ttypes import TOperationState\nimport TCLIServiceHelpers\n"),
        # CVHub520/X-AnyLabeling anylabeling/services/auto_labeling/visualgd/util/inference.py (CountGD's code)
        "visualgd/util/inference.py": "import groundingdino.datasets.transforms as T\nimport groundingdino_tools\n"})
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "presto-python-client", "prestodb-bridge-kit", "pyhive", "tcliservicehelpers", "groundingdino-py",
        "groundingdino-tools"}


# CVHub520/X-AnyLabeling anylabeling/services/auto_labeling/visualgd/model/: Deformable DETR's CUDA operator, built by
# ops/setup.py as the PyTorch extension MultiScaleDeformableAttention (its source's PYBIND11_MODULE takes the name from
# the build), imported by ms_deform_attn.py beside ops/
DEFORMABLE_OPS_SETUP = (
    "import torch\nfrom setuptools import find_packages, setup\n"
    "from torch.utils.cpp_extension import CUDA_HOME, CppExtension, CUDAExtension\n\n"
    "def get_extensions():\n    extension = CppExtension\n    if torch.cuda.is_available():\n"
    "        extension = CUDAExtension\n    ext_modules = [\n        extension(\n"
    '            "MultiScaleDeformableAttention",\n            sources,\n        )\n    ]\n    return ext_modules\n\n'
    'setup(\n    name="MultiScaleDeformableAttention",\n    version="1.0",\n'
    '    ext_modules=get_extensions(),\n    cmdclass={"build_ext": torch.utils.cpp_extension.BuildExtension},\n)\n')
VISION_CPP = ('#include "ms_deform_attn.h"\n\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n'
              '  m.def("ms_deform_attn_forward", &ms_deform_attn_forward, "ms_deform_attn_forward");\n}\n')
MS_DEFORM_ATTN = ("import torch\nimport torch.nn as nn\n\nimport MultiScaleDeformableAttention as _C\n"
                  "import MultiScaleDeformableKernels\n")


def test_a_pytorch_extension_built_by_a_setup_py_of_the_tree_is_its_own(tmp_path):
    model = "anylabeling/services/auto_labeling/visualgd/model"
    write(tmp_path, {f"{model}/ops/setup.py": DEFORMABLE_OPS_SETUP, f"{model}/ops/src/vision.cpp": VISION_CPP,
                     f"{model}/ms_deform_attn.py": MS_DEFORM_ATTN})
    got = {name: verdict for (path, name), verdict in verdicts(judged(tmp_path, {"torch", "setuptools"})).items()
           if path == f"{model}/ms_deform_attn.py"}
    # the extension is the tree's own (no registry is asked); an invented module no extension call names is judged
    assert got == {"torch": "ok", "MultiScaleDeformableKernels": "missing"}


def test_an_extension_call_without_a_source_built_by_pytorch_names_nothing(tmp_path):
    # the same setup.py with a source that defines its module itself (PyInit_), or none: the setup.py's call alone
    # is no evidence of a module the build names
    model = "visualgd/model"
    write(tmp_path, {f"{model}/ops/setup.py": DEFORMABLE_OPS_SETUP, f"{model}/ms_deform_attn.py": MS_DEFORM_ATTN})
    assert verdicts(judged(tmp_path, {"torch"}))[(f"{model}/ms_deform_attn.py", "MultiScaleDeformableAttention")] \
        == "missing"


# CVHub520/X-AnyLabeling examples/detection/hbb/README.md: the page of the detection task (README and sample images,
# no code) sets up the app's UPN job by cloning ChatRex and installing the clone; the app's
# anylabeling/services/auto_labeling/__base__/upn.py imports chatrex.upn
HBB_README = (
    "# Horizontal Bounding Box Object Detection\n\n## UPN\n\n"
    "Afterward, you can install ChatRex on a GPU-enabled machine using:\n\n"
    "```bash\ngit clone https://github.com/IDEA-Research/ChatRex.git\ncd ChatRex\npip install -v -e .\n"
    "# install deformable attention for universal proposal network\ncd chatrex/upn/ops\npip install -v -e .\n"
    "cd -\n```\n")
UPN = ("import torch\nfrom chatrex.upn import build_architecture\nimport upn_toolkit_invented\n")
X_ANYLABELING = {"pyproject.toml": '[project]\nname = "x-anylabeling"\ndependencies = ["torch"]\n',
                 "anylabeling/__init__.py": "", "anylabeling/services/auto_labeling/__base__/upn.py": UPN,
                 "examples/detection/hbb/README.md": HBB_README,
                 "examples/detection/hbb/sources/demo.jpg": "", "examples/detection/hbb/classes.txt": "person\n"}


def _upn_verdicts(root) -> dict[str, str]:
    return {name: verdict for (path, name), verdict in verdicts(judged(root, {"torch"})).items()
            if path.endswith("__base__/upn.py")}


def test_the_readme_of_a_folder_of_pages_documents_the_project_above(tmp_path):
    write(tmp_path, X_ANYLABELING)
    # the clone's module is a note; an import the clone's name does not relate to is still judged
    assert _upn_verdicts(tmp_path) == {"torch": "ok", "chatrex": "allowed", "upn_toolkit_invented": "missing"}


def test_the_readme_of_a_folder_with_code_of_its_own_declares_for_that_folder_only(tmp_path):
    # the same README beside a script of its own: it documents that folder, whose code it sets up
    write(tmp_path, {**X_ANYLABELING, "examples/detection/hbb/run_upn.py": "import chatrex\n"})
    got = _upn_verdicts(tmp_path)
    assert got["chatrex"] == "missing" and got["upn_toolkit_invented"] == "missing"
