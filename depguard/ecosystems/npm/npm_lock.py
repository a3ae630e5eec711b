"""``package-lock.json`` and ``npm-shrinkwrap.json``, lockfile versions 1, 2 and 3, and the shrinkwraps of npm 2 to 4
(no ``lockfileVersion``; read as version 1, whose nested ``dependencies`` they already had).

Version 2 and 3 files list ``packages`` keyed by their ``node_modules`` path; the root ``""`` entry,
workspace folders (keys outside ``node_modules``) and ``link`` entries are the project's own. Version 1
files (and v2 files without ``packages``) nest ``dependencies`` inside each other. An alias
(``node_modules/alias`` with a ``name`` field, or a v1 ``version`` of ``npm:real@1.0.0``) is reported under
the real name. Entries resolved from git, a local path or a tarball off the registry are not registry names.
Every mention points at the line of the entry's key.

An entry resolved from a registry-shaped tarball of another host (a company's or a private cnpm or Verdaccio registry,
``http://27.17.3.62:20000/x/-/x-1.0.0.tgz``, every entry of FunASR's web-pages lock) was fetched from that registry:
a name the public registry has still passes, one it lacks is not checked (DG100), never missing. The public registry
and its public mirrors (npm's ``[commands] public_index``: registry.npmmirror.com …) are npm's own.

An entry with no ``resolved`` URL (npm leaves it out under ``omit-lockfile-registry-resolved``, and a registry's own
configuration can make it do so) comes from the registry the project's configuration maps its name to: when another
lockfile of the tree locks that very name from another registry (``Hints.locked_elsewhere``), that is where it comes
from, so it is not checked either (Bryntum's quick-start guides: ``frontend/grid-vanilla/package-lock.json`` locks
``@bryntum/grid-lib`` with no URL, ``frontend/grid-react/package-lock.json`` locks it from ``https://npm.bryntum.com``).
A name no other lockfile locks elsewhere, and an entry resolved from the public registry, are judged as before.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, LineIndex, document_mapping, load_json_positions
from ._npm_specs import is_registry_url, locked_elsewhere, other_registry, registry_ref, split_descriptor

PARSER = "package-lock.json"
NODE_MODULES = "node_modules/"


@file_format("package-lock.json", ("package-lock.json", "npm-shrinkwrap.json"), ecosystem="npm", kind="lockfile",
             description="npm package-lock.json / npm-shrinkwrap.json (lockfile versions 1-3)")
def parse(source: Source) -> Iterator[Mention]:
    data, index = load_json_positions(source.text, jsonc=True)
    data = document_mapping(data, PARSER)
    if data and "lockfileVersion" not in data and not _before_npm5(data):
        raise ParseError("not a package-lock.json: no lockfileVersion (is this a package.json?)", 1)
    packages = data.get("packages")
    others = _LockedByOthers(source)
    if isinstance(packages, Keyed):
        yield from _packages(source, index, packages, others)
    elif isinstance(data.get("dependencies"), Keyed):
        yield from _dependencies(source, index, data["dependencies"], others)


class _LockedByOthers:
    """The names the tree's other lockfiles lock from another registry (``Hints.locked_elsewhere``), read once a
    parse and only when an entry with no ``resolved`` URL asks (module docstring)."""

    def __init__(self, source: Source) -> None:  # noqa: D107
        self.source = source
        self.found: dict[str, tuple[str, str]] | None = None

    def mark(self, m: Mention) -> Mention:
        """``m`` (an entry with no ``resolved`` URL) marked not checked when another lockfile locks its name from
        another registry."""
        if m.example is not None:
            return m
        if self.found is None:
            mine = _shown(self.source)
            self.found = {}
            for entry in sorted(self.source.hints.locked_elsewhere):
                _at, name, registry, where = entry.split("\t", 3)
                if where != mine:
                    self.found.setdefault(name, (registry, where))
        hit = self.found.get(m.key.name)
        if hit is None:
            return m
        registry, where = hit
        from ...model import Example
        from ...records import replace

        return replace(m, example=Example(
            f"this lockfile gives it no resolved URL, and {where} locks it from {registry}: the project's configuration "
            "takes it from there, a registry depguard does not ask", any_verdict=True, setting=None, unchecked=True,
            ok_passes=True))


def _shown(source: Source) -> str:
    """The lockfile's path relative to the scan root, POSIX (as ``Hints.locked_elsewhere`` names lockfiles)."""
    if source.fs_path is None or source.root is None:
        return str(source.path)
    return os.path.relpath(source.fs_path, source.root).replace(os.sep, "/")


def _before_npm5(data: dict[str, Any]) -> bool:
    """Whether ``data`` is a shrinkwrap written by npm 2 to 4, before lockfileVersion existed (npm 5 added it and
    reads such files still): version 1's nested ``dependencies``, each an object with a ``version`` (rushstack's
    shrinkwrap-reading tests keep one); a package.json's ``dependencies`` map names to range strings."""
    deps = data.get("dependencies")
    return isinstance(deps, Keyed) and bool(deps) and "packages" not in data and all(
        isinstance(entry, dict) and isinstance(entry.get("version"), str) for entry in deps.values())


def _packages(source: Source, index: LineIndex, packages: Keyed, others: _LockedByOthers) -> Iterator[Mention]:
    for path, entry in packages.items():
        if not isinstance(path, str) or NODE_MODULES not in path:
            continue  # "" is the root project, other keys are workspace folders
        line, col = index.key(packages, path)
        if not isinstance(entry, dict):
            source.problem(f"packages[{path!r}] is not an object; skipped", line, col)
            continue
        if entry.get("link"):
            continue  # a symlink to a workspace folder or a local directory
        resolved = entry.get("resolved")
        if isinstance(resolved, str) and resolved and not is_registry_url(resolved):
            continue
        written = path[path.rfind(NODE_MODULES) + len(NODE_MODULES):]
        if not written:
            source.problem(f"packages[{path!r}] names no package; skipped", line, col)
            continue
        given = entry.get("name")
        real = given if isinstance(given, str) and given else written
        version = entry.get("version") if isinstance(entry.get("version"), str) else None
        yield _mention(source, written, real, version, line, col + len(path) - len(written), resolved, others)


def _dependencies(source: Source, index: LineIndex, top: Keyed, others: _LockedByOthers) -> Iterator[Mention]:
    tables = [top]
    walks = [iter(top.items())]
    while walks:
        step = next(walks[-1], None)
        if step is None:
            walks.pop()
            tables.pop()
            continue
        name, entry = step
        line, col = index.key(tables[-1], name)
        if not isinstance(entry, dict):
            source.problem(f"dependencies[{name!r}] is not an object; skipped", line, col)
            continue
        written = name
        if isinstance(name, str) and NODE_MODULES in name:  # a v2 path key in v1's name-keyed tree: its package
            written = name[name.rfind(NODE_MODULES) + len(NODE_MODULES):]
            col += len(name) - len(written)
        target = _v1_target(written, entry) if written else None
        if target is not None:
            real, version = target
            yield _mention(source, written, real, version, line, col, entry.get("resolved"), others)
        nested = entry.get("dependencies")
        if isinstance(nested, Keyed):
            tables.append(nested)
            walks.append(iter(nested.items()))


def _v1_target(name: str, entry: dict[str, Any]) -> tuple[str, str | None] | None:
    version = entry.get("version")
    resolved = entry.get("resolved")
    if isinstance(resolved, str) and resolved and not is_registry_url(resolved):
        return None
    if not isinstance(version, str) or not version:
        return name, None
    if version.startswith("npm:"):
        real, ref = split_descriptor(version[4:])
        return real, ref or None
    if not registry_ref(version):
        return None
    return name, version


def _mention(source: Source, written: str, real: str, version: str | None, line: int, col: int,
             resolved: object = None, others: _LockedByOthers | None = None) -> Mention:
    note = f"alias {written} of {real}" if real != written else None
    found = source.mention("npm", written, line, col, Origin.LOCKFILE, PARSER, spec=version, name=real, note=note)
    if not resolved and others is not None:
        return others.mark(found)
    return locked_elsewhere(found, other_registry(resolved), PARSER)
