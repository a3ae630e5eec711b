"""Gradle version catalogs (``gradle/libs.versions.toml``, and any ``*.versions.toml`` a settings script imports
with ``from(files("deps.versions.toml"))``): the ``[libraries]`` table, in every notation (``"g:a:v"``,
``{ module = "g:a" }``, ``{ group = "g", name = "a" }``), with ``version.ref`` resolved from ``[versions]``, and the
``[plugins]`` table: a plugin given a version (``"id:v"``, ``{ id = "x", version.ref = "v" }``) is resolved from the
plugin repositories as its marker artifact ``x:x.gradle.plugin``, so that is the name; one without a version is
already on the build's classpath (a ``build-logic`` convention plug-in, a core plugin) and names nothing to download.
``[bundles]`` only group libraries.
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


@file_format("libs.versions.toml", ("*.versions.toml",), ecosystem="maven", kind="manifest",
             description="Gradle version catalogs: [libraries], [plugins] with a version")
def parse(source: Source) -> Iterator[Mention]:
    from .gradle_build import mark_included_builds
    from .repositories import mark_other_repositories

    yield from mark_other_repositories(source, mark_included_builds(source, _parse(source)))


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
        yield _mention(source, lines, line, group, f"{group}:{artifact}", None, version, f"catalog alias {alias}")
    yield from _plugins(source, data.get("plugins", {}), lines, versions)


def _mention(source: Source, lines: TomlLines, line: int, shown: str, written: str, name: str | None,
             version: str | None, note: str) -> Mention:
    raw = lines.lines[line - 1] if 0 < line <= len(lines.lines) else ""
    idx = raw.find(shown)
    return source.mention("maven", written, line, idx + 1 if idx >= 0 else None, Origin.MANIFEST, PARSER, spec=version,
                          name=name, note=note)


def _plugins(source: Source, plugins: Any, lines: TomlLines, versions: dict[str, Any]) -> Iterator[Mention]:
    """``[plugins]`` given a version, each as the plugin marker Gradle resolves: ``id:id.gradle.plugin`` (unless the
    build's settings script maps the plugin to a module of its own choosing)."""
    from .gradle_build import is_mapped, mapped_plugins

    if not isinstance(plugins, dict):
        source.problem("[plugins] is not a table")
        return
    mapped: tuple[str, ...] | None = None
    for alias, value in plugins.items():
        line = lines.line(("plugins", alias)) or 1
        if isinstance(value, str):
            plugin, _, version = (part.strip() for part in value.partition(":"))
            given = version or None
        elif isinstance(value, dict) and isinstance(value.get("id"), str):
            plugin = value["id"].strip()
            given = _version(value.get("version"), versions)
            if given is None and "version.ref" in value:
                given = _version({"ref": value["version.ref"]}, versions)
            if given is None and ("version" in value or "version.ref" in value):
                given = ""  # a version Gradle has and this reader could not resolve: still downloaded
        else:
            source.problem(f"plugin {alias} has no id", line)
            continue
        if given is None or not plugin:
            continue  # no version: a plugin already on the build's classpath, nothing is downloaded for it
        if mapped is None:
            mapped = mapped_plugins(source)
        if is_mapped(plugin, mapped):
            continue
        # written as the plugin id the line shows; the name is the marker artifact Gradle downloads
        yield _mention(source, lines, line, plugin, plugin, f"{plugin}:{plugin}.gradle.plugin", given or None,
                       f"catalog plugin alias {alias}")
