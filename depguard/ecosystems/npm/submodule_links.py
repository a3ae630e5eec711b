"""The packages a pnpm lockfile links into a git submodule that is not checked out (``[project] hints`` of npm's
ecosystem.toml; the submodule rules are in :mod:`depguard.submodules`).

tdesign-vue-next's ``packages/common`` is the submodule Tencent/tdesign-common, inside its pnpm workspace; a checkout
without ``git submodule update`` holds none of its files, yet the ``pnpm-lock.yaml`` beside ``.gitmodules`` lists its
workspace projects among the ``importers`` and resolves a dependency on one of them to ``link:<path>``
(``'@tdesign/common': link:../../common`` from ``packages/tdesign-vue-next-chat/site``). A name so linked into the
submodule is its package; the other packages of its scope that live there (``@tdesign/common-js``, the importer
``packages/common/js``) are named in no file of the tree, so npm's import rule reports an undeclared import of that
scope not checked (DG100), never a pass. Manifests, lockfiles and install commands are judged as before.

The lockfile is read line by line (its ``importers`` block only), never as a whole document; nothing is run.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from ...fsview import text_of
from ...submodules import submodule_paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

LOCKFILE = "pnpm-lock.yaml"
IMPORTER = re.compile(r"""^  (['"]?)(?P<path>[^\s'"][^'"]*?)\1:\s*$""")
DEPENDENCY = re.compile(r"""^      (['"]?)(?P<name>@?[^\s'":]+)\1:\s*$""")
LINK = re.compile(r"""^        version:\s*['"]?link:(?P<target>[^\s'"]+)""")


def linked_submodule_packages(root: Path, limit: int) -> list[tuple[str, str]]:
    """(package name, submodule path) for each name the ``pnpm-lock.yaml`` at ``root`` links (``link:``) into a
    submodule of ``root/.gitmodules`` that is not checked out (no ``package.json`` in its folder)."""
    text = text_of(root / ".gitmodules", limit)
    if text is None:
        return []
    hidden = [rel for rel in submodule_paths(text) if text_of(root / rel / "package.json", limit) is None]
    lock = text_of(root / LOCKFILE, limit) if hidden else None
    if not lock:
        return []
    found: list[tuple[str, str]] = []
    importer: str | None = None
    name: str | None = None
    inside = False
    for line in lock.splitlines():
        if line and not line[0].isspace():
            inside = line.rstrip() == "importers:"
            importer = None
            continue
        if not inside:
            continue
        m = IMPORTER.match(line)
        if m:
            importer, name = m.group("path"), None
            continue
        m = DEPENDENCY.match(line)
        if m:
            name = m.group("name")
            continue
        m = LINK.match(line)
        if m and importer is not None and name is not None:
            target = posixpath.normpath(posixpath.join(importer, m.group("target")))
            for rel in hidden:
                if target == rel or target.startswith(rel + "/"):
                    found.append((name, rel))
    return found


def project_hints(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None,
                  data_files: Iterable[str] = (), near: Iterable[str] = ()) -> dict[str, Any]:
    """``Hints.submodule_links``: ``"name path"`` for each package :func:`linked_submodule_packages` finds."""
    return {"submodule_links": frozenset(f"{name} {rel}" for name, rel in linked_submodule_packages(root, limit))}
