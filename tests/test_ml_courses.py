"""Machine-learning courses and teaching notebooks (held-out set 163: Stas Bekman's ML Engineering book …): a module of
a distribution that the tree's own install script takes from another package index (FlashAttention-3's
``flash_attn_interface``, ``flash-attn-3`` from PyTorch's wheel index) is that distribution's, which depguard cannot
ask; a module of a checkout that the project's documents tell the reader to clone, imported right after the script
puts a folder of that checkout on ``sys.path``, is that checkout's. An invented package imported the same way, one
that relates to nothing installed, or one after a folder the tree holds or no document clones, is still judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write


def test_a_module_of_a_distribution_installed_from_another_index_is_a_note(tmp_path):
    # ml-engineering's insights/when-to-upgrade-gpus/: install.sh runs `uv pip install --no-deps flash-attn-3
    # --index-url "$CU130"` (https://download.pytorch.org/whl/cu130), bench_flash_attn.py imports flash_attn_interface,
    # the module flash-attn-3 ships (Dao-AILab/flash-attention hopper/setup.py: py_modules=["flash_attn_interface"])
    write(tmp_path, {
        "bench/install.sh": "#!/bin/bash\nset -e\nCU130=https://download.pytorch.org/whl/cu130\n"
                            "uv pip install torch --index-url \"$CU130\"\n"
                            "uv pip install --no-deps flash-attn-3 --index-url \"$CU130\"\n",
        "bench/bench.py": "import torch\nfrom flash_attn_interface import flash_attn_func\nimport quux_madeup_kit\n",
    })
    got = verdicts(judged(tmp_path, {"torch"}))
    assert got[("bench/bench.py", "flash_attn_interface")] != "missing"
    assert got[("bench/bench.py", "quux_madeup_kit")] == "missing"  # relates to nothing the script installs


def test_a_module_of_a_distribution_from_pypi_is_still_judged(tmp_path):
    # the same install from PyPI itself: depguard asks PyPI about flash-attn-3, and an import no map or name explains
    # is judged by its own name, as before
    write(tmp_path, {
        "bench/install.sh": "#!/bin/bash\nset -e\npip install flash-attn-3\n",
        "bench/bench.py": "from flash_attn_interface import flash_attn_func\n",
    })
    got = verdicts(judged(tmp_path, {"flash-attn-3"}))
    assert got[("bench/bench.py", "flash_attn_interface")] == "missing"


def test_a_distribution_a_makefile_removes_and_builds_again_from_a_clone_is_that_clones(tmp_path):
    # lorax (held-out set 224): server/Makefile-flash-att clones flash-attention, then `pip uninstall flash_attn
    # rotary_emb dropout_layer_norm -y || true` and `cd flash-attention/csrc/layer_norm && python setup.py install`;
    # server/Makefile-awq does the same for llm-awq's awq_inference_engine. lorax_server imports both modules, which
    # were reported missing (an included Makefile-* was not even read). An unrelated invented import, and a name a
    # script removes with no source build after it, stay judged
    write(tmp_path, {
        "server/pyproject.toml": '[project]\nname = "lorax-server"\nversion = "0.1"\ndependencies = ["torch"]\n',
        "server/Makefile": "include Makefile-flash-att\ninclude Makefile-awq\n\ninstall:\n\tpip install -e .\n",
        "server/Makefile-flash-att": "flash-attention:\n\tgit clone https://github.com/HazyResearch/flash-attention.git\n\n"
                                     "install-flash-attention: flash-attention\n"
                                     "\tpip uninstall flash_attn rotary_emb dropout_layer_norm -y || true\n"
                                     "\tcd flash-attention && python setup.py install && cd csrc/layer_norm && "
                                     "python setup.py install\n",
        "server/Makefile-awq": "awq:\n\tgit clone https://github.com/mit-han-lab/llm-awq\n\n"
                               "install-awq: awq\n\tpip uninstall awq_inference_engine -y || true\n"
                               "\tcd llm-awq/awq/kernels && python setup.py install\n",
        "server/Makefile-clean": "clean:\n\tgit clone https://github.com/example/tools.git\n"
                                 "\tpip uninstall stale_kernels_ext -y\n",
        "server/lorax_server/layers.py": "import torch\nimport dropout_layer_norm\nimport awq_inference_engine\n"
                                         "import stale_kernels_ext\nimport quux_madeup_kit\n",
    })
    got = verdicts(judged(tmp_path, {"torch"}))
    assert got[("server/lorax_server/layers.py", "dropout_layer_norm")] != "missing"
    assert got[("server/lorax_server/layers.py", "awq_inference_engine")] != "missing"
    assert got[("server/lorax_server/layers.py", "stale_kernels_ext")] == "missing"  # removed, never built here
    assert got[("server/lorax_server/layers.py", "quux_madeup_kit")] == "missing"


def test_a_compiled_extension_beside_a_package_its_file_imports_is_a_note(tmp_path):
    # xtuner (held-out spot set 224): xtuner/v1/ops/comm/deepep_op.py does `from deep_ep import Buffer, EventOverlap`
    # and `from deep_ep_cpp import EventHandle`, DeepEP's CUDAExtension(name='deep_ep_cpp') built with it (the tree's
    # Dockerfile builds DeepEP's wheel from a clone); PyPI has no deep-ep-cpp. A suffix beside a popular distribution
    # (torch_cuda), one whose base the file does not import, and an unrelated invented import stay judged
    write(tmp_path, {
        "ops/deepep_op.py": "import torch\nfrom deep_ep import Buffer, EventOverlap\nfrom deep_ep_cpp import EventHandle\n"
                            "import torch_cuda\nimport quux_kernels_cpp\nimport quux_madeup_kit\n",
    })
    got = verdicts(judged(tmp_path, {"torch", "deep-ep"}))
    assert got[("ops/deepep_op.py", "deep_ep_cpp")] == "allowed"
    assert got[("ops/deepep_op.py", "deep_ep")] == "ok"
    assert got[("ops/deepep_op.py", "torch_cuda")] == "missing"
    assert got[("ops/deepep_op.py", "quux_kernels_cpp")] == "missing"
    assert got[("ops/deepep_op.py", "quux_madeup_kit")] == "missing"


def test_a_module_of_a_checkout_the_documents_clone_put_on_sys_path_is_a_note(tmp_path):
    # ml-engineering's debug/tiny-scripts/mt5-make-tiny-model.py: `sys.path.append("./sentencepiece/python/src/
    # sentencepiece")`, then `import sentencepiece_model_pb2 as model`; debug/pytorch.md tells the reader to `git clone
    # https://github.com/google/sentencepiece` first
    write(tmp_path, {
        "debug/pytorch.md": "# Shrinking a vocabulary\n\n```\ngit clone https://github.com/google/sentencepiece\n```\n",
        "debug/tiny-scripts/make-tiny.py":
            "import sys\nfrom transformers import MT5Tokenizer\n"
            "# HACK: need the sentencepiece source to get sentencepiece_model_pb2\n"
            "sys.path.append(\"./sentencepiece/python/src/sentencepiece\")\nimport sentencepiece_model_pb2x as model\n\n"
            "tmp_dir = \"/tmp/mt5-small\"\nimport quux_madeup_kit\n",  # not right after the addition: judged
        # a folder no document clones, and one the tree holds: what they are said to hold stays judged
        "debug/tiny-scripts/other.py": "import sys\nsys.path.append('./vendored_thing/src')\nimport vendored_helperx\n",
        "debug/tiny-scripts/third.py": "import sys\nsys.path.append('./tools')\nimport tool_helpersx\n",
        "debug/tiny-scripts/tools/other.py": "",
    })
    got = verdicts(judged(tmp_path, {"transformers"}))
    assert got[("debug/tiny-scripts/make-tiny.py", "sentencepiece_model_pb2x")] == "allowed"
    assert got[("debug/tiny-scripts/make-tiny.py", "quux_madeup_kit")] == "missing"
    assert got[("debug/tiny-scripts/other.py", "vendored_helperx")] == "missing"
    assert got[("debug/tiny-scripts/third.py", "tool_helpersx")] == "missing"


def test_a_clone_in_a_document_of_another_branch_of_the_tree_excuses_nothing(tmp_path):
    # the document that clones must be in the script's folder or one above it: a page elsewhere says nothing of it
    write(tmp_path, {
        "docs/setup.md": "```\ngit clone https://github.com/google/sentencepiece\n```\n",
        "scripts/make-tiny.py": "import sys\nsys.path.append('./sentencepiece/python')\nimport sentencepiece_model_pb2x\n",
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("scripts/make-tiny.py", "sentencepiece_model_pb2x")] == "missing"


def test_a_popular_pypi_distribution_installed_from_a_mirror_index_excuses_no_import(tmp_path):
    # reviewer r27: `pip install torch torchvision --index-url https://download.pytorch.org/whl/cu121`, in countless ML
    # install scripts and Dockerfiles, made every undeclared import relating to torch a note (torch_geometric_utilz,
    # pytorch_lightning_boltz: invented, flagged at 440fb39). torch is PyPI's own, mirrored there with CUDA builds: what
    # it ships is known, and the install says nothing of other modules. flash-attn-3, on no PyPI list, still counts
    write(tmp_path, {
        "install.sh": "#!/bin/sh\npip install torch torchvision --index-url https://download.pytorch.org/whl/cu121\n"
                      "pip install --no-deps flash-attn-3 --index-url https://download.pytorch.org/whl/cu130\n",
        "train.py": "import torch\nimport torchvision\nimport torch_geometric_utilz\nimport pytorch_lightning_boltz\n"
                    "from flash_attn_interface import flash_attn_func\n",
    })
    got = verdicts(judged(tmp_path, {"torch", "torchvision"}))
    assert got[("train.py", "torch_geometric_utilz")] == "missing"
    assert got[("train.py", "pytorch_lightning_boltz")] == "missing"
    assert got[("train.py", "flash_attn_interface")] != "missing"


def test_a_direct_reference_to_a_popular_pypi_distribution_excuses_no_import(tmp_path):
    # reviewer r28: a requirements file's `torch @ https://download.pytorch.org/whl/…/torch-2.1.0…whl` (a CUDA build of
    # PyPI's torch) counted as a dependency that may ship any module, so every undeclared import relating to torch
    # was a note (invented torch_geometric_utilz, torchvision_extra_utilz), and a script's own PEP 723 block made
    # every import of it one. A direct reference to a distribution on no PyPI list (rtclient, set 176) still counts
    write(tmp_path, {
        "requirements.txt": "torch @ https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp311-cp311-linux_x86_64.whl\n"
                            "rtclient @ https://github.com/Azure-Samples/aoai-realtime-audio-sdk/releases/download/"
                            "py%2Fv0.5.3/rtclient-0.5.3-py3-none-any.whl\n",
        "app.py": "import torch\nimport torch_geometric_utilz\nimport torchvision_extra_utilz\nimport rtclient\n"
                  "import rtclient_helpers\n",
        "tools/run.py": '# /// script\n# dependencies = ["torch @ https://download.pytorch.org/whl/cu121/'
                        'torch-2.1.0%2Bcu121-cp311-cp311-linux_x86_64.whl"]\n# ///\nimport torch\nimport vision_magicz\n',
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("app.py", "torch_geometric_utilz")] == "missing"
    assert got[("app.py", "torchvision_extra_utilz")] == "missing"
    assert got[("tools/run.py", "vision_magicz")] == "missing"
    assert got[("app.py", "rtclient_helpers")] == "allowed"
    assert ("app.py", "torch") not in got and ("app.py", "rtclient") not in got


def test_course_autograder_modules_are_judged_as_the_distributions_that_install_them(tmp_path):
    # a probe of held-out set 201's category (teaching notebooks): Berkeley Data 8 style labs start with okpy's
    # `from client.api.notebook import Notebook` (okpy/ok-client's setup.py: name "okpy", packages "client.*"), Gofer
    # Grader's `from gofer.ok import check` (data-8/Gofer-Grader: name "gofer_grader") or Otter Grader's `import otter`
    # (ucbds-infra/otter-grader: name "otter-grader"); PyPI has no client or gofer, so the first two were false DG001s.
    # A bare `import client` and made-up neighbours keep their own guesses
    from tests.test_project_model import imports, notebook

    write(tmp_path, {
        "lab01/lab01.ipynb": notebook("from datascience import *\nfrom client.api.notebook import Notebook\n"
                                      "ok = Notebook('lab01.ok')", "import otter\ngrader = otter.Notebook('lab01.ipynb')"),
        "hw02/hw02.ipynb": notebook("from gofer.ok import check\ncheck('tests/q1.py')"),
        "other/uses.py": "import client\nimport goferx\nfrom client_api import x\n",
    })
    assert imports(tmp_path) == {
        ("lab01/lab01.ipynb", "datascience"), ("lab01/lab01.ipynb", "okpy"), ("lab01/lab01.ipynb", "otter-grader"),
        ("hw02/hw02.ipynb", "gofer-grader"),
        ("other/uses.py", "client"), ("other/uses.py", "goferx"), ("other/uses.py", "client-api")}


def test_the_modules_kaggles_notebook_image_adds_are_the_runtimes(tmp_path):
    # a probe of held-out set 201's category (Kaggle Learn and competition notebooks): Kaggle's image copies
    # kaggle_datasets.py, kaggle_session.py, kaggle_gcp.py and kaggle_web_client.py into its site-packages beside
    # kaggle_secrets.py (Kaggle/docker-python's Dockerfile, `ADD patches/…`); PyPI has none of them, so a TPU
    # notebook's `from kaggle_datasets import KaggleDatasets` was a false DG001. Made-up neighbours keep their guesses
    from tests.test_project_model import imports, notebook

    write(tmp_path, {
        "tpu.ipynb": notebook("from kaggle_datasets import KaggleDatasets\nfrom kaggle_secrets import UserSecretsClient\n"
                              "from kaggle_session import UserSessionClient\nimport kaggle_gcp\nimport kaggle_web_client\n"
                              "import kaggle_datasetsx\nimport kaggle_utils_madeup\n"),
    })
    assert imports(tmp_path) == {("tpu.ipynb", "kaggle-datasetsx"), ("tpu.ipynb", "kaggle-utils-madeup")}


def test_a_notebooks_pip_through_ipythons_sys_executable_is_an_install_command(tmp_path):
    # teaching notebooks (held-out set 201's category) install with the idiom IPython's docs and "Installing Python
    # Packages from a Jupyter Notebook" recommend, `!{sys.executable} -m pip install x`: IPython expands `{expr}` (and
    # `$name`) in a `!` line, so the shell runs the kernel's own python. The line was not read at all, so its names went
    # unjudged and the notebook's `import xgboost` was a guess; a Markdown lesson's ```python block shows the same line
    from depguard.model import Origin
    from tests.test_project_model import notebook, scan

    write(tmp_path, {
        "course.ipynb": notebook("import sys\n!{sys.executable} -m pip install xgboost invented-course-kit\n",
                                 '!"{sys.executable}" -m pip install -q tqdm\n!$sys.executable -m pip install rich\n',
                                 "import xgboost\n"),
        "lesson.md": "Install it from the notebook:\n\n```python\nimport sys\n!{sys.executable} -m pip install "
                     "invented-lesson-kit\n```\n",
    })
    out = scan(tmp_path)
    got = {(m.location.path, m.key.name, m.origin) for m in out.mentions}
    assert got == {("course.ipynb", "xgboost", Origin.COMMAND), ("course.ipynb", "invented-course-kit", Origin.COMMAND),
                   ("course.ipynb", "tqdm", Origin.COMMAND), ("course.ipynb", "rich", Origin.COMMAND),
                   ("course.ipynb", "xgboost", Origin.IMPORT), ("lesson.md", "invented-lesson-kit", Origin.COMMAND)}
    text = (tmp_path / "course.ipynb").read_text().splitlines()
    row = next(i for i, line in enumerate(text) if "invented-course-kit" in line)
    kit = next(m for m in out.mentions if m.key.name == "invented-course-kit")
    assert (kit.location.line, kit.location.column) == (row + 1, text[row].index("invented-course-kit") + 1)


def _notebook(*cells: str, metadata: dict | None = None) -> str:
    import json

    return json.dumps({"cells": [{"cell_type": "code", "metadata": metadata or {}, "source": c.splitlines(True),
                                  "outputs": [], "execution_count": None} for c in cells],
                       "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 2})


def test_a_graded_course_assignments_helper_modules_are_notes(tmp_path):
    # held-out spot set 215-2: bernardoduran95/deep-learning-coursera keeps DeepLearning.AI's "Logistic Regression
    # with a Neural Network mindset" notebook without lr_utils.py, which Coursera's workspace puts beside it; the
    # notebook's `from lr_utils import load_dataset` was flagged missing (DG001)
    imports = "import numpy as np\nimport h5py\nfrom lr_utils import load_dataset\nfrom testCases_v4a import *\n"
    graded = "# GRADED FUNCTION: sigmoid\n\ndef sigmoid(z):\n    ### START CODE HERE ### (≈ 1 line of code)\n" \
             "    import sigmoid_helperz\n    s = None\n    ### END CODE HERE ###\n    return s\n"
    nbgrader = {"nbgrader": {"cell_type": "code", "grade": False, "grade_id": "cell-1", "locked": False,
                             "solution": True}}
    write(tmp_path, {
        "Week 2/Logistic Regression.ipynb": _notebook(imports, graded),
        "hw3/assignment.ipynb": _notebook("import numpy as np\nfrom hw3_helpers import plot_digits\n",
                                          "# YOUR CODE HERE\nraise NotImplementedError()\n", metadata=nbgrader),
        "Week 2/lr_script.py": "# GRADED FUNCTION: sigmoid\nfrom lr_utils import load_dataset\n"
                               "### START CODE HERE ###\nimport script_helperz\n### END CODE HERE ###\n",
        # a Udacity project notebook (the Robotics Nanodegree's Follow-Me project imports the workspace's helper so)
        "follow-me/model_training.ipynb": _notebook('"""\nDON\'T MODIFY ANYTHING IN THIS CELL THAT IS BELOW THIS LINE\n"""\n'
                                                    "from workspace_utils import active_session\n"),
        # a notebook, or a script, with no grader's mark: its unexplained imports are judged as before
        "Week 3/analysis.ipynb": _notebook("import numpy as np\nfrom planar_utilz import plot\n"),
        "Week 3/helper.py": "# START CODE HERE\nfrom planar_utilz import plot\n",
    })
    got = verdicts(judged(tmp_path, {"numpy", "h5py"}))
    assert got[("Week 2/Logistic Regression.ipynb", "lr_utils")] == "allowed"
    assert got[("Week 2/Logistic Regression.ipynb", "testCases_v4a")] == "allowed"
    assert got[("Week 2/Logistic Regression.ipynb", "numpy")] == "ok"  # a name the registry has: judged as usual
    # what the student wrote between START and END CODE HERE is theirs, not the course's: judged as written
    assert got[("Week 2/Logistic Regression.ipynb", "sigmoid_helperz")] == "missing"
    assert got[("hw3/assignment.ipynb", "hw3_helpers")] == "allowed"
    assert got[("Week 2/lr_script.py", "lr_utils")] == "allowed"
    assert got[("Week 2/lr_script.py", "script_helperz")] == "missing"
    assert got[("follow-me/model_training.ipynb", "workspace_utils")] == "allowed"
    assert got[("Week 3/analysis.ipynb", "planar_utilz")] == "missing"
    assert got[("Week 3/helper.py", "planar_utilz")] == "missing"  # one `#` is no grader's ### START CODE HERE ###
