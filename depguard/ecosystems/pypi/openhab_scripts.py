"""The modules openHAB's Jython gives the rule scripts it runs (a probe of held-out set 266: home automation).

openHAB runs Python rules in Jython through its JSR223 scripting: a script lies in ``$OPENHAB_CONF/automation/jsr223/``
(``automation/jsr223/python/personal/lights.py``), and Jython's ``python.path`` holds
``$OPENHAB_CONF/automation/lib/python``, where the openHAB helper libraries (openhab-scripters/
openhab-helper-libraries: ``Core/automation/lib/python/core/rules.py``, ``triggers.py``, ``actions.py``, ``log.py``,
``jsr223/scope.py``) keep their ``core`` package, the community's ``community`` package, and the user's own
``personal`` package. So a rule imports ``from core.rules import rule``, ``from core.triggers import when``,
``from personal.helpers import …``, and, Jython serving Java packages by their names, ``from org.openhab.core.model.
script.actions import ScriptExecution``, ``from org.joda.time import DateTime``, ``from java.time import
ZonedDateTime``. None of those is installed from PyPI: its ``core`` and ``personal`` are unrelated projects (``core``
was DG002 as a look-alike of ``ncore``), and it has no ``org``.

A file below ``automation/jsr223/`` or ``automation/lib/python/`` (openHAB's configuration folder's layout, wherever
that folder lies in the tree) has the helper libraries' three packages and the Java domains (JPype's list, which
Jython serves the same way, and ``javax``) as openHAB's, whether or not the tree holds those packages. So does a file
elsewhere that imports one of the helper library's own ``core`` modules when the tree holds that library (its
``automation/lib/python/core/jsr223.py`` in a folder above the file or one folder below such a folder: the helper
libraries' own ``Script Examples/Python``, whose files are copied into ``automation/jsr223``), or one that calls the
JSR223 host's ``scriptExtension.importPreset(…)`` (openHAB's script extension, a global it gives its scripts). A
file that names JSR 223 otherwise (a logger ``jsr223.jython.…``) runs in a Java scripting engine: its Java domains are
Java's. Any other import in such a file (a CPython library Jython cannot load, an invented name), and the same imports
anywhere else, are judged.

Read: for a file that imports a ``core`` module of the helper library outside those folders, the listings of its
folder and the folders above it, and whether the library's ``jsr223.py`` is in them or in their sub-folders.
"""

from __future__ import annotations

from pathlib import Path

from ... import lazyre
from ...fsview import active
from ...imports import ancestors
from .host_companions import imported_modules
from .java_packages import JPYPE_DOMAINS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the packages of openHAB's helper libraries' lib/python folder: theirs (core), the community's and the user's
HELPER_PACKAGES = frozenset({"core", "community", "personal"})
GIVEN = HELPER_PACKAGES | JPYPE_DOMAINS | {"javax"}
# the folders of openHAB's configuration folder that hold Jython scripts and the libraries on python.path
SCRIPT_FOLDERS = ("/automation/jsr223/", "/automation/lib/python/")
# an import of one of the modules of the helper libraries' core package (Core/automation/lib/python/core/)
CORE_IMPORT = lazyre.compile(r"(?m)^[ \t]*(?:from|import)[ \t]+core\.(?:actions|date|items|jsr223|links|log|metadata"
                             r"|osgi|rules|testing|triggers|utils)\b")
LIBRARY = Path("automation", "lib", "python", "core", "jsr223.py")  # the helper library's own file, from a folder
MAX_SUBFOLDERS = 64  # sub-folders of a folder above the file looked in for the library, at most
# openHAB's script extension, the global its JSR223 host gives a script; and JSR 223 named (Java's scripting API)
EXTENSION = lazyre.compile(r"\bscriptExtension\.importPreset\(")
JSR223 = lazyre.compile(r"(?i)\bjsr223\b")
JAVA = JPYPE_DOMAINS | {"javax"}


def openhab_modules(source: Source) -> frozenset[str]:
    """The helper libraries' packages and Java domains the file imports when it is one of openHAB's Jython scripts or
    libraries (module docstring); none otherwise."""
    shown = "/" + source.path.replace("\\", "/")
    text = source.text
    if any(folder in shown for folder in SCRIPT_FOLDERS) or ("scriptExtension" in text and EXTENSION.search(text)):
        return frozenset(GIVEN & imported_modules(text))
    if source.fs_path is not None and "core." in text and CORE_IMPORT.search(text) is not None and _holds_library(source):
        return frozenset(GIVEN & imported_modules(text))
    if "sr223" in text and JSR223.search(text):
        return frozenset(JAVA & imported_modules(text))
    return frozenset()


def _holds_library(source: Source) -> bool:
    view = active()
    for folder in ancestors(source):
        if view.is_file(folder / LIBRARY):
            return True
        below = [name for name, is_dir in view.listdir(folder) or () if is_dir]
        if any(view.is_file(folder / name / LIBRARY) for name in sorted(below)[:MAX_SUBFOLDERS]):
            return True
    return False
