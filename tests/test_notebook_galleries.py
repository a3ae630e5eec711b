"""Notebook-heavy repositories (held-out set 95: huggingface/notebooks, roboflow/notebooks, unslothai/notebooks,
jeffheaton/t81_558_deep_learning and others): a quoted ``pip install 'git+…'`` cell installs from that URL, a
``-r FILE`` in the prose names no distribution, a clone whose folder the notebook puts on ``sys.path`` provides the
imports after it, a Hub repository downloaded into a folder provides the import of that folder's name, and prose that
installs from a URL excuses the imports related to it. Beside each, an invented import without that evidence stays
judged."""

from __future__ import annotations

import json
import time

from tests.trees import judged, verdicts, write


def _notebook(cells: list[str], markdown: dict[int, str] | None = None) -> str:
    """A notebook of code cells, with markdown cells inserted before the given code cell indexes."""
    out = []
    for i, code in enumerate(cells):
        if markdown and i in markdown:
            out.append({"cell_type": "markdown", "metadata": {}, "source": markdown[i].splitlines(True)})
        out.append({"cell_type": "code", "metadata": {}, "source": code.splitlines(True), "outputs": [],
                    "execution_count": None})
    return json.dumps({"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def test_a_quoted_url_install_cell_provides_the_notebook_s_imports(tmp_path):
    # roboflow/notebooks' train-detectron2-segmentation-on-custom-data.ipynb: `!python -m pip install
    # 'git+https://github.com/facebookresearch/detectron2.git'`, then `import torch, detectron2` (PyPI has no
    # detectron2): the quoted argument is the URL install. The same import with a quoted PyPI name stays judged
    write(tmp_path, {
        "notebooks/detectron2.ipynb": _notebook([
            "!python -m pip install 'git+https://github.com/facebookresearch/detectron2.git'",
            "import torch, detectron2\nfrom detectron2.config import get_cfg"]),
        "notebooks/other.ipynb": _notebook(["!python -m pip install 'torch'", "import torch\nimport detectron2"]),
        # the install ends at a shell separator: the download after it is no install
        "notebooks/weights.ipynb": _notebook(["!pip install \"torch\" ; wget https://example.com/weights.zip",
                                              "import made_up_weights"]),
    })
    assert verdicts(judged(tmp_path, {"torch"})) == {
        ("notebooks/detectron2.ipynb", "torch"): "ok",
        ("notebooks/detectron2.ipynb", "detectron2"): "allowed",
        ("notebooks/other.ipynb", "torch"): "ok",
        ("notebooks/other.ipynb", "detectron2"): "missing",
        ("notebooks/weights.ipynb", "torch"): "ok",
        ("notebooks/weights.ipynb", "made_up_weights"): "missing",
    }


def test_a_requirements_file_in_the_prose_s_install_is_no_distribution(tmp_path):
    # huggingface/notebooks' diffusers_doc/en/text_inversion.ipynb: its prose says `pip install -U -r
    # requirements_flax.txt`; `from flax.jax_utils import replicate` was read as the declared
    # "requirements-flax-txt" (missing). The import is flax's; a named distribution in the same prose still counts
    write(tmp_path, {
        "diffusers_doc/en/text_inversion.ipynb": _notebook(
            ["import jax\nfrom flax.jax_utils import replicate"],
            markdown={0: "Install the Flax dependencies:\n\n```bash\npip install -U -r requirements_flax.txt\n```\n"}),
        "diffusers_doc/en/hinted.ipynb": _notebook(
            ["import wikipediaapi"], markdown={0: "```bash\npip install -U wikipedia-api\n```\n"}),
    })
    rep = judged(tmp_path, {"jax", "flax"})
    assert {f.mention.key.name for f in rep.findings} == {"jax", "flax", "wikipedia-api"}
    assert verdicts(rep)[("diffusers_doc/en/text_inversion.ipynb", "flax")] == "ok"
    assert verdicts(rep)[("diffusers_doc/en/hinted.ipynb", "wikipediaapi")] == "missing"  # judged as the hint's name


def test_imports_after_a_clone_s_folder_is_put_on_sys_path_are_the_checkout_s(tmp_path):
    # t81_558's StyleGAN lesson: `!git clone https://github.com/NVlabs/stylegan3.git`, later `sys.path.insert(0,
    # "/content/stylegan3")` and `import dnnlib`; unsloth's Spark-TTS: `sys.path.append('Spark-TTS')` then `from
    # sparktts…`; its OpenEnv notebook: `%cd OpenEnv`, `sys.path.insert(0, './envs')`, two cells later `from
    # textarena_env import TextArenaEnv`. Before the addition, without one, or with another folder added: judged
    write(tmp_path, {
        "gan.ipynb": _notebook(["!git clone https://github.com/NVlabs/stylegan3.git\n!pip install ninja",
                                "import made_up_before",
                                "import sys\nsys.path.insert(0, \"/content/stylegan3\")\nimport numpy as np\nimport dnnlib",
                                "with dnnlib.util.open_url(URL) as f:\n    import legacy_pickles"]),
        "tts.ipynb": _notebook(["!git clone https://github.com/SparkAudio/Spark-TTS",
                                "import sys\nsys.path.append('Spark-TTS')\nfrom sparktts.models.audio_tokenizer import X"]),
        "env.ipynb": _notebook(["!git clone https://github.com/meta-pytorch/OpenEnv.git > /dev/null 2>&1\n%cd OpenEnv\n"
                                "import sys\nsys.path.insert(0, './envs')", "print(1)",
                                "from textarena_env import TextArenaEnv"]),
        "no_path.ipynb": _notebook(["!git clone https://github.com/NVlabs/stylegan3.git", "import dnnlib"]),
        # (a relative folder: an absolute one outside the tree makes the imports after it notes, as in a Python file,
        # since ea53a4ab)
        "other_folder.ipynb": _notebook(["!git clone https://github.com/NVlabs/stylegan3.git",
                                         "import sys\nsys.path.insert(0, 'helpers')\nimport dnnlib"]),
        "no_clone.ipynb": _notebook(["import sys\nsys.path.append('Spark-TTS')\nfrom sparktts.models import X"]),
    })
    assert verdicts(judged(tmp_path, {"numpy", "ninja"})) == {
        ("gan.ipynb", "ninja"): "ok",
        ("gan.ipynb", "made_up_before"): "missing",
        ("gan.ipynb", "numpy"): "ok",
        ("gan.ipynb", "dnnlib"): "allowed",
        ("gan.ipynb", "legacy_pickles"): "allowed",
        ("tts.ipynb", "sparktts"): "allowed",
        ("env.ipynb", "textarena_env"): "allowed",
        ("no_path.ipynb", "dnnlib"): "missing",
        ("other_folder.ipynb", "dnnlib"): "missing",
        ("no_clone.ipynb", "sparktts"): "missing",
    }


def test_a_script_that_clones_and_adds_the_clone_to_sys_path(tmp_path):
    # the same in a Python script: `os.system("git clone …")` then `sys.path.append("stylegan3")`
    write(tmp_path, {
        "tools/gen.py": "import os, sys\nos.system('git clone https://github.com/NVlabs/stylegan3.git')\n"
                        "sys.path.append('stylegan3')\nimport dnnlib\n",
        "tools/plain.py": "import os, sys\nsys.path.append('stylegan3')\nimport dnnlib\n",
    })
    assert verdicts(judged(tmp_path, set())) == {
        ("tools/gen.py", "dnnlib"): "allowed",
        ("tools/plain.py", "dnnlib"): "missing",
    }


def test_the_readers_of_clones_take_time_linear_in_the_file():
    # r23 finding 7 (/tmp/r23/t7): a script of 4,000 `os.system("git clone …")` lines took 55 s, a search per clone to
    # the end of the text (a pattern compiled per clone's folder, triple quotes counted from the start); 16,000
    # clones (900 KB) would take many minutes. One pass each now, looked up by folder and position
    from depguard.ecosystems.pypi.project import checkout_imports, checkout_path_imports, cloned_installs

    n = 16_000
    clones = "".join(f'os.system("git clone https://github.com/acme/repo{i}")\n' for i in range(n))
    text = "import os, sys\n" + clones + 'sys.path.append("x")\nimport foo\n'
    chdirs = "import os, sys\n" + "".join(f'os.system("git clone https://github.com/acme/repo{i}")\nos.chdir("repo{i}")\n'
                                          f'p{i} = "lib"\nsys.path.append(p{i})\nimport mod{i}\n' for i in range(n // 4))
    shell = "".join(f"git clone https://github.com/acme/repo{i}\ncd repo{i} && pip install .\n" for i in range(n))
    began = time.process_time()
    assert checkout_path_imports(text) == () and checkout_imports(text) == ()
    first = "https://github.com/acme/repo0"
    assert dict(checkout_path_imports(chdirs)) == {f"mod{i}": first for i in range(n // 4)}
    assert dict(checkout_imports(chdirs)) == {f"mod{i}": first for i in range(n // 4)}
    assert len(cloned_installs(shell)) == n
    assert time.process_time() - began < 20  # ~0.5 s; the search per clone took minutes
    # what each clone's own addition covers still counts from the first clone that covers an import
    two = ("import os, sys\nos.system('git clone https://github.com/acme/a')\nsys.path.append('a')\nimport a_mod\n"
           "os.system('git clone https://github.com/acme/b')\nsys.path.append('b')\nimport b_mod\n"
           "os.system('git clone https://github.com/acme/c')\nimport c_mod\n")
    assert checkout_path_imports(two) == (("a_mod", "https://github.com/acme/a"), ("b_mod", "https://github.com/acme/a"),
                                          ("c_mod", "https://github.com/acme/a"))


def test_a_clone_the_file_does_not_run_or_a_registered_look_alike_after_it_stays_judged(tmp_path):
    # r22 finding 1: a setup note in a docstring ("git clone https://github.com/acme/toolkit") is no clone the file
    # runs, so its sys.path addition of "toolkit" explains nothing; after a clone it does run
    # (subprocess.run([...])), a name no registry has is a note but a registered look-alike (reqeusts) stays judged
    write(tmp_path, {
        "app/main.py": '"""Service entry point.\n\nSetup (once, beside this file):\n\n'
                       '    git clone https://github.com/acme/toolkit\n"""\nimport os\nimport sys\n\n'
                       'HERE = os.path.dirname(os.path.abspath(__file__))\n'
                       'sys.path.append(os.path.join(HERE, "toolkit"))\n\nimport reqeusts\nimport flask_sqlalchemy_helperz\n',
        "setup_env.py": 'import subprocess\nimport sys\n\n'
                        'subprocess.run(["git", "clone", "https://github.com/acme/toolkit.git"], check=True)\n'
                        'sys.path.insert(0, "toolkit")\n\nfrom toolkit_core import helpers\n\n\ndef main():\n'
                        '    import reqeusts\n    import fastapi_authz_helperz\n    return helpers, reqeusts\n',
        "commented.py": "import os, sys\n# os.system('git clone https://github.com/NVlabs/stylegan3.git')\n"
                        "sys.path.append('stylegan3')\nimport dnnlib\n",
        # (the clone's folder as a relative path: an absolute one outside the tree makes the imports after it notes,
        # as in a Python file, since ea53a4ab)
        "nb/prose.ipynb": _notebook(['"""Run once: git clone https://github.com/NVlabs/stylegan3.git"""',
                                    "import sys\nsys.path.insert(0, 'stylegan3')\nimport dnnlib"]),
        "nb/bash.ipynb": _notebook(["%%bash\ngit clone https://github.com/NVlabs/stylegan3.git",
                                    "import sys\nsys.path.insert(0, '/content/stylegan3')\nimport dnnlib"]),
        # r22: a clone in a print() inside `def run(`: neither call runs it
        "tool.py": ('import sys\n\n\ndef run(args):\n    print("Setup first: git clone https://github.com/acme/toolkit")\n'
                    '    sys.path.append("toolkit")\n    import fastapi_toolkit_helperz\n    return fastapi_toolkit_helperz\n'),
        # r23 finding 6 (/tmp/r23/t6): a parenthesis in a string of an earlier, closed runner call opens nothing; a
        # clone in a string argument of a call that runs it, after a ")" in a string, still runs
        "tools/report.py": ('import os\nimport subprocess\nimport sys\n\nHERE = os.path.dirname(os.path.abspath(__file__))\n'
                            'subprocess.run(["notify-send", "report starting :("])\n'
                            'print("Setup first, beside this file: git clone https://github.com/acme/toolkit")\n'
                            'sys.path.append(os.path.join(HERE, "toolkit"))\nimport fastapi_authz_helperz\n'),
        "tools/fetch.py": ('import os, sys\nos.system("echo :) && git clone https://github.com/acme/toolkit")  # (\n'
                           'sys.path.append("toolkit")\nimport toolkit_fetch_helperz\n'),
        # the code walked starts after a long string open at the window's start (unsloth's marimo notebooks: a
        # mo.md(r"""…""") cell of prose, apostrophes in it, then the cell that clones)
        "tools/studio.py": ('import subprocess, sys\nmo.md(r"""\n' + "It's how it's done.\n" * 200 + '""")\n'
                            'subprocess.run(\n    ["git", "clone", "https://github.com/acme/toolkit.git"],\n)\n'
                            'sys.path.insert(0, "toolkit")\nimport toolkit_studio_helperz\n'),
    })
    found = verdicts(judged(tmp_path, {"reqeusts"}))
    assert found == {
        ("app/main.py", "reqeusts"): "suspicious",
        ("app/main.py", "flask_sqlalchemy_helperz"): "missing",
        ("setup_env.py", "toolkit_core"): "allowed",
        ("setup_env.py", "reqeusts"): "suspicious",
        ("setup_env.py", "fastapi_authz_helperz"): "allowed",
        ("commented.py", "dnnlib"): "missing",
        ("nb/prose.ipynb", "dnnlib"): "missing",
        ("nb/bash.ipynb", "dnnlib"): "allowed",
        ("tool.py", "fastapi_toolkit_helperz"): "missing",
        ("tools/report.py", "fastapi_authz_helperz"): "missing",
        ("tools/fetch.py", "toolkit_fetch_helperz"): "allowed",
        ("tools/studio.py", "toolkit_studio_helperz"): "allowed",
    }


STUDIO = """import marimo
app = marimo.App()


@app.cell
def _(pathlib, subprocess):
    if not pathlib.Path("unsloth").exists():
        subprocess.run(
            [
                "git",
                "clone",
                "--depth",
                "1",
                "--branch",
                "main",
                "https://github.com/unslothai/unsloth.git",
            ],
            check=True,
        )
    repo = pathlib.Path("FOLDER").resolve()
    return (repo,)


@app.cell
def _(repo, sys):
    sys.path.insert(0, str((repo / "studio" / "backend").resolve()))
    import main as _m
"""


def test_a_clone_by_a_python_call_whose_folder_a_bound_path_puts_on_sys_path(tmp_path):
    # unsloth's molab/Unsloth_Studio.py (a marimo notebook): `subprocess.run(["git", "clone", …,
    # "https://github.com/unslothai/unsloth.git"])`, `repo = pathlib.Path("unsloth").resolve()`, then
    # `sys.path.insert(0, str((repo / "studio" / "backend").resolve()))` and `import main`. The same with `repo`
    # bound to another folder than the clone's: the import stays judged
    write(tmp_path, {"molab/Unsloth_Studio.py": STUDIO.replace("FOLDER", "unsloth"),
                     "molab/Other.py": STUDIO.replace("FOLDER", "vendor")})
    assert verdicts(judged(tmp_path, {"marimo"})) == {
        ("molab/Unsloth_Studio.py", "marimo"): "ok",
        ("molab/Unsloth_Studio.py", "main"): "allowed",
        ("molab/Other.py", "marimo"): "ok",
        ("molab/Other.py", "main"): "missing",
    }


def test_an_import_of_the_folder_a_hub_repository_is_downloaded_into(tmp_path):
    # unsloth's Deepseek_OCR_2_(3B).ipynb: `snapshot_download("unsloth/DeepSeek-OCR-2", local_dir =
    # "deepseek_ocr2")`, then `from deepseek_ocr2.modeling_deepseekocr2 import (…)`: the model's own code, in the
    # folder the notebook made. Another name, or a folder made otherwise, stays judged
    write(tmp_path, {
        "nb/ocr.ipynb": _notebook([
            "from huggingface_hub import snapshot_download\n"
            "snapshot_download(\"unsloth/DeepSeek-OCR-2\", local_dir = \"deepseek_ocr2\")",
            "from deepseek_ocr2.modeling_deepseekocr2 import format_messages\nimport deepseek_ocr3"]),
        "nb/cli.ipynb": _notebook(["!huggingface-cli download org/model --local-dir model_code",
                                   "from model_code import modeling"]),
        "nb/made.ipynb": _notebook(["import os\nos.makedirs('deepseek_ocr2', exist_ok=True)",
                                    "from deepseek_ocr2 import modeling"]),
    })
    assert verdicts(judged(tmp_path, {"huggingface-hub"})) == {
        ("nb/ocr.ipynb", "huggingface_hub"): "ok",
        ("nb/ocr.ipynb", "deepseek_ocr3"): "missing",
        ("nb/made.ipynb", "deepseek_ocr2"): "missing",
    }


def test_prose_that_installs_from_a_url_excuses_the_imports_related_to_it(tmp_path):
    # huggingface/notebooks' examples/patch_tst.ipynb: its markdown says "pip install
    # git+https://github.com/IBM/tsfm.git", and the code imports tsfm_public (PyPI's tsfm is another project; IBM
    # publishes the module as granite-tsfm, which the import map now knows: judged as that, it exists). The same
    # shape with a module no map row names (forecastkit_core from acme/forecastkit) is excused by the prose; an
    # unrelated invented import of the same notebook stays judged
    write(tmp_path, {
        "examples/patch_tst.ipynb": _notebook(
            ["from tsfm_public.toolkit.dataset import ForecastDFDataset\nimport made_up_forecaster"],
            markdown={0: "1. Clone the public IBM Time Series Foundation Model Repository.\n"
                         "    pip install git+https://github.com/IBM/tsfm.git\n"}),
        "examples/forecastkit.ipynb": _notebook(
            ["from forecastkit_core.dataset import ForecastDFDataset\nimport made_up_forecaster"],
            markdown={0: "1. Clone the public Forecastkit repository.\n"
                         "    pip install git+https://github.com/acme/forecastkit.git\n"}),
    })
    assert verdicts(judged(tmp_path, {"granite-tsfm"})) == {
        ("examples/patch_tst.ipynb", "tsfm_public"): "ok",
        ("examples/patch_tst.ipynb", "made_up_forecaster"): "missing",
        ("examples/forecastkit.ipynb", "forecastkit_core"): "allowed",
        ("examples/forecastkit.ipynb", "made_up_forecaster"): "missing",
    }
