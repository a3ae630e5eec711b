"""MLflow's Python environment file (``python_env.yaml``): the ``build_dependencies`` and ``dependencies`` that MLflow
pip-installs into the virtual environment it creates to run a project (an ``MLproject``'s ``python_env:`` names the
file) or to serve a logged model (written beside its ``MLmodel``, as ``mlflow models serve --env-manager virtualenv``
restores it). They are install input like a requirements file:

    python: "3.10"
    build_dependencies:
      - pip
    dependencies:
      - mlflow==2.9.2
      - -r requirements.txt

pip's options (``-r requirements.txt``, ``-c constraints.txt``: a file read under its own format) and URL, VCS and local
path entries name no registry package. MLflow's ``conda.yaml`` is a conda environment, read as one.
"""

from __future__ import annotations

from ...errors import ParseError
from ...parsers import file_format
from ...parsers._util import KeyLines, load_yaml
from ._python import yaml_requirement_mentions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

PARSER = "mlflow-python-env"
KEYS = ("build_dependencies", "dependencies")


@file_format(PARSER, ("python_env.yaml", "python_env.yml"), ecosystem="pypi", kind="manifest",
             description="MLflow's python_env.yaml: build_dependencies and dependencies (pip-installed by MLflow)")
def parse(source: Source) -> Iterator[Mention]:
    data = load_yaml(source.text)
    if data is None:
        return
    if not isinstance(data, dict):
        raise ParseError("python_env.yaml is not a mapping", 1)
    lines = KeyLines(source.text)
    for key in KEYS:
        reqs = data.get(key)
        if reqs is None:
            continue
        line, col = lines.find(key, quoted=False, reset=True)
        if not isinstance(reqs, list):
            source.problem(f"{key} is not a list", line, col)
            continue
        yield from yaml_requirement_mentions(source, reqs, lines, PARSER, key)
