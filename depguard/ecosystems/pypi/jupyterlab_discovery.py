"""A JupyterLab extension's companion packages: the ``jupyterlab.discovery`` table of its ``package.json``.

JupyterLab's docs (extension/extension_dev, "Companion packages"): ``"jupyterlab": {"discovery": {"server":
{"managers": ["pip", "conda"], "base": {"name": "nbdime"}}, "kernel": [{"kernel_spec": {"language": "^python"},
"base": {"name": "myipywidgetspackage"}, "managers": ["pip"]}]}}`` names the server extension and the kernel
package that the extension needs installed beside it; JupyterLab's extension manager tells its user to install that
name with each manager listed. With ``pip`` among them the name is a PyPI project (a ``conda`` name alone is
conda's, not read here), of origin ``manifest``. A companion named as the ``pyproject.toml`` beside the
``package.json`` names its own project is the Python package the extension ships in (a prebuilt extension's
server part, jupyterlab/extension-examples' server-extension): nothing to install beside it, not read. The npm reader of the same file (package_json) reads the npm
dependencies and never this table. Session 36 (h256) counted it in the mirrors here: nbdime's labextension and
JupyterLab's extension examples and templates.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention
from ...names import canonicalize_name
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json
from ._python import requirement_mention

PARSER = "jupyterlab-discovery"


@file_format(PARSER, ("package.json",), ecosystem="pypi", kind="manifest",
             description="a JupyterLab extension's companion server and kernel packages (package.json discovery)")
def parse(source: Source) -> Iterator[Mention]:
    if '"discovery"' not in source.text or '"jupyterlab"' not in source.text:
        return
    try:
        data = load_json(source.text)
    except ParseError:
        return  # the npm reader of package.json reports it
    jupyterlab = data.get("jupyterlab") if isinstance(data, dict) else None
    discovery = jupyterlab.get("discovery") if isinstance(jupyterlab, dict) else None
    if not isinstance(discovery, dict):
        return
    companions: list[tuple[tuple, object]] = [(("jupyterlab", "discovery", "server"), discovery.get("server"))]
    kernels = discovery.get("kernel")
    if isinstance(kernels, list):
        companions += [(("jupyterlab", "discovery", "kernel", i), k) for i, k in enumerate(kernels)]
    positions = json_key_positions(source.text)
    lines = source.text.splitlines()
    for path, companion in companions:
        if not isinstance(companion, dict):
            continue
        managers, base = companion.get("managers"), companion.get("base")
        name = base.get("name") if isinstance(base, dict) else None
        if not isinstance(name, str) or not isinstance(managers, list) or "pip" not in managers:
            continue
        line, col = positions.get((*path, "base", "name"), (None, None))
        mention = requirement_mention(source, lines, name, line, col, PARSER, ".".join(map(str, path)), own=_own(source))
        if mention is not None:
            yield mention


def _own(source: Source) -> str | None:
    """The normalised ``[project] name`` of the ``pyproject.toml`` beside ``source`` (read through the view), or None."""
    if source.fs_path is None:
        return None
    text = source.files.read_text(os.path.join(os.path.abspath(source.fs_path.parent), "pyproject.toml"), limit=1 << 20)
    if not text or "[project]" not in text:
        return None
    from ...compat import tomllib

    try:
        name = tomllib.loads(text).get("project", {}).get("name")
    except (tomllib.TOMLDecodeError, AttributeError):
        return None
    return canonicalize_name(name) if isinstance(name, str) else None
