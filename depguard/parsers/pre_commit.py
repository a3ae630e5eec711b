"""``.pre-commit-config.yaml``: each hook's ``additional_dependencies``, which pre-commit installs into the
hook's environment: from PyPI for ``python`` hooks, from npm for ``node`` hooks.

A hook's language is written in the hook repository's own ``.pre-commit-hooks.yaml``, which is not here; the
config may repeat it (``language:``, always given for ``repo: local``). When it does not, the list's own
syntax decides: an npm descriptor (``eslint@8``, ``@scope/name``) makes it npm's, otherwise PEP 508 strings
are PyPI's. Languages other than python and node (ruby, golang, rust, …) are not read. The ``repo:`` URLs
are repositories, not package names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..ecosystems.npm._npm_specs import split_descriptor
from ..ecosystems.pypi._python import name_column, requirement_mention
from ..model import Mention, Origin
from . import Source, file_format
from ._lines_js import Keyed, Placed, document_mapping, load_yaml_positions

PARSER = "pre-commit"
PYTHON = {"python", "python_venv"}
NODE = {"node"}
_NPM_DESCRIPTOR = re.compile(r"^(@[\w.\-]+/[\w.\-]+|[\w.\-]+@[^\s@]+)$")  # '@scope/name[@x]' or 'name@range'


def _ecosystem(hook: dict[str, Any], deps: list[Any]) -> str | None:
    language = hook.get("language")
    if isinstance(language, str):
        return "pypi" if language in PYTHON else "npm" if language in NODE else None
    if any(isinstance(d, str) and (d.startswith("@") or _NPM_DESCRIPTOR.match(d.strip())) for d in deps):
        return "npm"
    return "pypi"


def _hooks(data: Keyed) -> Iterator[Keyed]:
    repos = data.get("repos")
    for repo in repos if isinstance(repos, list) else []:
        hooks = repo.get("hooks") if isinstance(repo, dict) else None
        for hook in hooks if isinstance(hooks, list) else []:
            if isinstance(hook, Keyed):
                yield hook


@file_format("pre-commit", (".pre-commit-config.yaml", ".pre-commit-config.yml"), ecosystem=None, kind="manifest",
             description="pre-commit hooks' additional_dependencies (PyPI for python hooks, npm for node hooks)")
def parse(source: Source) -> Iterator[Mention]:
    data, index = load_yaml_positions(source.text)
    data = document_mapping(data, ".pre-commit-config.yaml")
    lines = source.text.splitlines()
    for hook in _hooks(data):
        deps = hook.get("additional_dependencies")
        if not isinstance(deps, Placed):
            continue
        ecosystem = _ecosystem(hook, deps)
        for item, offset in zip(deps, deps.where):
            if ecosystem is None or not isinstance(item, str) or not item.strip():
                continue
            line, col = index.line_col(offset)
            if ecosystem == "pypi":
                mention = requirement_mention(source, lines, item.strip(), line, col, PARSER, "additional_dependencies")
                if mention is not None:
                    yield mention
                continue
            name, spec = split_descriptor(item.strip())
            if spec.startswith(("file:", "git", "http:", "https:", "link:", "github:")) or "/" in name and not name.startswith("@"):
                continue  # not a registry package
            yield source.mention("npm", name, line, name_column(lines, line, name, col), Origin.MANIFEST, PARSER,
                                 spec=item.strip())
