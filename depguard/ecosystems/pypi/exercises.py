"""Exercise tracks: the solution module an exercise's configuration names, which the solver writes.

An Exercism exercise folder holds the tests (``two_fer_test.py``: ``from two_fer import two_fer``) and, hidden, the
exercise's configuration: ``.meta/config.json`` in a track's repository, ``.exercism/config.json`` in an exercise the
Exercism CLI downloaded. Its ``files`` table lists the exercise's files by role (Exercism's track documentation,
"Practice Exercises", ``.meta/config.json``): ``"solution": ["two_fer.py"]`` is the file the student writes, ``"test"``
the tests, ``"example"`` the example solution kept in ``.meta/``. A track may ship the solution as a stub or leave it
out, its CI copying the example solution over that name before it runs the tests. So the module a configuration names
as the solution is the exercise's own for the Python files of that folder, whether the tree holds it or not; any
other import there is judged as usual. Read: for each Python file, the two configurations of its own folder (each
once a scan).
"""

from __future__ import annotations

import json

from ...imports import read_related

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

CONFIGS = (".meta/config.json", ".exercism/config.json")


def solution_modules(source: Source) -> frozenset[str]:
    """The modules the exercise configurations of the file's folder name as the solution (module docstring)."""
    if source.fs_path is None:
        return frozenset()
    found: frozenset[str] = frozenset()
    for name in CONFIGS:
        listed = read_related(source, source.fs_path.parent / name, _solutions)
        if listed:
            found = found | listed
    return found


def _solutions(text: str) -> frozenset[str]:
    """The module names of the ``files.solution`` entries of an exercise configuration: the flat ``x.py`` files."""
    if '"solution"' not in text:
        return frozenset()
    try:
        data = json.loads(text)
    except ValueError:
        return frozenset()
    files = data.get("files") if isinstance(data, dict) else None
    listed = files.get("solution") if isinstance(files, dict) else None
    if not isinstance(listed, list):
        return frozenset()
    out = set()
    for entry in listed:
        if isinstance(entry, str):
            name = entry.removeprefix("./")
            if name.endswith(".py") and name[:-3].isidentifier():
                out.add(name[:-3])
    return frozenset(out)
