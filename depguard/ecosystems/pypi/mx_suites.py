"""mx suites: the Python of a Graal project's ``mx.<suite>`` folder runs inside mx, the GraalVM build tool.

A Graal project (GraalPy, TruffleRuby, GraalJS, the GraalVM repository's suites) describes its build in
``mx.<suite>/suite.py`` and extends mx with Python files beside it, which mx loads into its own process: they import
``mx`` and mx's modules (``mx_gate``, ``mx_unittest``, ``mx_subst``, ``mx_urlrewrites``), and the ``mx_<suite>``
modules of the suites ``suite.py`` imports (``mx_truffle``, ``mx_sdk``), which mx puts on the path from those suites'
own ``mx.<suite>`` folders (GraalPy's ``mx.graalpython/mx_graalpython.py``). None is a registry package (PyPI has no
``mx`` module by those names for it). A file below such a folder, with the folder's ``suite.py`` present, has ``mx`` and
every ``mx_*`` name as mx's; any other import there, and ``mx`` anywhere else, is judged.
"""

from __future__ import annotations

import os

from ... import lazyre
from ...fsview import active

SUITE_FOLDER = lazyre.compile(r"mx\.[A-Za-z][\w.-]*")


class MxModules:
    """``mx`` and the ``mx_*`` modules (a container, asked by name)."""

    __slots__ = ()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name == "mx" or (name.startswith("mx_") and len(name) > 3))


def mx_modules(root: str | None, rel: str | None) -> MxModules | frozenset[str]:
    """mx's modules when the file ``rel`` (relative to the scan root ``root``) lies below an ``mx.<suite>`` folder
    holding ``suite.py``; none otherwise."""
    if root is None or rel is None or "mx." not in rel:
        return frozenset()
    parts = rel.split("/")[:-1]
    view = active()
    for i, part in enumerate(parts):
        if SUITE_FOLDER.fullmatch(part) and view.is_file(os.path.join(root, *parts[: i + 1], "suite.py")):
            return MxModules()
    return frozenset()
