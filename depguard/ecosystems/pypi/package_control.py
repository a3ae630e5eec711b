"""A Sublime Text package's ``dependencies.json``: the libraries Package Control installs for it, which are no PyPI
distributions.

Package Control (Sublime Text's package manager) reads ``dependencies.json`` at a package's top: platform selectors
(``"*"``, ``"windows"``, ``"osx-x64"``) map to Sublime Text build selectors (``">=4096"``, ``"*"``), which map to the
names of the libraries to install (``"mdpopups"``, ``"wcmatch"``). Package Control takes them from its own channel,
never pip, so an import of one below that file is the library's (sublimelsp/LSP's ``import mdpopups``), not a
registry guess. Any other JSON named so (a list, an object of another shape) names nothing.
"""

from __future__ import annotations

import json

NAME = "dependencies.json"


def libraries(text: str) -> list[str]:
    """The library names a Package Control ``dependencies.json`` lists (in order, once each); none for any other
    JSON or text."""
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, dict) or not data:
        return []
    names: list[str] = []
    for builds in data.values():
        if not isinstance(builds, dict) or not builds:
            return []
        for listed in builds.values():
            if not isinstance(listed, list) or not all(isinstance(n, str) and n.strip() for n in listed):
                return []
            names.extend(n.strip() for n in listed)
    return list(dict.fromkeys(names))
