"""FastMCP server configuration (``fastmcp.json``, ``<name>.fastmcp.json``): ``environment.dependencies``, PEP 508
strings that ``fastmcp run`` hands to uv (``uv run --with x``), which installs them from PyPI, so they are install input
like a requirements file (held-out set 63: FastMCP's docs show such blocks on a dozen pages and its examples ship the
files; MCP servers built with FastMCP ship their own).

``environment.requirements`` names a requirements file and ``environment.project`` / ``editable`` local folders: no
registry names. A dependency taken from a URL (``x @ https://…``, ``git+https://…``) is not one either. Any other
``*.json`` names nothing here; a file whose ``environment`` is not uv's (a ``type`` other than ``uv``) is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json
from ._python import json_requirement_mentions

PARSER = "fastmcp-json"


def named(name: str) -> bool:
    """Whether a file of this name is a FastMCP configuration by its name."""
    return name == "fastmcp.json" or name.endswith(".fastmcp.json")


def _environment(text: str) -> dict[str, Any] | None:
    """The uv ``environment`` table of a configuration with dependencies, or None."""
    if '"dependencies"' not in text:
        return None
    data = load_json(text)  # not JSON: a ParseError, a read problem at its line
    env = data.get("environment") if isinstance(data, dict) else None
    if not isinstance(env, dict) or env.get("type", "uv") != "uv":
        return None
    return env


def requirements_of(source: Source) -> list[Any] | None:
    """The ``environment.dependencies`` list of a configuration, or None when it has none (or is no JSON)."""
    try:
        env = _environment(source.text)
    except ParseError:
        return None
    deps = env.get("dependencies") if env is not None else None
    return deps if isinstance(deps, list) else None


@file_format("fastmcp.json", ("fastmcp.json", "*.fastmcp.json"), ecosystem="pypi", kind="manifest",
             description="FastMCP server configuration: environment.dependencies (installed by uv from PyPI)")
def parse(source: Source) -> Iterator[Mention]:
    env = _environment(source.text)
    deps = env.get("dependencies") if env is not None else None
    if deps is None:
        return
    positions = json_key_positions(source.text)
    if not isinstance(deps, list):
        line, col = positions.get(("environment", "dependencies"), (None, None))
        source.problem("environment.dependencies is not a list", line, col)
        return
    yield from json_requirement_mentions(source, deps, positions, ("environment", "dependencies"), PARSER)
