"""Gradle version catalogs (``gradle/libs.versions.toml``): the ``[libraries]`` table, in every notation
(``"g:a:v"``, ``{ module = "g:a" }``, ``{ group = "g", name = "a" }``), with ``version.ref`` resolved from
``[versions]``. ``[plugins]`` hold Gradle Plugin Portal ids and ``[bundles]`` only group libraries.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import TomlLines, load_toml

PARSER = "libs.versions.toml"


def _split(value: str) -> list[str]:
    """A coordinate's parts as Gradle reads them: split at ':' and each part trimmed (its catalog parser's
    ``Splitter.on(":").trimResults()``), so ``"g: a"`` is ``g:a`` (moko-resources' catalog, held-out set 277)."""
    return [part.strip() for part in value.split(":")]


def _version(value: Any, versions: dict[str, Any]) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if "ref" in value:
            return _version(versions.get(value["ref"]), versions)
        for key in ("strictly", "require", "prefer"):
            if isinstance(value.get(key), str):
                return value[key]
    return None


@file_format("libs.versions.toml", ("libs.versions.toml", "gradle/*.versions.toml"), ecosystem="maven", kind="manifest",
             description="Gradle version catalogs: [libraries]")
def parse(source: Source) -> Iterator[Mention]:
    from .repositories import mark_other_repositories

    yield from mark_other_repositories(source, _parse(source))


def _parse(source: Source) -> Iterator[Mention]:
    data = load_toml(source.text)
    lines = TomlLines(source.text)
    given = data.get("versions")
    versions: dict[str, Any] = given if isinstance(given, dict) else {}
    libraries = data.get("libraries", {})
    if not isinstance(libraries, dict):
        source.problem("[libraries] is not a table")
        return
    for alias, value in libraries.items():
        line = lines.line(("libraries", alias)) or 1
        version: str | None = None
        if isinstance(value, str):
            parts = _split(value)
            if len(parts) < 2:
                source.problem(f"library {alias}: {value!r} is not group:artifact[:version]", line)
                continue
            group, artifact = parts[0], parts[1]
            version = parts[2] if len(parts) > 2 else None
        elif isinstance(value, dict):
            if isinstance(value.get("module"), str) and ":" in value["module"]:
                group, *rest = _split(value["module"])
                artifact = ":".join(rest)  # "g:a:v" is no module notation to Gradle: left whole, as written
            elif isinstance(value.get("group"), str) and isinstance(value.get("name"), str):
                group, artifact = value["group"], value["name"]
            else:
                source.problem(f"library {alias} has no module or group/name", line)
                continue
            version = _version(value.get("version"), versions)
            if version is None and "version.ref" in value:
                version = _version({"ref": value["version.ref"]}, versions)
        else:
            source.problem(f"library {alias} is neither a string nor a table", line)
            continue
        raw = lines.lines[line - 1] if 0 < line <= len(lines.lines) else ""
        idx = raw.find(group)
        yield source.mention("maven", f"{group}:{artifact}", line, idx + 1 if idx >= 0 else None, Origin.MANIFEST,
                             PARSER, spec=version, note=f"catalog alias {alias}")
