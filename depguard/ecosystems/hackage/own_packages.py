"""The Haskell packages of the scanned tree's projects: the top-level ``name:`` of each ``*.cabal`` file (or hpack
``package.yaml``) that a ``cabal.project`` file's ``packages:`` / ``optional-packages:`` entries or a ``stack.yaml``'s
``packages:`` folders (``.`` when it names none) take in. Declared as this ecosystem's ``[own]`` reader
(``ecosystem.toml``) for manifests and install commands: a ``build-depends`` on another package of the same project
resolves to the local one, never to Hackage, and ``cabal install NAME`` or ``stack build NAME`` in the project builds
it. A monorepo's unpublished library (``app.cabal`` taking ``mylib-core``, both in ``cabal.project``'s packages) was
asked of Hackage and, unpublished, would be DG001 with the real registry (held-out set 280, a probe of the shapes of
Ormolu's ``cabal.project`` and ``ormolu-live``). A package the tree holds outside every project (PostgREST's
``vendor/hasql*``, which its ``cabal.project`` and ``stack.yaml`` leave out: cabal and stack take ``hasql`` from
Hackage) and a name no package of a project defines are still judged."""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from ... import lazyre

NAME = lazyre.compile(r"(?im)^name[ \t]*:[ \t]*['\"]?([A-Za-z0-9][A-Za-z0-9-]*)['\"]?[ \t]*$")
FIELD = lazyre.compile(r"(?i)^(packages|optional-packages)[ \t]*:(.*)$")
STACK_FILE = lazyre.compile(r"^stack(-[^/]*)?\.ya?ml$")
GLOB = lazyre.compile(r"[*?[]")
# the glob entries of the projects a package is tried against (a real cabal.project names a few dozen at most)
MAX_GLOBS = 256


def _cabal_project_entries(text: str) -> list[str]:
    """The ``packages:`` and ``optional-packages:`` entries of a ``cabal.project`` (a field's value runs on over the
    indented lines after it)."""
    out: list[str] = []
    taking = False
    for line in text.splitlines():
        if line.lstrip().startswith("--"):
            continue
        m = FIELD.match(line)
        if m:
            taking = True
            out.extend(m.group(2).replace(",", " ").split())
        elif taking and line[:1] in (" ", "\t") and line.strip():
            out.extend(line.replace(",", " ").split())
        elif line.strip():
            taking = False
    return out


def _stack_entries(text: str) -> list[str]:
    from ...errors import ParseError
    from ...parsers._util import load_yaml

    try:
        data = load_yaml(text)
    except (ParseError, ValueError, RecursionError):
        return []
    if not isinstance(data, dict):
        return []
    packages = data.get("packages", ["."])
    return [p for p in packages if isinstance(p, str)] if isinstance(packages, list) else []


def _one_pattern(globs: Iterable[str]) -> re.Pattern[str] | None:
    """One compiled pattern matching what any of ``globs`` matches (``fnmatch.fnmatchcase``'s reading of each)."""
    parts = [fnmatch.translate(g) for g in globs]
    return re.compile("|".join(parts)) if parts else None


def defined_packages(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The names of the packages the projects among ``files`` ((path on disk, path relative to the scan root)) take
    in, read through the active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads.
    A ``cabal.project`` is no file a parser reads, so it is looked for in the folder of each package and above."""
    from ...fsview import text_of

    packages: dict[str, Path] = {}  # relative path of a *.cabal / package.yaml -> path on disk
    projects: dict[str, tuple[Path, Callable[[str], list[str]]]] = {}  # relative path of a project file -> (path on disk, its reader)
    for path, rel in files:
        name = path.name
        if name.endswith(".cabal") or name == "package.yaml":
            packages[rel] = path
            folder, top = posixpath.dirname(rel), Path(str(path)[: -len(rel)] if str(path).endswith(rel) else path.parent)
            while True:  # the cabal.project of this folder and of each one above it, up to the scan root
                at = posixpath.join(folder, "cabal.project")
                if at not in projects:
                    projects[at] = (top / at, _cabal_project_entries)
                if not folder:
                    break
                folder = posixpath.dirname(folder)
        elif STACK_FILE.match(name):
            projects[rel] = (path, _stack_entries)
    patterns: list[str] = []  # relative globs of package folders or .cabal files the projects take in
    for rel, (path, reader) in projects.items():
        text = text_of(path, limit)
        if text is None:
            continue
        base = posixpath.dirname(rel)
        for entry in reader(text):
            if "://" in entry or entry.endswith((".tar.gz", ".tgz")):
                continue
            patterns.append(posixpath.normpath(posixpath.join(base, entry)).rstrip("/"))
    # A plain entry (a folder or a .cabal file, no glob) is looked up in a set, and the glob entries, at most
    # MAX_GLOBS of them, are one pattern for .cabal files and one for folders: every entry tried on every package
    # was quadratic (reviewer r38: 8,000 one-line packages and a cabal.project of 8,000 entries took 45 s)
    plain = {p for p in patterns if not GLOB.search(p)}
    globs = list(dict.fromkeys(p for p in patterns if GLOB.search(p)))[:MAX_GLOBS]
    cabal_globs = _one_pattern(p for p in globs if p.endswith(".cabal"))
    folder_globs = _one_pattern(p for p in globs if not p.endswith(".cabal"))
    out: set[str] = set()
    for rel, path in packages.items():
        folder = posixpath.dirname(rel) or "."
        if rel not in plain and folder not in plain and not (cabal_globs and cabal_globs.match(rel)) \
                and not (folder_globs and folder_globs.match(folder)):
            continue
        text = text_of(path, limit)
        m = NAME.search(text) if text is not None else None
        if m:
            out.add(m.group(1))
    return frozenset(out)
