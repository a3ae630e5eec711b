"""The modules desktop CAD hosts give the Python they run: pyRevit's extensions in Revit, scripts run in Rhino
(held-out set 250: Python plug-ins of desktop CAD/3D hosts).

* **pyRevit** loads an extension from its folder layout: a ``NAME.extension`` folder holding ``NAME.tab`` folders, each
  holding ``.panel`` folders of buttons (``.pushbutton``, ``.pulldown``, ``.stack``, ``.splitbutton`` …) whose
  ``script.py`` it runs in Revit's IronPython (or CPython) engine, with the extension's ``lib`` folder on the path
  (pyRevit's documentation, "Create Your First Command": ``MyExtensions/MyFirst.extension/MyFirst.tab/…``). That
  engine gives the script pyRevit's own library (``from pyrevit import revit, DB``, pyrevitlabs/pyRevit's
  ``pyrevitlib/pyrevit``), the revitpythonwrapper it bundles (``import rpw``: its ``site-packages/rpw``) and the
  namespaces of the Revit API assemblies Revit has loaded (``from Autodesk.Revit.DB import …``). PyPI has none of
  ``pyrevit``, ``rpw``, ``autodesk`` (JSON API 404, 2026-12-07). CyrilWaechter/pyRevitMEP's ``lib/pyrevitmep`` and
  ``pyRevitMEP.tab/…/script.py``, gtalarico/pyrevitplus's ``pyRevitPlus.tab/…``, zachcmathews/pyRevitBoost's
  ``pyRevitBoost.extension/lib``. So a file in such a bundle folder, or below a folder that holds a ``.tab`` or
  ``.extension`` folder (a repository that is one extension, cloned into pyRevit's extensions folder under its name),
  has those modules as pyRevit's.
* **Rhino** runs a Python script (``RunPythonScript``, the script editor, a GhPython component) with RhinoCommon's
  namespaces (``import Rhino``, Grasshopper's ``Grasshopper``) and the Python modules it ships beside them:
  ``rhinoscriptsyntax``, ``scriptcontext`` and Grasshopper's ``ghpythonlib`` (mcneel/rhinoscriptsyntax; PyPI has none
  of the three: JSON API 404, 2026-12-07). ``import Rhino`` (the capitalised .NET namespace, not a Python package's
  name) says the file runs in Rhino; so does a folder whose other Python files import it (mcneel/rhino-developer-
  samples' ``rhinocommon/snippets/py/``: most snippets import Rhino, a few only ``rhinoscriptsyntax``).

The same imports anywhere else, and any other import in such a file, are judged.

Read: for a file that imports one of the modules, the listings of its folder and the folders above it (pyRevit), and
at most ``MAX_SIBLINGS`` Python files of its folder (Rhino), each once a scan.
"""

from __future__ import annotations

from ... import lazyre
from ...fsview import active
from ...imports import ancestors, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the modules pyRevit's engine gives an extension's scripts
PYREVIT_MODULES = frozenset({"pyrevit", "rpw", "Autodesk"})
PYREVIT_NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(PYREVIT_MODULES)))
# the folders of pyRevit's extension layout, by their suffix (pyRevit's extension bundle types)
BUNDLES = (".extension", ".tab", ".panel", ".stack", ".pulldown", ".splitbutton", ".splitpushbutton", ".pushbutton",
           ".smartbutton", ".linkbutton", ".invokebutton", ".urlbutton", ".panelbutton", ".nobutton", ".content")
EXTENSION_ROOTS = (".tab", ".extension")  # a folder holding one of these is an extension's folder

# the Python modules Rhino (and Grasshopper) ship for the scripts they run
RHINO_MODULES = frozenset({"rhinoscriptsyntax", "scriptcontext", "ghpythonlib"})
RHINO_NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(RHINO_MODULES)))
# RhinoCommon's and Grasshopper's .NET namespaces, imported: the file runs in Rhino
RHINO_HOST = lazyre.compile(r"(?m)^[ \t]*(?:import[ \t]+(?:[\w.]+[ \t]*(?:as[ \t]+\w+[ \t]*)?,[ \t]*)*"
                            r"|from[ \t]+)(?:Rhino|Grasshopper)\b")
MAX_SIBLINGS = 16  # Python files of the file's folder read for an import of Rhino, at most


def cad_host_modules(source: Source) -> frozenset[str]:
    """pyRevit's and Rhino's modules the file imports when it runs in that host (module docstring); none otherwise."""
    if source.fs_path is None:
        return frozenset()
    out: frozenset[str] = frozenset()
    wanted = host_imports(source, PYREVIT_MODULES, PYREVIT_NAMED)
    if wanted and _in_pyrevit_extension(source):
        out = wanted
    wanted = host_imports(source, RHINO_MODULES, RHINO_NAMED)
    if wanted and _runs_in_rhino(source):
        out = out | wanted
    return out


def _in_pyrevit_extension(source: Source) -> bool:
    view = active()
    for folder in ancestors(source):
        if folder.name.lower().endswith(BUNDLES):
            return True
        if any(is_dir and name.lower().endswith(EXTENSION_ROOTS) for name, is_dir in view.listdir(folder) or ()):
            return True
    return False


def _runs_in_rhino(source: Source) -> bool:
    if RHINO_HOST.search(source.text) is not None:
        return True
    if source.fs_path is None:
        return False
    folder = source.fs_path.parent
    siblings = [name for name, is_dir in active().listdir(folder) or ()
                if not is_dir and name.endswith(".py") and name != source.fs_path.name]
    return any(read_related(source, folder / name, _imports_rhino) for name in siblings[:MAX_SIBLINGS])


def _imports_rhino(text: str) -> bool:
    return RHINO_HOST.search(text) is not None
