"""``pyproject.toml``: PEP 621 ``dependencies`` and ``optional-dependencies``, PEP 735 ``dependency-groups``,
``build-system.requires``, and Poetry's ``tool.poetry`` dependencies, dev-dependencies and groups.

References to the project itself (``myproj[test]`` in its own extras) and Poetry entries with ``path``,
``git`` or ``url`` are not registry names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from packaging.utils import canonicalize_name

from ..errors import ParseError
from ..model import Mention, Origin
from . import Source, file_format
from ._util import KeyLines, load_toml
from .pep508 import split_requirement

PARSER = "pyproject"
NON_REGISTRY_KEYS = ("path", "git", "url", "file")


def _pep508_list(source: Source, lines: KeyLines, values: Any, where: str, own: str | None) -> Iterator[Mention]:
    if not isinstance(values, list):
        source.problem(f"{where} should be a list of requirement strings")
        return
    for item in values:
        if isinstance(item, dict):  # PEP 735 {include-group = "..."}
            continue
        if not isinstance(item, str):
            source.problem(f"{where}: {item!r} is not a requirement string")
            continue
        line, col = lines.find(item)
        try:
            parsed = split_requirement(item)
        except ValueError as exc:
            source.problem(f"{where}: cannot parse {item!r}: {exc}", line)
            continue
        if parsed is None:
            continue
        name, spec = parsed
        if own and canonicalize_name(name) == own:
            continue
        if line is not None:
            idx = lines.lines[line - 1].find(name, (col or 1) - 1)
            col = idx + 1 if idx >= 0 else col
        yield source.mention("pypi", name, line or 1, col, Origin.MANIFEST, PARSER, spec=spec)


def _poetry_table(source: Source, lines: KeyLines, table: Any, where: str, own: str | None) -> Iterator[Mention]:
    if not isinstance(table, dict):
        return
    for name, value in table.items():
        if name.lower() == "python":
            continue
        if isinstance(value, dict) and any(k in value for k in NON_REGISTRY_KEYS):
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) and any(k in v for k in NON_REGISTRY_KEYS) for v in value):
            continue
        if own and canonicalize_name(name) == own:
            continue
        line, col = lines.find(name, quoted=False)
        spec = value if isinstance(value, str) else (value.get("version") if isinstance(value, dict) else None)
        yield source.mention("pypi", name, line or 1, col, Origin.MANIFEST, PARSER, spec=spec if isinstance(spec, str) else None)


@file_format("pyproject", ("pyproject.toml",), ecosystem="pypi", kind="manifest",
             description="PEP 621, PEP 735 and Poetry dependencies in pyproject.toml")
def parse(source: Source) -> Iterator[Mention]:
    data = load_toml(source.text)
    lines = KeyLines(source.text)
    project = data.get("project", {})
    if not isinstance(project, dict):
        raise ParseError("[project] is not a table")
    poetry = data.get("tool", {}).get("poetry", {}) if isinstance(data.get("tool"), dict) else {}
    own_name = project.get("name") or (poetry.get("name") if isinstance(poetry, dict) else None)
    own = canonicalize_name(own_name) if isinstance(own_name, str) else None

    build = data.get("build-system", {})
    if isinstance(build, dict) and "requires" in build:
        yield from _pep508_list(source, lines, build["requires"], "build-system.requires", own)
    if "dependencies" in project:
        yield from _pep508_list(source, lines, project["dependencies"], "project.dependencies", own)
    optional = project.get("optional-dependencies", {})
    if isinstance(optional, dict):
        for extra, reqs in optional.items():
            yield from _pep508_list(source, lines, reqs, f"project.optional-dependencies.{extra}", own)
    groups = data.get("dependency-groups", {})
    if isinstance(groups, dict):
        for group, reqs in groups.items():
            yield from _pep508_list(source, lines, reqs, f"dependency-groups.{group}", own)
    if isinstance(poetry, dict):
        for table in ("dependencies", "dev-dependencies"):
            yield from _poetry_table(source, lines, poetry.get(table), f"tool.poetry.{table}", own)
        for group, body in (poetry.get("group") or {}).items():
            if isinstance(body, dict):
                yield from _poetry_table(source, lines, body.get("dependencies"), f"tool.poetry.group.{group}.dependencies", own)
