"""A Python file that a shell script of the tree copies into a git submodule the tree does not check out.

fhirclient (smart-on-fhir/client-py) keeps the settings of its class generator in ``fhir-parser-resources/settings.py``,
which starts ``from Default.settings import *``; its ``generate_models.sh`` runs ``git submodule update --init`` for the
``fhir-parser`` submodule and ``cp fhir-parser-resources/settings.py fhir-parser/settings.py``, then runs the generator
there: the file runs inside the submodule, whose ``Default/settings.py`` it imports. A snapshot or a clone without ``git
submodule update`` holds nothing of the submodule, so such a module is one the tree cannot show, as after a
``sys.path`` addition of a submodule's folder (:func:`.imports.submodule_path_imports`).

So a file that a ``cp SOURCE DESTINATION`` line of a shell script (``*.sh``, ``*.bash``) in its folder or a folder above
it copies, SOURCE read from the script's folder, into a folder that is, or lies in, the ``path`` of a submodule the scan
root's ``.gitmodules`` lists and the tree holds nothing of, has its imports that nothing declares reported as that
submodule's modules (a note; a registered look-alike stays judged). A file no script copies, one copied into a folder
``.gitmodules`` does not list, and one copied into a submodule the tree checks out (its modules are read as any
folder's) say nothing.

Read: only in a tree whose ``.gitmodules`` lists a submodule it lacks, the listings of the file's folder and the
folders above it, and their shell scripts (each once a run).
"""

from __future__ import annotations

import os
import posixpath

from ... import lazyre
from ...fsview import active, memo
from ...imports import ancestors

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

GITMODULES_LIMIT = 1024 * 1024  # the bytes of .gitmodules read
SCRIPT_LIMIT = 256 * 1024  # the bytes of a shell script read for its copies
SCRIPT_SUFFIXES = (".sh", ".bash")
MAX_SCRIPTS = 16  # shell scripts of one folder read, at most
# `cp [-options] SOURCE DESTINATION` as a command of its own line (two operands, no variable, no glob)
COPY = lazyre.compile(r"(?m)^[ \t]*cp(?:[ \t]+-[A-Za-z]+)*[ \t]+(['\"]?)([^\s'\"$*?;&|#]+)\1"
                      r"[ \t]+(['\"]?)([^\s'\"$*?;&|#]+)\3[ \t]*(?:$|[;&|#])")


@memo(maxsize=64)
def absent_submodules(root: str) -> tuple[str, ...]:
    """The ``path`` of each submodule the ``.gitmodules`` of ``root`` lists that the tree holds nothing of (absent,
    or the empty folder a clone without ``git submodule update`` leaves)."""
    from ...submodules import submodule_paths

    view = active()
    text = view.read_text(os.path.join(root, ".gitmodules"), GITMODULES_LIMIT)
    if not text:
        return ()
    return tuple(path for path in submodule_paths(text) if not view.listdir(os.path.join(root, path)))


def submodule_of(path: str, submodules: tuple[str, ...]) -> str | None:
    """The submodule ``path`` (relative, POSIX) is, or lies in; None when none of ``submodules``."""
    return next((sub for sub in submodules if path == sub or path.startswith(sub + "/")), None)


@memo(maxsize=256)
def _script_copies(folder: str, base: str) -> tuple[tuple[str, str, str], ...]:
    """(script, source, destination) of the ``cp`` lines of the shell scripts of ``folder`` (``base``: the folder
    relative to the scan root), both paths read from that folder and made relative to the scan root."""
    view, out = active(), []
    scripts = [name for name, is_dir in view.listdir(folder) or () if not is_dir and name.endswith(SCRIPT_SUFFIXES)]
    for name in scripts[:MAX_SCRIPTS]:
        text = view.read_text(os.path.join(folder, name), SCRIPT_LIMIT)
        if not text or "cp" not in text:
            continue
        shown = posixpath.join(base, name) if base else name
        for m in COPY.finditer(text):
            source, destination = (posixpath.normpath(posixpath.join(base or ".", m[i])) for i in (2, 4))
            out.append((shown, source, destination))
    return tuple(out)


def copied_into_submodule(source: Source) -> tuple[str, str] | None:
    """(script, submodule) when a shell script of the file's folder or one above copies the file into a submodule
    the tree does not check out (module docstring); None otherwise."""
    if source.fs_path is None or source.root is None:
        return None
    root = str(source.root)
    absent = absent_submodules(root)
    if not absent:
        return None
    rel = os.path.relpath(source.fs_path, root).replace(os.sep, "/")
    for folder in ancestors(source):
        base = os.path.relpath(folder, root).replace(os.sep, "/")
        for script, copied, destination in _script_copies(str(folder), "" if base == "." else base):
            sub = submodule_of(destination, absent) if copied == rel else None
            if sub is not None:
                return script, sub
    return None
