"""Walking a tree: which files to read, and reading them within limits.

Inside a git work tree the file list comes from ``git ls-files`` (tracked plus untracked-but-not-ignored),
so ``.gitignore`` is honoured. Everywhere, vendored and generated folders are skipped (``node_modules``,
virtualenvs, ``vendor``, ``site-packages`` …), symbolic links are not followed unless configured (and never
out of the scanned tree), and files over the size limit or holding NUL bytes are reported, not read.
"""

from __future__ import annotations

import fnmatch
import os
import stat
import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .config import Settings
from .model import Location, Problem
from .parsers import FileFormat, formats_for

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", "node_modules", "bower_components", "jspm_packages", ".venv", "venv", "env", ".env",
    ".virtualenv", "virtualenv", "site-packages", "dist-packages", "__pycache__", ".tox", ".nox", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", ".hypothesis", "vendor", "third_party", "third-party", "Pods", ".bundle",
    ".gradle", ".idea", ".vscode", ".yarn", ".pnpm-store", ".next", ".nuxt", ".cache", "target", "_build",
    "deps", ".dart_tool", ".pub-cache", "elm-stuff", ".stack-work", "dist-newstyle", "renv", ".eggs",
})


@dataclass(frozen=True)
class FileEntry:
    path: Path  # on disk
    shown: str  # relative to the scan root, POSIX separators
    root: Path
    formats: tuple[FileFormat, ...]


def _skipped_dir(parts: Iterable[str]) -> bool:
    return any(p in SKIP_DIRS or p.endswith(".egg-info") for p in parts)


def git_files(root: Path) -> list[str] | None:
    """Files git knows below ``root`` (tracked and untracked-not-ignored), or None outside a work tree."""
    try:
        top = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"], capture_output=True, text=True, timeout=30)
        if top.returncode != 0:
            return None
        out = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."],
            capture_output=True, timeout=120,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    names = [n for n in out.stdout.decode("utf-8", errors="surrogateescape").split("\0") if n]
    return sorted(set(names))


def _walk_fs(root: Path, follow: bool) -> Iterator[str]:
    seen_dirs: set[tuple[int, int]] = set()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=follow):
        try:
            st = os.stat(dirpath)
        except OSError:
            dirnames[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen_dirs:  # a symlink loop, or a second way into the same folder
            dirnames[:] = []
            continue
        seen_dirs.add((st.st_dev, st.st_ino))
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.endswith(".egg-info"))
        rel = Path(dirpath).relative_to(root)
        for name in sorted(filenames):
            yield (rel / name).as_posix() if rel.parts else name


def ignored(rel: str, settings: Settings) -> bool:
    """Whether the ``ignore`` globs of the settings exclude ``rel`` (a path relative to the scan root)."""
    rel = rel.removeprefix("./")
    return any(fnmatch.fnmatch(rel, pat) or fnmatch.fnmatch(rel, pat.rstrip("/") + "/*") for pat in settings.ignore)


def walk(paths: list[Path], settings: Settings) -> tuple[list[FileEntry], list[Problem]]:
    entries: list[FileEntry] = []
    problems: list[Problem] = []
    seen: set[Path] = set()
    for given in paths:
        if not given.exists() and not given.is_symlink():
            problems.append(Problem(f"{given}: no such file or directory", Location(str(given)), "read"))
            continue
        if given.is_file():
            fmts = tuple(formats_for(given.as_posix()))  # the whole path: workflow patterns name folders
            if not fmts:
                problems.append(Problem(f"{given}: depguard does not know this file format; not scanned",
                                        Location(str(given)), "unsupported"))
                continue
            path, root = _file_and_root(given)
            entries.append(FileEntry(path, given.as_posix(), root, fmts))
            continue
        root = given.resolve()
        names = git_files(root)
        if names is None:
            names = list(_walk_fs(root, settings.follow_symlinks))
        real_dirs: dict[str, Path | None] = {}  # folder (relative) -> its real path inside root, or None
        for rel in names:
            parts = rel.split("/")
            if _skipped_dir(parts[:-1]):
                continue
            if ignored(rel, settings):
                continue
            fmts = tuple(formats_for(rel))
            if not fmts:
                continue
            full = root / rel
            try:
                st = os.lstat(full)
            except OSError:
                st = None
            link = st is not None and stat.S_ISLNK(st.st_mode)
            if link and not settings.follow_symlinks:
                continue
            real = _real_path(root, rel, full, st, link, real_dirs)
            if real is None:
                problems.append(Problem("symbolic link points outside the scanned tree or nowhere; not followed",
                                        Location(_shown(given, rel)), "read"))
                continue
            if not (stat.S_ISREG(st.st_mode) if not link else real.is_file()):
                continue
            if real in seen:
                continue
            seen.add(real)
            entries.append(FileEntry(full, _shown(given, rel), root, fmts))
    return entries, problems


def _real_path(root: Path, rel: str, full: Path, st: os.stat_result | None, link: bool,
               real_dirs: dict[str, Path | None]) -> Path | None:
    """The resolved path of ``full`` when it exists inside ``root``, else None. A file that is not itself a
    link resolves to its folder's real path plus its name, and each folder is resolved once."""
    if st is None:
        return None
    folder, _, name = rel.rpartition("/")
    if not link and name not in ("", ".", ".."):
        if folder not in real_dirs:
            real_dirs[folder] = _inside(root, root / folder if folder else root)
        base = real_dirs[folder]
        return None if base is None else base / name
    return _inside(root, full)


def _inside(root: Path, path: Path) -> Path | None:
    try:
        real = path.resolve(strict=True)
        real.relative_to(root)
    except (OSError, ValueError, RuntimeError):
        return None
    return real


def _file_and_root(given: Path) -> tuple[Path, Path]:
    """(path, scan root) of a file named on the command line: the root is the current folder when the file
    is below it (pre-commit passes a repository's files from its top, and ``-r ../base.txt``, the project's
    own modules and the nearest Cargo.toml or go.mod are judged from there), else the file's folder."""
    path = given.absolute()
    cwd = Path.cwd()
    return path, (cwd if cwd in path.parents else path.parent)


def _shown(given: Path, rel: str) -> str:
    return rel if str(given) in (".", "") else f"{given.as_posix().rstrip('/')}/{rel}"


def read_text(entry: FileEntry, settings: Settings) -> tuple[str | None, Problem | None]:
    """The file's text, or a Problem saying why it was not read (size, binary, permissions)."""
    try:
        size = entry.path.stat().st_size
        if size > settings.max_file_bytes:
            return None, Problem(f"larger than the {settings.max_file_bytes:,}-byte limit ({size:,} bytes); not scanned",
                                 Location(entry.shown), "limit")
        with entry.path.open("rb") as fh:
            # ask for what stat said (+1 to see growth): read(n) allocates n bytes up front, and n = the
            # size limit cost ~0.1 ms per file
            data = fh.read(size + 1)
            if len(data) > size:  # grown since stat: read on, up to the limit
                data += fh.read(settings.max_file_bytes - len(data) + 1)
        if len(data) > settings.max_file_bytes:
            return None, Problem(f"larger than the {settings.max_file_bytes:,}-byte limit ({len(data):,}+ bytes); not scanned",
                                 Location(entry.shown), "limit")
    except OSError as exc:
        return None, Problem(f"cannot read: {exc.strerror or exc}", Location(entry.shown), "read")
    if b"\0" in data[:8192]:
        if entry.formats and all(f.kind == "binary" for f in entry.formats):
            return "", None  # a binary format's parser reports the file itself (bun.lockb)
        return None, Problem("binary file (NUL bytes); not scanned", Location(entry.shown), "read")
    text = data.decode("utf-8-sig", errors="replace")
    if "\ufffd" in text and b"\xef\xbf\xbd" not in data:
        first_bad = text.index("\ufffd")
        line = text.count("\n", 0, first_bad) + 1
        return text, Problem("not valid UTF-8; undecodable bytes replaced", Location(entry.shown, line), "encoding")
    return text, None
