"""PDF and document processing (held-out set 111: Docling, pypdf, PyMuPDF and others): a module named after an
extra the notebook installs is that distribution's; an invented module beside it is still judged as its own name."""

from __future__ import annotations

import json

from depguard.model import Origin
from tests.trees import found, write


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
    # the three installed transforms are the distribution's; an invented one and a transform the notebook does not
    # install stay judged as their own names
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "data-prep-toolkit-transforms", "dpk-magic-cleaner", "dpk-pdf2parquet"}


def test_an_extra_of_a_distribution_the_file_does_not_install_explains_nothing(tmp_path):
    write(tmp_path, {"nb.ipynb": _notebook("# see data-prep-toolkit-transforms[doc_chunk] in the docs\n",
                                           "from dpk_doc_chunk import DocChunk\n")})
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {"dpk-doc-chunk"}
