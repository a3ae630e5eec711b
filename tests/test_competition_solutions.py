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
