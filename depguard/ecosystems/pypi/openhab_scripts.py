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
Jython serves the same way, and ``javax``) as openHAB's, whether or not the tree holds those packages. Any other
import in such a file (a CPython library Jython cannot load, an invented name), and the same imports anywhere
else, are judged.
"""

from __future__ import annotations

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


def openhab_modules(source: Source) -> frozenset[str]:
    """The helper libraries' packages and Java domains the file imports when it is one of openHAB's Jython scripts or
    libraries (module docstring); none otherwise."""
    shown = "/" + source.path.replace("\\", "/")
    if not any(folder in shown for folder in SCRIPT_FOLDERS):
        return frozenset()
    return frozenset(GIVEN & imported_modules(source.text))
