"""The modules of a plug-in package (sub-commands, checks), listed from its
folders as :func:`pkgutil.iter_modules` lists them, without importing :mod:`pkgutil` (and
:mod:`importlib.util` with it) on every run's start-up."""

from __future__ import annotations

import os
from collections.abc import Iterable
from importlib.machinery import all_suffixes


def submodules(path: Iterable[str]) -> list[str]:
    """Names of the modules and sub-packages in the folders ``path`` (a package's ``__path__``), sorted, each
    once: ``name.py`` (or another importable suffix) and ``name/__init__.py``; ``__init__`` itself is not
    one."""
    suffixes = sorted(all_suffixes(), key=len, reverse=True)  # ".cpython-311-x86_64-linux-gnu.so" before ".so"
    names: set[str] = set()
    for folder in path:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            name = None
            if "." not in entry and os.path.isfile(os.path.join(folder, entry, "__init__.py")):
                name = entry
            else:
                name = next((entry[: -len(s)] for s in suffixes if entry.endswith(s)), None)
            if name and name != "__init__" and name.isidentifier():
                names.add(name)
    return sorted(names)
