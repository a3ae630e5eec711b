"""Home Assistant integration manifests (``custom_components/<domain>/manifest.json``, and core's
``homeassistant/components/<domain>/manifest.json``): the ``requirements`` list, PEP 508 strings that Home
Assistant installs with pip from PyPI when it loads the integration (HACS installs custom integrations the same
way), so they are install input like a requirements file.

Other tools name a file ``manifest.json`` too (web app and browser extension manifests, Obsidian plugins,
Chrome's): a file is read as an integration manifest only when it is a JSON object whose ``domain`` is the name
of the folder holding it (Home Assistant loads an integration from the folder named after its domain) and whose
``requirements`` is a list. ``dependencies`` and ``after_dependencies`` name other Home Assistant integrations,
not packages. A requirement taken from a URL (``git+https://…``, ``x @ https://…``) is not a registry name.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json
from ._python import json_requirement_mentions

PARSER = "hass-manifest"
NAME = "manifest.json"


def integration_manifest(source: Source) -> bool:
    """Whether the text can be an integration manifest: cheap checks before any JSON is parsed (every
    ``manifest.json`` of a tree reaches this parser)."""
    return '"requirements"' in source.text and '"domain"' in source.text


def requirements_of(source: Source) -> list[Any] | None:
    """The ``requirements`` list of an integration manifest, or None when the file is not one."""
    if not integration_manifest(source):
        return None
    try:
        data = load_json(source.text)
    except ParseError:
        return None  # not JSON: another tool's manifest.json (a JSON-with-comments web manifest), not Home Assistant's
    folder = posixpath.basename(posixpath.dirname(source.path.replace("\\", "/")))
    if not isinstance(data, dict) or data.get("domain") != folder or not folder:
        return None
    reqs = data.get("requirements")
    return reqs if isinstance(reqs, list) else None


@file_format("hass-manifest", (NAME,), ecosystem="pypi", kind="manifest",
             description="Home Assistant integration manifest.json: requirements (pip-installed by Home Assistant)")
def parse(source: Source) -> Iterator[Mention]:
    reqs = requirements_of(source)
    if reqs is None:
        return
    positions = json_key_positions(source.text)
    yield from json_requirement_mentions(source, reqs, positions, ("requirements",), PARSER)
