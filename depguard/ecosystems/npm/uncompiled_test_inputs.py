"""Folders below a test folder that the tests' own TypeScript configuration leaves out: the tests' input (issue 12).

A ``tsconfig*.json``/``jsconfig*.json`` in a test folder (or below one) says which files the tests are compiled
from; a folder it names in ``exclude`` is not test code. Below a test folder such a folder is what the tests
hand to the tool under test: TypeDoc's ``src/test/tsconfig.json`` excludes ``converter2``, the TypeScript
programs its converter tests document (``issues/gh2792.ts`` importing the made-up ``@typedoc/dummy`` under
``// @ts-expect-error``). It is the TypeScript counterpart of pytest's ``norecursedirs``
(``depguard/ecosystems/pypi/project.py``: ``uncollected_folders``), and the same limits hold:

* only an ``exclude`` entry that names a folder (``converter2``, ``renderer/specs``, ``cases/**``) inside the
  configuration's folder and strictly below a test folder counts; a pattern of files (``**/*.spec.ts``), a path
  leaving the folder, and the test folder itself (a root ``tsconfig.json`` excluding ``test``) say nothing;
* a folder that holds a file named as a test (``*.test.ts``, ``*.spec.ts``) is a suite compiled on its own (an
  ``e2e`` folder with its own tsconfig), and one holding a ``package.json`` that declares dependencies is a
  project of its own, with what it installs: both stay judged.

Only the imports of the source files there are left unjudged (code that is data); their manifests and install
commands are still read and judged. Read through the file view, never run; each configuration read once, up to
``MAX_CONFIG_BYTES``.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Iterable

from ...parsers._util import read_small
from ...project import TEST_DIRS, TEST_FILE
from ._js_project import TSCONFIG, load_jsonc

MAX_CONFIG_BYTES = 1 << 20
SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".vue", ".svelte", ".astro")
GLOB = re.compile(r"[*?\[\]{}]")
DEPENDENCY_KEYS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")


def uncompiled_test_inputs(names: Iterable[str], root: str) -> dict[str, str]:
    """The JS/TS source files among ``names`` (every file of the tree at ``root``, relative, POSIX) that lie in a
    folder the tests' TypeScript configuration excludes (see the module docstring), with why."""
    names = list(names)
    excluded: dict[str, str] = {}  # folder -> the configuration excluding it
    for rel in names:
        folder, _, name = rel.rpartition("/")
        if not TSCONFIG.match(name) or not _in_test_folder(folder):
            continue
        for entry in _exclude_entries(os.path.join(root, rel)):
            target = _folder_of(entry, folder)
            if target is not None:
                excluded.setdefault(target, rel)
    if not excluded:
        return {}
    outer = {f: c for f, c in excluded.items() if not any(f.startswith(o + "/") for o in excluded)}
    inside: dict[str, list[str]] = {f: [] for f in outer}
    for rel in names:
        owner = next((f for f in outer if rel.startswith(f + "/")), None)
        if owner is not None:
            inside[owner].append(rel)
    out: dict[str, str] = {}
    for folder, files in inside.items():
        if not files or any(TEST_FILE.match(f.rpartition("/")[2]) for f in files) or _own_project(files, root):
            continue
        why = f"a folder {outer[folder]} excludes from the tests' compilation: the tests' input"
        out.update((f, why) for f in files if f.lower().endswith(SOURCE_SUFFIXES))
    return out


def _in_test_folder(folder: str) -> bool:
    return bool(folder) and any(p.lower() in TEST_DIRS for p in folder.split("/"))


def _exclude_entries(path: str) -> list[str]:
    text = read_small(path, MAX_CONFIG_BYTES)
    data = load_jsonc(text) if text is not None else None
    entries = data.get("exclude") if isinstance(data, dict) else None
    return [e for e in entries if isinstance(e, str)] if isinstance(entries, list) else []


def _folder_of(entry: str, base: str) -> str | None:
    """The folder (relative to the root) an ``exclude`` entry of a configuration in ``base`` names, or None: a
    folder path, optionally followed by ``/**``, ``/*`` or ``/**/*`` (everything in it), inside ``base``."""
    path = entry.strip().replace("\\", "/")
    for tail in ("/**/*", "/**", "/*"):
        if path.endswith(tail):
            path = path[: -len(tail)]
            break
    if path.startswith("./"):
        path = path[2:]
    path = path.strip("/") if not path.startswith("/") else ""
    if not path or GLOB.search(path) or path.startswith("..") or "/../" in f"/{path}/":
        return None
    path = posixpath.normpath(path)
    if path in (".", "") or path.lower() == "node_modules" or path.lower().endswith("/node_modules"):
        return None
    return f"{base}/{path}"


def _own_project(files: list[str], root: str) -> bool:
    """Whether a ``package.json`` among ``files`` declares dependencies (a project installed on its own)."""
    for rel in files:
        if rel.rpartition("/")[2] != "package.json":
            continue
        text = read_small(os.path.join(root, rel), MAX_CONFIG_BYTES)
        try:
            data = json.loads(text) if text is not None else None
        except (ValueError, RecursionError):
            return True  # unreadable: it may declare anything
        if not isinstance(data, dict) or any(data.get(k) for k in DEPENDENCY_KEYS):
            return True
    return False
