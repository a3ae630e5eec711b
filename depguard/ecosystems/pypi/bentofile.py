"""BentoML's build file (``bentofile.yaml``): ``python.packages``, the PEP 508 requirements that ``bentoml build``
locks and the Bento's image pip-installs (BentoML's build options). They are install input like a requirements file:

    service: "service:svc"
    python:
      packages:
        - scikit-learn
        - pandas>=2.0
      index_url: https://pypi.org/simple

``python.requirements_txt`` names a requirements file (read under its own format), and URL, VCS and local path
entries name no registry package. A ``python.index_url`` other than PyPI's (or ``no_index: true``) replaces PyPI, as
pip's ``--index-url`` does in a requirements file: the names are then not checked unless PyPI has them; an
``extra_index_url`` alone adds to PyPI, and a name PyPI lacks is still judged.
"""

from __future__ import annotations

from ...parsers import file_format
from ...parsers._util import KeyLines, load_mapping
from ._python import from_other_index, other_index_url, yaml_requirement_mentions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

PARSER = "bentofile"


@file_format(PARSER, ("bentofile.yaml", "bentofile.yml"), ecosystem="pypi", kind="manifest",
             description="BentoML's bentofile.yaml: python.packages (installed into the Bento)")
def parse(source: Source) -> Iterator[Mention]:
    data = load_mapping(source.text, "bentofile.yaml")
    if data is None:
        return
    python = data.get("python")
    if not isinstance(python, dict) or python.get("packages") is None:
        return
    lines = KeyLines(source.text)
    lines.find("python", quoted=False)
    line, col = lines.find("packages", quoted=False)
    reqs = python["packages"]
    if not isinstance(reqs, list):
        source.problem("python.packages is not a list", line, col)
        return
    only = index_only(python)
    for m in yaml_requirement_mentions(source, reqs, lines, PARSER, "python.packages"):
        yield m if only is None else from_other_index(m, only, ok_passes=True)


def index_only(python: dict) -> str | None:
    """Where the Bento's pip takes the packages from when the build options replace PyPI (an ``index_url`` of another
    index, or ``no_index``); None when PyPI is asked (an ``extra_index_url`` alone adds to PyPI)."""
    if python.get("no_index") is True:
        return "bentoml installs it from local files (python.no_index) only"
    url = other_index_url(python.get("index_url"))
    return f"bentoml installs it from {url} (python.index_url) only" if url is not None else None
