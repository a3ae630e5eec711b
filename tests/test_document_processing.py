"""PDF and document processing (held-out set 111: Docling, pypdf, PyMuPDF and others): a module named after an
extra the notebook's own install line installs is not checked (the tree cannot show the extra ships it); an invented
module beside it, and one named after an extra only a comment mentions, are still judged as their own names."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import scan, write


def _notebook(*cells: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "source": c.splitlines(keepends=True),
                                  "outputs": [], "execution_count": None} for c in cells],
                       "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def test_a_module_named_after_an_extra_the_notebook_installs(tmp_path):
    # docling's docs/examples/dpk-ingest-chunk-tokenize.ipynb: IBM's Data Prep Kit ships each transform as a module
    # dpk_<transform>, installed by the extra of that name
    write(tmp_path, {"docs/examples/dpk.ipynb": _notebook(
        '%pip install "data-prep-toolkit-transforms[docling2parquet,doc_chunk,tokenization]"\n%pip install pandas\n',
        "from dpk_docling2parquet import Docling2Parquet\n",
        "from dpk_doc_chunk import DocChunk\nfrom dpk_tokenization import Tokenization\n",
        "from dpk_magic_cleaner import Cleaner\nfrom dpk_pdf2parquet import Pdf2Parquet\n")})
    mentions = {m.key.name: m.example for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    # the three installed transforms are not checked, under their own names; an invented one and a transform the
    # notebook does not install stay judged; none passes as the distribution (r23)
    assert {n for n, ex in mentions.items() if ex is not None and ex.unchecked} == {
        "dpk-docling2parquet", "dpk-doc-chunk", "dpk-tokenization"}
    assert mentions["dpk-magic-cleaner"] is None and mentions["dpk-pdf2parquet"] is None
    assert "data-prep-toolkit-transforms" not in mentions


def test_an_extra_of_a_distribution_the_file_does_not_install_explains_nothing(tmp_path):
    # r23: installed without the extra, the extra named only in a comment, and a prefix on another extra's name
    write(tmp_path, {"nb.ipynb": _notebook("%pip install data-prep-toolkit-transforms\n"
                                           "# later: data-prep-toolkit-transforms[doc_chunk]\n",
                                           "from dpk_doc_chunk import DocChunk\n"),
                     "docs.ipynb": _notebook('%pip install "unstructured[docx,pptx]"\n',
                                             "import py_docxz_extra\nimport py_docx\n")})
    found_ = {m.key.name: m.example for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    assert found_["dpk-doc-chunk"] is None and found_["py-docxz-extra"] is None
    # r23's t11: `import py_docx` after installing unstructured[docx] is not checked, never passed as unstructured
    assert found_["py-docx"] is not None and found_["py-docx"].unchecked
    assert set(found_) == {"dpk-doc-chunk", "py-docxz-extra", "py-docx"}


def test_a_module_named_after_an_extra_the_project_manifest_declares(tmp_path):
    # Flagsmith's api/pyproject.toml (held-out set 232) declares "flagsmith-common[common-core,flagsmith-schemas,
    # task-processor]>=3.13.1,<4", whose extras ship the packages task_processor and flagsmith_schemas the API imports
    write(tmp_path, {
        "api/pyproject.toml": '[project]\nname = "api"\nversion = "0"\ndependencies = [\n'
                              '    "flagsmith-common[common-core,flagsmith-schemas,task-processor]>=3.13.1,<4",\n'
                              '    "requests",\n]\n',
        "api/audit/tasks.py": "from task_processor.decorators import register_task_handler\n"
                              "import task_processr\nimport requests\n",
        # an extra of a dependency this folder's manifests do not declare explains nothing
        "tools/pyproject.toml": '[project]\nname = "tools"\nversion = "0"\ndependencies = ["requests"]\n',
        "tools/run.py": "import task_processor\n",
        # nor does one only a comment of the manifest names
        "web/requirements.txt": "requests\n# later: requests[socks_proxy]\n",
        "web/app.py": "import socks_proxy\n"})
    found = {(m.location.path.rpartition("/")[0].rpartition("/")[2], m.key.name): m.example
             for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    # the module named after a declared extra is not checked (never passed as flagsmith-common); an invented
    # neighbour and the same import where no manifest declares the extra stay judged as their own names
    assert found[("audit", "task-processor")] is not None and found[("audit", "task-processor")].unchecked
    assert "flagsmith-common" in found[("audit", "task-processor")].reason
    assert found[("audit", "task-processr")] is None
    assert found[("tools", "task-processor")] is None
    assert found[("web", "socks-proxy")] is None


def test_a_module_named_after_an_extra_of_a_poetry_or_pipenv_table(tmp_path):
    # the same requirement as Flagsmith's, written the way Poetry and Pipenv write a dependency's extras: a list
    write(tmp_path, {
        "api/pyproject.toml": '[tool.poetry]\nname = "api"\nversion = "0"\n\n[tool.poetry.dependencies]\n'
                              'python = "^3.11"\nflagsmith-common = {version = "^3.13", extras = ["task-processor"]}\n'
                              '\n[tool.poetry.group.dev.dependencies]\nrequests = {version = "*", extras = ["security"]}\n',
        "api/tasks.py": "import task_processor\nimport task_processr\nimport socks_proxy\n",
        "web/Pipfile": '[packages]\nflagsmith-common = {version = "*", extras = ["task-processor"]}\n',
        "web/app.py": "import task_processor\n"})
    found = {(m.location.path.rpartition("/")[0].rpartition("/")[2], m.key.name): m.example
             for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    assert found[("api", "task-processor")] is not None and found[("api", "task-processor")].unchecked
    assert found[("web", "task-processor")] is not None and found[("web", "task-processor")].unchecked
    # an invented neighbour, and a module named after no extra the tables list, stay judged
    assert found[("api", "task-processr")] is None and found[("api", "socks-proxy")] is None


def test_a_module_named_after_a_declared_extra_passes_on_its_own_name_when_pypi_has_it(tmp_path):
    # pipecat-ai/pipecat-examples' speculative-user-aggregator/bot.py (held-out set 259) imports openai beside a manifest
    # declaring pipecat-ai[openai]: PyPI has openai, so the import passes as any undeclared import of an established
    # name does (it was not checked, exit 3); a module named after an extra that PyPI lacks (or doubts) stays not
    # checked, and none passes as pipecat-ai
    from depguard.config import Settings
    from depguard.model import Existence, RegistryAnswer
    from depguard.scan import judge_all

    write(tmp_path, {"requirements.txt": "pipecat-ai[openai,silero_extra]\n",
                     "bot.py": "from openai import AsyncOpenAI\nimport silero_extra\n"})
    collected = scan(tmp_path)
    answers = {k: RegistryAnswer(k, Existence.EXISTS if k.name in ("openai", "pipecat-ai") else Existence.MISSING,
                                 "stand-in") for k in {m.key for m in collected.mentions}}
    rep = judge_all(collected, answers, Settings())
    got = {(f.mention.key.name, f.mention.origin): f.verdict.value for f in rep.findings}
    assert got[("openai", Origin.IMPORT)] == "ok"
    assert got[("silero-extra", Origin.IMPORT)] == "not-checked"
    assert ("pipecat-ai", Origin.IMPORT) not in got
