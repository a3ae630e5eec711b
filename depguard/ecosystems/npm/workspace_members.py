"""Workspace members in folders named like fixture data: the project's own packages, not its tests' input (issue 12).

A folder named ``fixture``, ``fixtures``, ``testdata`` … is fixture data to depguard (the input of a project's
tests), and the walk leaves it out (depguard/discover.py). A JavaScript workspace may give one of its packages such a
name: fedify's ``packages/fixture`` is ``@fedify/fixture``, the test helpers its other packages import, listed in
``pnpm-workspace.yaml``'s ``packages`` and the root ``deno.json``'s ``workspace``. Left out, its ``package.json`` name
was unknown to the scan, so the members that import it without declaring it (Deno's workspace resolves it) were
asked about ``@fedify/fixture`` on npm (DG001, held-out set 226).

:func:`member_folders` gives the folders of the tree that a workspace lists among its packages while the walk would
take them for fixture data: a folder named like data (the outermost such, below the top) holding a ``package.json``,
``deno.json`` or ``deno.jsonc``, matched by the member globs of the nearest ``pnpm-workspace.yaml`` (``packages``),
``package.json`` (``workspaces``) or ``deno.json``/``deno.jsonc`` (``workspace``) above it that lists members, with a
sibling folder (not named like data) that the same globs list: one package of the workspace among others. Such a
member is walked as the project; fixture folders inside it stay data. Still data: the test projects a workspace lists
below a data folder (Vite's ``playground/**``, Nuxt's ``test/fixtures/*``: the input of its tests, installed by the
workspace to be tested), a data folder at the top, and a fixture's own workspace. Declared in ``ecosystem.toml`` as
``[project] member_folders``.
"""

from __future__ import annotations

import fnmatch
import os

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

MANIFESTS = ("package.json", "deno.json", "deno.jsonc")
WORKSPACE_FILES = ("pnpm-workspace.yaml",) + MANIFESTS
MAX_BYTES = 1024 * 1024
MAX_CANDIDATES = 2000  # manifests inside fixture data looked at (a package manager's test projects: thousands)


def member_folders(names: list[str], root: str) -> frozenset[str]:
    """The folders among ``names``' (relative to ``root``, POSIX) that a workspace of the tree lists as members and
    that lie in fixture data by their names."""
    from ...project import fixture_folder

    listed = set(names)
    candidates: list[str] = []
    packages: dict[str, set[str]] = {}  # folder -> the folders in it holding a manifest (a workspace's packages)
    for rel in names:
        folder, _, name = rel.rpartition("/")
        if name not in MANIFESTS or not folder or "node_modules" in folder.split("/"):
            continue
        parent, _, _ = folder.rpartition("/")
        packages.setdefault(parent, set()).add(folder)
        # the folder is itself the outermost one named like data (fedify's packages/fixture), below the top: a
        # member below such a folder (Vite's playground/** test projects, Nuxt's test/fixtures/*) stays data
        if parent and fixture_folder(folder) == folder and len(candidates) < MAX_CANDIDATES:
            candidates.append(folder)
    out: set[str] = set()
    patterns: dict[str, list[str]] = {}  # a workspace file -> its member globs (read once)
    for folder in dict.fromkeys(candidates):
        parent = folder.rpartition("/")[0]
        siblings = [s for s in packages.get(parent, ()) if s != folder and not fixture_folder(s)]
        parts = folder.split("/")
        for i in range(len(parts) - 1, -1, -1):
            top = "/".join(parts[:i])
            files = [f"{top}/{file}" if top else file for file in WORKSPACE_FILES]
            globs = [g for file in files if file in listed for g in _globs(root, file, patterns)]
            if not globs:
                continue
            cut = len(top) + 1 if top else 0
            # a package of the workspace among others: a sibling folder is a member of the same workspace too
            if _member(folder[cut:], globs) and any(_member(s[cut:], globs) for s in siblings):
                out.add(folder)
            break  # the nearest workspace file listing members decides
    return frozenset(out)


def _globs(root: str, rel: str, cache: dict[str, list[str]]) -> list[str]:
    if rel not in cache:
        cache[rel] = _read_globs(root, rel)
    return cache[rel]


def _read_globs(root: str, rel: str) -> list[str]:
    """The member globs a workspace file declares (negations kept with their ``!``), [] when it declares none."""
    from ...fsview import text_of

    text = text_of(os.path.join(root, rel), MAX_BYTES)
    if not text:
        return []
    name = rel.rpartition("/")[2]
    data: Any
    try:
        if name == "pnpm-workspace.yaml":
            from ...parsers._util import load_yaml

            data = load_yaml(text)
            globs = data.get("packages") if isinstance(data, dict) else None
        else:
            from ...parsers._lines_js import load_json_positions

            data = load_json_positions(text, jsonc=True)[0]
            if not isinstance(data, dict):
                return []
            if name == "package.json":
                from .package_json import workspace_patterns

                globs = workspace_patterns(data)
            else:
                globs = data.get("workspace")
                globs = globs.get("members") if isinstance(globs, dict) else globs
    except Exception:  # noqa: BLE001 - a broken workspace file lists no member; its own parser reports it
        return []
    return [g.strip() for g in globs if isinstance(g, str) and g.strip()] if isinstance(globs, list) else []


def _member(folder: str, globs: list[str]) -> bool:
    """Whether ``folder`` (relative to the workspace file's folder) matches a member glob and no negation."""
    hit = False
    for glob in globs:
        negated = glob.startswith("!")
        pattern = glob.lstrip("!").strip()
        while pattern.startswith("./"):
            pattern = pattern[2:]
        pattern = pattern.rstrip("/")
        if pattern and _matches(folder.split("/"), pattern.split("/")):
            if negated:
                return False
            hit = True
    return hit


def _matches(parts: list[str], pattern: list[str]) -> bool:
    """Path segments against glob segments, ``**`` standing for any number of segments but never reaching through a
    folder named like fixture data (``packages/**`` lists ``packages/fixtures``, not the test projects in
    ``packages/fixtures/test/fixtures/demo``: a workspace that means those names their level). A folder's path and a
    member glob are a few segments each."""
    from ...project import fixture_folder

    if not pattern:
        return not parts
    head, rest = pattern[0], pattern[1:]
    if head == "**":
        for i in range(len(parts) + 1):
            if _matches(parts[i:], rest):
                return True
            if i < len(parts) - 1 and fixture_folder(parts[i]):
                return False  # the next segment would be reached through fixture data
        return False
    return bool(parts) and fnmatch.fnmatchcase(parts[0], head) and _matches(parts[1:], rest)
