"""Unity package manifests: a ``package.json`` that Unity's Package Manager reads, not npm.

A Unity package (UPM) declares itself in a ``package.json`` with npm's field names plus Unity's own: its ``name`` in
reverse domain notation (``com.coplaydev.unity-mcp``, ``jp.keijiro.lasp``) and ``unity``, the lowest Unity version it
supports (``"2021.3"``), both required by Unity's package manifest reference (docs.unity3d.com/Manual/
upm-manifestPkg.html). Its ``dependencies`` are Unity packages: the Package Manager fetches each from Unity's
registry (packages.unity.com: ``com.unity.burst``, ``com.unity.modules.physics``, ``com.unity.nuget.newtonsoft-json``)
unless the Unity project's ``Packages/manifest.json`` maps the name's scope to another registry in its
``scopedRegistries`` (docs.unity3d.com/Manual/upm-scoped.html; OpenUPM's ``package.openupm.com``, or npm itself:
keijiro's ``jp.keijiro`` scope at ``registry.npmjs.com``). npm never serves the Unity registry's names, so npm's 404
said nothing about them (CoplayDev/unity-mcp's nine ``com.unity.*`` dependencies and keijiro/Lasp's
``com.unity.burst`` were DG001).

So a dependency of such a manifest is reported **not checked** (DG100, with the registry it comes from), never a pass,
unless the project manifest above it maps its scope to the public npm registry (or a mirror of it): such a name is
fetched from npm and judged on npm as any other. Only a ``package.json`` with both of Unity's marks is read so: an
npm package's manifest (an npm name has no reverse domain form of two dots) is judged as before.
"""

from __future__ import annotations

import json
import os

from ... import lazyre
from ...errors import ParseError
from ...model import Example, Mention, Origin
from ...parsers import file_format
from ...parsers._lines_js import Keyed, load_json_positions
from ...records import replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from ...parsers import Source

# Unity's version field: "2019.4", "2021.3", "6000.0" (the major and minor release, UPM's ``unity`` field)
UNITY_VERSION = lazyre.compile(r"\d{4}\.\d{1,2}")
# UPM's package name: reverse domain notation, lowercase, at least three dot-separated parts (com.company.package)
UPM_NAME = lazyre.compile(r"[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9][a-z0-9_-]*){2,}")
UNITY_REGISTRY = "Unity's registry (packages.unity.com)"
PROJECT_MANIFEST = "Packages/manifest.json"
# Every Unity project's manifest lists Unity's built-in modules (``com.unity.modules.physics`` …): the mark that a
# ``Packages/manifest.json`` that is not valid JSON is a broken Unity manifest rather than another tool's file.
UNITY_MODULE = '"com.unity.'
PARSER = "unity-manifest"


def unity_manifest(data: dict[str, Any]) -> bool:
    """Whether a ``package.json``'s fields are a Unity package manifest's: a ``unity`` version and a reverse-domain
    ``name``."""
    unity, name = data.get("unity"), data.get("name")
    return (isinstance(unity, str) and UNITY_VERSION.fullmatch(unity.strip()) is not None
            and isinstance(name, str) and UPM_NAME.fullmatch(name) is not None)


def project_scopes(text: str) -> dict[str, str]:
    """scope -> registry URL of a Unity project manifest's ``scopedRegistries`` (empty when it has none)."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    registries = data.get("scopedRegistries") if isinstance(data, dict) else None
    out: dict[str, str] = {}
    for entry in registries if isinstance(registries, list) else ():
        url = entry.get("url") if isinstance(entry, dict) else None
        scopes = entry.get("scopes") if isinstance(entry, dict) else None
        if isinstance(url, str) and isinstance(scopes, list):
            for scope in scopes:
                if isinstance(scope, str) and scope:
                    out.setdefault(scope.lower(), url)
    return out


def _project_manifest(source: Source) -> tuple[dict[str, str], str] | None:
    """The scoped registries of the Unity project the package belongs to (the ``manifest.json`` of the nearest
    folder above named ``Packages``, where a project embeds its packages) and that file, relative to the scan root;
    None when the package is in no such project."""
    from ...imports import ancestors, read_related

    for folder in ancestors(source)[1:]:
        if folder.name != "Packages":
            continue
        path = folder / "manifest.json"
        scopes = read_related(source, path, project_scopes)
        if scopes is not None:
            return scopes, _shown(source, str(path))
    return None


def _shown(source: Source, path: str) -> str:
    """``path`` as a reason shows it: relative to the scan root when it lies below it."""
    if source.root is not None and os.path.isabs(path):
        rel = os.path.relpath(path, source.root)
        if not rel.startswith(".."):
            path = rel
    return path.replace(os.sep, "/")


def _scope_of(name: str, scopes: dict[str, str]) -> str | None:
    """The most specific scope matching ``name`` (a scope matches its own name and the names below it)."""
    best = None
    for scope in scopes:
        if (name == scope or name.startswith(scope + ".")) and (best is None or len(scope) > len(best)):
            best = scope
    return best


class UnityDependencies:
    """How the dependencies of one Unity package manifest are judged (its project's scoped registries read once)."""

    def __init__(self, source: Source, project: tuple[dict[str, str], str] | None = None) -> None:
        self.project = project if project is not None else _project_manifest(source)

    def example(self, name: str) -> Example | None:
        """None when ``name`` is fetched from the public npm registry (judged as usual), else why it is not
        checked."""
        from ._npm_specs import public_registry

        scopes, where = self.project if self.project is not None else ({}, "")
        scope = _scope_of(name.lower(), scopes)
        if scope is not None:
            url = scopes[scope]
            if public_registry(url):
                return None
            from .scoped_registries import shown_url

            why = (f"a Unity package: its scope {scope} is fetched from {shown_url(url)} ({where}'s scopedRegistries), "
                   "a registry depguard does not ask")
        else:
            why = (f"a Unity package: Unity's Package Manager fetches it from {UNITY_REGISTRY} or a registry the "
                   "Unity project maps its scope to, not from npm, and depguard does not ask those")
        return Example(why, any_verdict=True, setting=None, unchecked=True)


@file_format("unity-manifest", (PROJECT_MANIFEST,), ecosystem="npm", kind="manifest",
             description="Unity project manifest (Packages/manifest.json): dependencies, judged by its scopedRegistries")
def parse(source: Source) -> Iterator[Mention]:
    """The registry dependencies of a Unity project's ``Packages/manifest.json``: a name whose scope its
    ``scopedRegistries`` maps to npm is judged on npm; every other is not checked (Unity's registry, OpenUPM …). A git
    URL or a ``file:`` path is no registry name. A manifest that is not valid JSON yet names Unity's packages is a
    parse problem, never a quiet pass."""
    if '"dependencies"' not in source.text:
        return
    from .package_json import registry_target

    try:
        data, index = load_json_positions(source.text, jsonc=True)
    except ParseError:
        if UNITY_MODULE in source.text:
            raise  # a Unity project's manifest that Unity itself would refuse: its names are not checked, never passed
        return  # not JSON: another tool's manifest.json
    deps = data.get("dependencies") if isinstance(data, dict) else None
    if not isinstance(deps, dict) or not all(isinstance(v, str) for v in deps.values()):
        return
    where = _shown(source, str(source.fs_path) if source.fs_path is not None else source.path)
    unity = UnityDependencies(source, (project_scopes(source.text), where))
    for name, spec in deps.items():
        if not UPM_NAME.fullmatch(name) or registry_target(name, spec) is None:
            continue  # a git URL, a file: path, or no Unity package name
        offset = deps.where.get(name) if isinstance(deps, Keyed) else None
        line, col = index.line_col(offset) if offset is not None else (1, None)
        mention = source.mention("npm", name, line, col, Origin.MANIFEST, PARSER, spec=spec.strip() or None)
        example = unity.example(name)
        yield mention if example is None else replace(mention, example=example)
