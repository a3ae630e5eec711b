"""Git submodules: code the project takes from another repository of its own, whose files ``git ls-files`` does
not list (and which a checkout without ``git submodule update``, or one of a private submodule, does not hold).

A submodule is the tree's own package when its folder says which: a checked-out submodule's ``package.json``
names it, and a folder laid out as npm lays a scoped package out (``<folder>/@scope/name``, as under
``node_modules``) is ``@scope/name`` (mattermost-mobile's private ``libraries/@mattermost/intune``, linked with
``npm install ./libraries/@mattermost/intune`` and imported as ``@mattermost/intune``). An unscoped folder name
says nothing (``vendor/lib``, ``docs/theme``), and neither does a submodule of another ecosystem. What a
submodule names excuses the code's imports of it only (``Hints.submodule_packages``): a manifest's dependency
and an install command of that name are answered by the registry whatever ``.gitmodules`` says.

A submodule that is not checked out may still be a pnpm workspace's: the ``pnpm-lock.yaml`` beside ``.gitmodules``
lists its workspace projects among the ``importers`` and resolves a dependency on one of them to ``link:<path>``
(tdesign-vue-next's ``packages/common`` is Tencent/tdesign-common, and its lockfile links ``'@tdesign/common'`` to
``link:../../common`` from ``packages/tdesign-vue-next-chat/site``): a name so linked into the submodule is its
package, and the other packages of its scope that live there (the lockfile's importers ``packages/common/js``,
``packages/common/style``) are unknowable without the checkout: an import of an id of that scope that no manifest
declares is reported not checked, never a pass (npm's reader, ``depguard/ecosystems/npm/submodule_links.py``, gives
``Hints.submodule_links``).

``.gitmodules`` is read as text (git-config syntax, ``path = …`` in ``[submodule "…"]`` sections); nothing in it is
run or fetched.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from .fsview import text_of

SECTION = re.compile(r"^\s*\[\s*submodule\b[^\]]*\]\s*$", re.I)
OTHER_SECTION = re.compile(r"^\s*\[")
PATH_KEY = re.compile(r"^\s*path\s*=\s*(?P<value>.*?)\s*$", re.I)
# the last two parts of a folder laid out as a scoped npm package (npm's own name rules: lower case, url-safe)
SCOPED_FOLDER = re.compile(r"(?:^|/)(?P<name>@[a-z0-9][a-z0-9._~-]*/[a-z0-9][a-z0-9._~-]*)/?$")


def submodule_paths(text: str) -> list[str]:
    """The ``path`` of each ``[submodule "…"]`` section of a ``.gitmodules`` text (relative, POSIX); a value
    in double quotes is unquoted, one leaving the repository (``..``, absolute) is left out."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if OTHER_SECTION.match(line):
            inside = bool(SECTION.match(line))
            continue
        m = PATH_KEY.match(line) if inside else None
        if m is None:
            continue
        value = m.group("value")
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        value = posixpath.normpath(value.replace("\\", "/")) if value else ""
        if value and value != "." and not value.startswith(("/", "../")) and value != "..":
            out.append(value)
    return out


def submodule_packages(gitmodules: Path, limit: int) -> set[str]:
    """The npm package names the submodules of the ``.gitmodules`` file at ``gitmodules`` stand for: the ``name``
    of a checked-out submodule's ``package.json``, else the scoped name its folder is laid out as."""
    text = text_of(gitmodules, limit)
    if text is None:
        return set()
    names: set[str] = set()
    for rel in submodule_paths(text):
        manifest = text_of(gitmodules.parent / rel / "package.json", limit)
        name = _package_name(manifest) if manifest is not None else None
        if name is None:
            m = SCOPED_FOLDER.search(rel)
            name = m.group("name") if m else None
        if name:
            names.add(name)
    return names


def _package_name(text: str) -> str | None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name else None

