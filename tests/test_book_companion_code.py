"""Programming books' companion code (held-out set 258: O'Reilly's, No Starch's and Packt's repositories of chapter
notebooks and scripts): a chapter imports a library by a module name its distribution does not carry (Packt's
Generative AI with LangChain imports ``skllm``, scikit-llm's module), which the import map gives to its distribution,
or a module file one of the chapter's notebooks downloads beside the others; a made-up module beside them is still
judged by its own name."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import found, write


def notebook(*cells: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "source": c.splitlines(keepends=True)} for c in cells],
                       "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def test_modules_named_otherwise_than_their_distribution_are_the_distributions(tmp_path):
    # benman1/generative_ai_with_langchain chapter8/fine_tuning.ipynb: `from skllm.models.gpt import GPTClassifier`
    # (scikit-llm's README: `pip install scikit-llm`, then `from skllm.config import SKLLMConfig`); Django 4 By Example's
    # educa project lists 'embed_video' in INSTALLED_APPS (Chapter15/educa/educa/settings.py:42) beside
    # django-embed-video==1.4.4 (django-embed-video's README: `pip install django-embed-video`, then
    # `from embed_video.fields import EmbedVideoField`); a file of it without that requirements file beside it
    write(tmp_path, {
        "chapter8/fine_tuning.py": "from skllm.models.gpt import GPTClassifier\nimport skllm_helpers_x\n",
        "educa/courses/models.py": "from embed_video.fields import EmbedVideoField\nfrom embed_videos_x import y\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("chapter8/fine_tuning.py", "scikit-llm"), ("chapter8/fine_tuning.py", "skllm-helpers-x"),
        ("educa/courses/models.py", "django-embed-video"), ("educa/courses/models.py", "embed-videos-x"),
    }


def test_a_module_file_a_notebook_beside_downloads_is_the_folders(tmp_path):
    # PracticalDL/Practical-Deep-Learning-Book code/chapter-8/optical-character-recognition/: the first notebook runs
    # `!wget -nc https://raw.githubusercontent.com/bgshih/coco-text/master/coco_text.py` and imports coco_text; the
    # fourth, beside it, imports coco_text too (the chapter's README: "This file is being imported in various
    # notebooks"). A script beside that saves x.py with urlretrieve does the same. A made-up import beside them, the
    # same import in another folder, and a download of a data file or to another name excuse nothing
    write(tmp_path, {
        "ocr/1-get-ids.ipynb": notebook("!wget -nc https://raw.githubusercontent.com/bgshih/coco-text/master/coco_text.py\n"
                                        "!wget -q https://example.org/data/cocotext.v2.json\nimport coco_text\n"),
        "ocr/4-compile.ipynb": notebook("import coco_text\nimport cocotext_v2\nimport coco_textx\n"),
        "ocr/fetch.py": "from urllib.request import urlretrieve\nurlretrieve('https://example.org/ocr_eval.py', 'ocr_eval.py')\n",
        "ocr/5-results.ipynb": notebook("import ocr_eval\n"),
        "other/nb.ipynb": notebook("import coco_text\n"),
        "renamed/get.ipynb": notebook("!wget -O helpers_v2.py https://example.org/helpers.py\n"),
        "renamed/use.ipynb": notebook("import helpers\nimport helpers_v2\n"),
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("ocr/4-compile.ipynb", "cocotext-v2"), ("ocr/4-compile.ipynb", "coco-textx"),
        ("other/nb.ipynb", "coco-text"), ("renamed/use.ipynb", "helpers"),
    }


def test_a_module_file_a_notebooks_cell_beside_writes_is_the_folders(tmp_path):
    # a chapter's first notebook writes its helpers with a cell magic (`%%writefile chapter_helpers.py`), and the next
    # notebooks beside it import them (a probe of held-out set 258's category, after the downloaded coco_text.py). A
    # file written into another folder, a made-up import, and the same import in another chapter are still judged
    write(tmp_path, {
        "ch1/01-write.ipynb": notebook("%%writefile chapter_helpers.py\ndef build():\n    pass\n",
                                       "%%writefile ./train_loop.py\nx = 1\n", "%%writefile data/cfg_mod.py\ny = 2\n"),
        "ch1/02-use.ipynb": notebook("import chapter_helpers\nimport train_loop\nimport cfg_mod\nimport chapter_helperz_x\n"),
        "ch2/use.ipynb": notebook("import chapter_helpers\n"),
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("ch1/02-use.ipynb", "cfg-mod"), ("ch1/02-use.ipynb", "chapter-helperz-x"), ("ch2/use.ipynb", "chapter-helpers"),
    }
