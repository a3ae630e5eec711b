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
