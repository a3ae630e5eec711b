"""LangGraph's application configuration (``langgraph.json``): its ``dependencies``, which ``langgraph build``/``up``/
``dev`` and LangGraph Platform's deployment pip-install into the application's image: PyPI requirements
(``"langchain-anthropic>=1.5.4,<2.0.0"``), local packages (``"."``, ``"./my_agent"``, ``"../libs/x"``) and VCS URLs
(``"git+https://…"``). Only the requirements name registry packages; like a requirements file beside it, they
declare for its folder (the graphs it serves import them). Its ``dockerfile_lines`` are instructions added to that
image's Dockerfile: a ``RUN`` line's commands are read as a Dockerfile's are.

A JavaScript application's configuration (``node_version``, or graphs that are only ``.ts``/``.js`` files) lists
the folders of its package.json files, not PyPI names, and is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json
from ._python import requirement_mention

PARSER = "langgraph.json"
NAME = "langgraph.json"
# a local package: a path (``.``, ``./agent``, ``../libs/x``, ``/abs``, ``~/x``, ``libs/agent``), not a requirement
LOCAL = re.compile(r"\s*(?:[.~/\\]|[^\s:@]*[/\\])")
JS_GRAPH = re.compile(r"\.(?:[cm]?[jt]sx?)(?::|$)")
RUN = re.compile(r"(?i)\s*RUN\s+")


def _config(text: str) -> dict[str, Any] | None:
    """The configuration of a Python application with dependencies, or None (a ParseError when not JSON)."""
    if '"dependencies"' not in text:
        return None
    data = load_json(text)
    if not isinstance(data, dict) or "node_version" in data:
        return None
    graphs = data.get("graphs")
    paths = [g.get("path") if isinstance(g, dict) else g for g in graphs.values()] if isinstance(graphs, dict) else []
    if paths and all(isinstance(p, str) and JS_GRAPH.search(p) for p in paths):
        return None
    return data


def requirements_of(source: Source) -> list[Any] | None:
    """The requirements of the configuration's ``dependencies`` (local packages left out), or None when it has none
    (or is no JSON, or a JavaScript application's)."""
    try:
        data = _config(source.text)
    except ParseError:
        return None
    deps = data.get("dependencies") if data is not None else None
    return [d for d in deps if not (isinstance(d, str) and LOCAL.match(d))] if isinstance(deps, list) else None


@file_format("langgraph.json", ("langgraph.json",), ecosystem="pypi", kind="manifest",
             description="LangGraph application configuration: dependencies (pip-installed into its image)")
def parse(source: Source) -> Iterator[Mention]:
    data = _config(source.text)
    if data is None:
        return
    positions = json_key_positions(source.text)
    deps = data.get("dependencies")
    if not isinstance(deps, list):
        line, col = positions.get(("dependencies",), (None, None))
        source.problem("dependencies is not a list", line, col)
        return
    lines = source.text.splitlines()
    for index, dep in enumerate(deps):
        line, col = positions.get(("dependencies", index), (None, None))
        if not isinstance(dep, str):
            source.problem(f"dependencies[{index}] is not a string", line, col)
        elif not LOCAL.match(dep) and "://" not in dep:  # a local package or a URL: no registry name
            mention = requirement_mention(source, lines, dep, line, col, PARSER, f"dependencies[{index}]")
            if mention is not None:
                yield mention
    yield from _dockerfile_lines(source, data.get("dockerfile_lines"), positions)


def _dockerfile_lines(source: Source, lines: object, positions: dict) -> Iterator[Mention]:
    """The commands of the ``RUN`` instructions among ``dockerfile_lines``, each at its place in the file."""
    if not isinstance(lines, list):
        return
    from ...commands import mentions_in_script

    for index, line in enumerate(lines):
        run = RUN.match(line) if isinstance(line, str) and "\\" not in line else None
        at = positions.get(("dockerfile_lines", index))
        if run is None or at is None:
            continue
        row, col = at  # the first character inside the quotes, 1-based
        yield from mentions_in_script(source.placed(line[run.end():], row, col - 1 + run.end()),
                                      parser=PARSER)
