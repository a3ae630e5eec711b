"""``os.walk`` without recursion: a folder tree of any depth is walked with an explicit stack.

CPython before 3.12 walks recursively, so a tree deeper than the recursion limit (about 1,000 folders, which
anyone can create) raised RecursionError and crashed the scan (a hook that crashes fails open). Same
contract as ``os.walk(top)`` top-down: ``(dirpath, dirnames, filenames)``, folders in the order listed, and
changing ``dirnames`` in place prunes the walk; unreadable folders are skipped; links to folders are listed
among ``dirnames`` and entered only with ``followlinks``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator


def walk(top: str | os.PathLike[str], followlinks: bool = False) -> Iterator[tuple[str, list[str], list[str]]]:
    stack = [os.fspath(top)]
    while stack:
        folder = stack.pop()
        dirs: list[str] = []
        files: list[str] = []
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    (dirs if is_dir else files).append(entry.name)
        except OSError:
            continue
        yield folder, dirs, files
        for name in reversed(dirs):  # popped in the listed order
            path = os.path.join(folder, name)
            if followlinks or not os.path.islink(path):
                stack.append(path)
