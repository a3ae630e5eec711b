"""npm names a tree's lockfile locks from a registry other than the public one: the package.json dependencies and the
imports of those names in the lockfile's folder and below it are **not checked** (DG100, exit 3), never missing; a
name the public registry has still passes.

novu's ``libs/application-generic/package.json`` lists ``"@taskforcesh/bullmq-pro": "5.1.14"`` among its
optionalDependencies and its queue service imports it; the workspace's ``pnpm-lock.yaml`` resolves it from
``https://npm.taskforce.sh/@taskforcesh/bullmq-pro/-/@taskforcesh/bullmq-pro-5.1.14.tgz``: BullMQ Pro, which Taskforce
serves its customers from its own registry (novu's Dockerfiles copy an ``.npmrc-cloud`` mapping the scope there, with a
token, into place). The public registry's 404 says nothing of such a name, and the registry it comes from cannot be
asked without the project's credentials. The lockfile entry itself is marked by its parser (``npm_lock.py``,
``pnpm_lock.py``, ``yarn_lock.py``, ``bun_lock.py``: :func:`._npm_specs.locked_elsewhere`); this marks the manifest's
and the code's mentions of the same names, as a tracked ``.npmrc``'s scope line marks them (``scoped_registries.py``).

Read, as text, once per scan (a fact of the tree, ``Hints.locked_elsewhere``: a file's parse depends on the names
found, not on the lockfiles' text, so a lockfile's version bump re-parses no JS file): every ``package-lock.json``,
``npm-shrinkwrap.json``, ``pnpm-lock.yaml``, ``yarn.lock`` and ``bun.lock`` of the tree; a file is marked by those in
its folder and the folders above it, up to the scan root. Each registry-shaped tarball URL in it
(``…/<name>/-/<name>-<version>.tgz``, the scoped name in the file part too, and GitHub Packages'
``/download/@scope/name/<version>/<digest>``: :func:`._npm_specs.tarball_name`) on a host that is neither the public
registry nor a public mirror of it names the package fetched from there; the nearest lockfile's registry is shown. A lockfile of the public registry marks nothing, so an invented name beside such an
entry is judged as before. The URL is shown without its credentials.
"""

from __future__ import annotations

import os

from ... import lazyre
from ...model import Example, Mention, Origin
from ._npm_specs import other_registry, tarball_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from pathlib import Path
    from typing import Any

    from ...parsers import Source

LOCKFILES = ("package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "yarn.lock", "bun.lock")
# a run of text a URL may fill (a lockfile's quotes, commas, brackets and blanks end it), the start of a URL on a
# host other than the public registry's (those are npm's own, most of a lockfile's URLs: skipped before any parsing),
# and the start of GitHub Packages' download URL, which has no .tgz
URL_RUN = lazyre.compile(r"""[^\s"'#,{}\[\]]+""")
OTHER_HOST = lazyre.compile(r"https?://(?!registry\.(?:npmjs\.org|npmjs\.com|yarnpkg\.com)/)")
GITHUB_DOWNLOAD = lazyre.compile(r"https?://npm\.pkg\.github\.com/download/(?=.)")
MARKED = frozenset({Origin.MANIFEST, Origin.IMPORT})


def locked_registries(text: str) -> dict[str, str]:
    """package name -> the registry (as shown) a lockfile's text resolves it from, for the registry-shaped tarball URLs
    of another registry than the public one (:func:`._npm_specs.other_registry`)."""
    out: dict[str, str] = {}
    if ".tgz" not in text and "npm.pkg.github.com/download/" not in text:
        return out
    for url in tarball_urls(text):
        registry = other_registry(url)
        name = tarball_name(url) if registry is not None else None
        if name and registry is not None:
            out.setdefault(name, registry)
    return out


def tarball_urls(text: str) -> Iterator[str]:
    """Each URL of ``text`` on a host other than the public registry's, up to the first ``.tgz`` after its host's
    first character, or, with none, a GitHub Packages download URL to the end of its run: in a run of text a URL may
    fill, the next ``http`` starting one, then the next ``.tgz``, each looked for from where the last ended. (A
    pattern asking for the ``.tgz`` lazily, tried at each ``http`` of a run without one, read the run to its end from
    each: a lockfile of one run of 20,000 ``https://a`` after a ``.tgz`` took 66 s; reviewer r34.)"""
    for run in URL_RUN.finditer(text):
        part = run.group(0)
        if ".tgz" not in part and "npm.pkg.github.com/download/" not in part:
            continue
        at = 0
        while (start := part.find("http", at)) >= 0:
            scheme = OTHER_HOST.match(part, start)
            if scheme is None:
                at = start + 1
                continue
            end = part.find(".tgz", scheme.end() + 1)
            if end < 0:
                download = GITHUB_DOWNLOAD.search(part, start)
                if download is not None:
                    yield part[download.start():]
                break
            yield part[start:end + 4]
            at = end + 4


def locked_elsewhere(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None) -> frozenset[str]:
    """``Hints.locked_elsewhere``: ``"folder\tname\tregistry\tlockfile"`` (relative to ``root``, POSIX; folder "" at
    the root) for each name a lockfile of the tree (``files``) locks from another registry than the public one
    (:func:`locked_registries`). A fact of the tree, computed once per scan (and kept by the parse ``cache`` while
    the lockfiles are unchanged): a file's parse depends on these entries, not on the lockfiles' text, so a version
    bump in a lockfile (every ``npm install``) does not re-parse every JS file of the project (reviewer r27's
    ``test_a_lockfile_edit_does_not_reparse_js_files_whose_imports_are_all_declared``). None without a file list."""
    if files is None:
        return frozenset()
    from ...fsview import digest, text_of

    locks = sorted(rel for rel in files if rel.rpartition("/")[2] in LOCKFILES)

    def compute() -> frozenset[str]:
        found: set[str] = set()
        for rel in locks:
            text = text_of(root / rel, limit)
            for name, registry in (locked_registries(text) if text else {}).items():
                found.add(f"{rel.rpartition('/')[0]}\t{name}\t{registry}\t{rel}")
        return frozenset(found)

    if cache is None or not locks:
        return compute()
    from .scoped_registries import _entries

    inputs = digest(f"{limit}\0{root}\0".encode() + "\0".join(locks).encode("utf-8", "surrogateescape"))
    return cache.fact("npm-locked-elsewhere", inputs, compute, _entries)


def locked_above(source: Source) -> dict[str, tuple[str, str]]:
    """name -> (registry as shown, the lockfile locking it there, relative to the scan root) for the lockfiles of the
    file's folder and every folder above it up to the scan root, the nearest first (``Hints.locked_elsewhere``)."""
    entries = source.hints.locked_elsewhere
    if source.fs_path is None or not entries:
        return {}
    root = os.path.abspath(str(source.root or source.fs_path.parent))
    here = os.path.dirname(os.path.abspath(str(source.fs_path)))
    if here != root and not here.startswith(root + os.sep):
        return {}
    folder = os.path.relpath(here, root).replace(os.sep, "/")
    folder = "" if folder == "." else folder
    found: dict[str, tuple[str, str]] = {}
    for entry in sorted(entries, key=_nearest_first):
        at, name, registry, where = entry.split("\t", 3)
        if not at or folder == at or folder.startswith(at + "/"):
            found.setdefault(name, (registry, where))
    return found


def _nearest_first(entry: str) -> tuple[int, int, str]:
    """The deepest lockfile folder first, then the lockfiles of one folder in :data:`LOCKFILES`' order."""
    at, _, _, where = entry.split("\t", 3)
    base = where.rpartition("/")[2]
    return -len(at), LOCKFILES.index(base) if base in LOCKFILES else len(LOCKFILES), where


def mark_locked_elsewhere(source: Source, mentions: Iterable[Mention]) -> list[Mention]:
    """``mentions`` (one file's), the npm manifest dependencies and imports of a name a lockfile above locks from
    another registry marked not checked (:class:`Example` with ``unchecked`` and ``ok_passes``)."""
    mentions = list(mentions)
    if not any(m.key.ecosystem == "npm" and m.origin in MARKED and m.example is None for m in mentions):
        return mentions
    locked = locked_above(source)
    if not locked:
        return mentions
    from ...records import replace

    out = []
    for m in mentions:
        hit = locked.get(m.key.name) if m.key.ecosystem == "npm" and m.origin in MARKED and m.example is None else None
        if hit is not None:
            registry, where = hit
            m = replace(m, example=Example(f"{where} locks it from {registry}, a registry depguard does not ask",
                                           any_verdict=True, setting=None, unchecked=True, ok_passes=True))
        out.append(m)
    return out
