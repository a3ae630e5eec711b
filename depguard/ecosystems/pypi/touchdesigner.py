"""TouchDesigner's Python: the modules TouchDesigner gives the scripts, extensions and callbacks of a project.

A TouchDesigner project is a ``.toe`` file (its components ``.tox`` files); the Python of its DATs, often kept as
external ``.py`` files beside it, runs in TouchDesigner's own interpreter, which provides ``td`` and ``tdu`` (its
object model and utilities) and the modules it ships for extensions: the template TouchDesigner writes for a new
extension starts ``from TDStoreTools import StorageManager`` / ``import TDFunctions as TDF`` and defines ``__init__(self,
ownerComp)``, and ``TDJSON`` reads and writes parameters as JSON (Derivative's documentation: "Extensions",
"TDFunctions", "TDStoreTools", "TDJSON"). PyPI has no ``TDFunctions`` or ``TDStoreTools``; its ``td``, ``tdu`` and
``tdjson`` are strangers' projects.

So a file whose folder, or a folder above it inside the scan, holds a ``.toe`` or ``.tox`` file, or a file that defines
an extension's ``__init__(self, ownerComp)``, has those modules as TouchDesigner's. The same imports anywhere else, and
any other import in such a file, are judged.

Read: the listings of the file's folder and the folders above it, only for a file that imports one of the modules and
defines no extension.
"""

from __future__ import annotations

from ... import lazyre
from ...fsview import active
from ...imports import ancestors
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the modules TouchDesigner's Python gives a project's scripts (its td and tdu, and the modules it ships for extensions)
TD_MODULES = frozenset({"td", "tdu", "TDFunctions", "TDStoreTools", "TDJSON"})
# one of them as a word: only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(TD_MODULES)))
# an extension's constructor, as TouchDesigner's template writes it: `def __init__(self, ownerComp):`
EXTENSION = lazyre.compile(r"(?m)^[ \t]+def[ \t]+__init__[ \t]*\([ \t]*self[ \t]*,[ \t]*ownerComp\b")
PROJECT_SUFFIXES = (".toe", ".tox")  # a TouchDesigner project file, a component file


def touchdesigner_modules(source: Source) -> frozenset[str]:
    """TouchDesigner's modules (``TD_MODULES``) the file imports when it is a TouchDesigner project's Python (module
    docstring); none otherwise."""
    wanted = host_imports(source, TD_MODULES, NAMED) if source.fs_path is not None else frozenset()
    if not wanted:
        return frozenset()
    if "ownerComp" in source.text and EXTENSION.search(source.text) is not None:
        return wanted
    view = active()
    for folder in ancestors(source):
        if any(not is_dir and name.endswith(PROJECT_SUFFIXES) for name, is_dir in view.listdir(folder) or ()):
            return wanted
    return frozenset()
