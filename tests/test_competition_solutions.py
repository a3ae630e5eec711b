"""Competition solutions and personal solution collections (held-out set 225: Kaggle winning solutions, Advent of
Code and LeetCode collections): a script that puts a literal folder of its author's machine on ``sys.path`` and
imports a package of that folder's own name; an invented import beside it is still judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

# RSNA 2023 abdominal trauma's 1st-place solution, rough_codes/5_coat_lite_medium_bs2_lr9e5_seed7.py:143-144, 811
ROUGH = ("import sys\nsys.path.append('../')\nsys.path.append('../src_inference1')\n\nimport numpy as np\n\n"
         + "x = 1\n" * 40
         + "from src_inference1.coat import CoaT, coat_lite_medium\nfrom src_inference1.layers import *\n"
         "from src_inference2x.coat import CoaT\nimport coat_helpersx\n")


def test_a_package_named_by_a_folder_the_script_puts_on_sys_path_is_a_note(tmp_path):
    write(tmp_path, {
        "requirements.txt": "numpy\n",
        "rough_codes/train.py": ROUGH,
        # an absolute folder of the author's machine, the same way
        "rough_codes/infer.py": "import sys\nsys.path.append('/home/me/rsna/src_contrailsx')\nx = 1\n\n"
                                "import src_contrailsx.coat\n",
        # the tree holds the folder put on sys.path: what it does not hold stays judged
        "scripts/run.py": "import sys\nsys.path.append('../tools')\nx = 1\nimport tools\nimport toolsx\n",
        "tools/other.py": "",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("rough_codes/train.py", "src_inference1")] == "allowed"
    assert got[("rough_codes/infer.py", "src_contrailsx")] == "allowed"
    # not the name of the folder put on sys.path: judged
    assert got[("rough_codes/train.py", "src_inference2x")] == "missing"
    assert got[("rough_codes/train.py", "coat_helpersx")] == "missing"
    assert got[("scripts/run.py", "toolsx")] == "missing"


def test_a_registered_look_alike_named_by_such_a_folder_stays_judged(tmp_path):
    write(tmp_path, {
        "requirements.txt": "numpy\n",
        "train.py": "import sys\nsys.path.append('../reqeusts')\nx = 1\nimport reqeusts\n",
    })
    got = verdicts(judged(tmp_path, {"numpy", "requests", "reqeusts"}))
    assert got[("train.py", "reqeusts")] != "allowed"


def test_a_notebook_imports_its_sibling_notebooks_after_importing_a_notebook_importer(tmp_path):
    # personal learning notebooks split into several: import-ipynb's README, `import import_ipynb` then `import
    # other_notebook` loads other_notebook.ipynb from the same folder (nbimporter does the same)
    from tests.test_project_model import notebook

    write(tmp_path, {
        "requirements.txt": "numpy\nimport-ipynb\n",
        "nb/analysis.ipynb": notebook("import import_ipynb\nimport feature_engx\nimport dgx_invented_nbx\n"),
        "nb/feature_engx.ipynb": notebook("import numpy as np\n"),
        "nb/train.py": "import nbimporter\nfrom feature_engx import make\n",
        # no importer: a notebook beside is no module
        "other/plain.ipynb": notebook("import feature_engx\n"),
        "other/feature_engx.ipynb": notebook("x = 1\n"),
    })
    got = verdicts(judged(tmp_path, {"numpy", "import-ipynb", "nbimporter"}))
    assert ("nb/analysis.ipynb", "feature_engx") not in got
    assert ("nb/train.py", "feature_engx") not in got
    assert got[("nb/analysis.ipynb", "dgx_invented_nbx")] == "missing"
    assert got[("other/plain.ipynb", "feature_engx")] == "missing"


def test_a_notebook_reads_folders_it_puts_on_sys_path_as_a_script_does(tmp_path):
    # the rough_codes shape in a notebook
    from tests.test_project_model import notebook

    write(tmp_path, {
        "requirements.txt": "numpy\n",
        "nb/exp.ipynb": notebook("import sys\nsys.path.append('../src_inference1')\n",
                                 "import numpy as np\nx = 1\n",
                                 "from src_inference1.coat import CoaT\nimport dgx_invented_nby\n"),
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("nb/exp.ipynb", "src_inference1")] == "allowed"
    assert got[("nb/exp.ipynb", "dgx_invented_nby")] == "missing"


def test_a_kaggle_code_competitions_api_module_is_the_competitions(tmp_path):
    # Kaggle's time-series API (Jane Street 2020, Optiver 2023 ...): `env = optiver2023.make_env()`, then
    # `for (test, revealed_targets, sample_prediction) in env.iter_test():`; since 2024 the competition's published
    # files hold kaggle_evaluation (`import kaggle_evaluation.mitsui_inference_server`)
    from tests.test_project_model import notebook

    write(tmp_path, {
        "requirements.txt": "numpy\n",
        "infer.py": "import optiver2023x\nimport dgx_invented_apix\nenv = optiver2023x.make_env()\n"
                    "for (test, sample) in env.iter_test():\n    pass\n",
        "submit.ipynb": notebook("import kaggle_evaluation.mitsui_inference_server\nimport janestreetx\n",
                                 "env = janestreetx.make_env()\niter_test = env.iter_test()\n"),
        # make_env without iter_test (a gym-like environment of its own): judged
        "rl.py": "import dgx_gym_envx\nenv = dgx_gym_envx.make_env('CartPole')\n",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("infer.py", "optiver2023x")] == "allowed"
    assert got[("submit.ipynb", "janestreetx")] == "allowed"
    assert got[("submit.ipynb", "kaggle_evaluation")] == "allowed"
    assert got[("infer.py", "dgx_invented_apix")] == "missing"
    assert got[("rl.py", "dgx_gym_envx")] == "missing"


def test_torchvisions_optional_image_backend_in_a_copied_loader_is_a_note(tmp_path):
    # Landmark 2019's cirtorch/datasets/datahelpers.py (heldout225-spot2), as torchvision's datasets/folder.py:
    # `def accimage_loader(path): import accimage`, called when `get_image_backend() == 'accimage'`; accimage is
    # installed from conda, PyPI has no such name
    loader = ("from PIL import Image\n\ndef accimage_loaderx(path):\n    import accimagex\n    import dgx_invented_imgx\n"
              "    return accimagex.Image(path)\n\ndef default_loader(path):\n"
              "    from torchvision import get_image_backend\n    if get_image_backend() == 'accimagex':\n"
              "        return accimage_loaderx(path)\n    return Image.open(path)\n")
    write(tmp_path, {
        "requirements.txt": "pillow\ntorchvision\n",
        "data/helpers.py": loader,
        # the same import without the backend switch: judged
        "data/other.py": "def load(path):\n    import accimagex\n    return accimagex.Image(path)\n",
    })
    got = verdicts(judged(tmp_path, {"pillow", "torchvision"}))
    assert got[("data/helpers.py", "accimagex")] == "allowed"
    assert got[("data/helpers.py", "dgx_invented_imgx")] == "missing"
    assert got[("data/other.py", "accimagex")] == "missing"


def test_code_an_offline_kaggle_notebook_copies_into_its_working_folder_is_its_own(tmp_path):
    # an offline Kaggle inference notebook copies a dataset's code beside itself, then imports it
    from tests.test_project_model import notebook

    write(tmp_path, {
        "requirements.txt": "numpy\n",
        "infer.ipynb": notebook("!cp ../input/my-utils/kaggle_utilsx.py .\n!cp -r /kaggle/input/ranger-opt/rangerx ./\n"
                                "!cp -r ../input/other-lib/otherx /tmp/libs/\nimport shutil\n"
                                "shutil.copytree('/kaggle/input/mylibx/mylibx', './mylibx')\n",
                                "import kaggle_utilsx\nfrom rangerx import Ranger\nimport mylibx\nimport otherx\n"
                                "import dgx_invented_cpx\n"),
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    for name in ("kaggle_utilsx", "rangerx", "mylibx"):
        assert ("infer.ipynb", name) not in got
    # copied elsewhere than the working folder, or never copied: judged
    assert got[("infer.ipynb", "otherx")] == "missing"
    assert got[("infer.ipynb", "dgx_invented_cpx")] == "missing"
