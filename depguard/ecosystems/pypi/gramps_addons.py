"""The modules Gramps 3.x gave the add-ons it loaded (three left false alarms of the gramps-project/addons-source set).

Gramps, the genealogy program, loads an add-on from a folder of its plug-in path that holds the add-on's registration,
a ``<name>.gpr.py`` file calling ``register(TOOL, id=…, fname="RebuildTypes.py", gramps_target_version=…)``, and runs
the add-on's modules inside itself. Gramps 4 and later give them the ``gramps`` package (``from gramps.gen.plug import
Gramplet``); Gramps 3.x ran from its ``src`` folder with that folder on ``sys.path``, so add-ons written for it import
Gramps's own top-level modules bare: ``from gui.plug import tool``, ``from QuestionDialog import OkDialog``, ``from
constfunc import win`` (addons-source's RebuildTypes and PrerequisitesCheckerGramplet, the latter in the ``except
ImportError:`` branch for Gramps 3.x after the Gramps 4 imports). None of them is installed from PyPI, and several of
their names are registered there by others (``gen``, ``utils``, ``config``, ``const``). So a file below a folder that
holds a Gramps registration has Gramps 3.x's modules as Gramps's. The same imports anywhere else, and any other
import in such a file (a library the add-on needs, ``gramps`` itself included), are judged.

Read: for a file that imports one of Gramps 3.x's modules, the listings of its folder and the folders above it, and
the first ``REGISTRATION_BYTES`` of at most ``MAX_REGISTRATIONS`` ``*.gpr.py`` files in each.
"""

from __future__ import annotations

from ... import lazyre
from ...fsview import active
from ...imports import ancestors, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the top-level modules and packages of Gramps 3.x's src folder: those its po/POTFILES.in of the 3.0 series lists
# (gramps-project/gramps), and the ones 3.2 to 3.4 added when they moved the GUI into src/gui and the command line into
# src/cli (gui, cli, config.py, constfunc.py)
GRAMPS3_MODULES = frozenset({
    "ansel_utf8", "ArgHandler", "Assistant", "AutoComp", "BaseDoc", "BasicUtils", "Bookmarks", "cli", "ColumnOrder",
    "Config", "config", "const", "constfunc", "DataViews", "Date", "DateEdit", "DateHandler", "DbLoader", "DbManager",
    "DdTargets", "DisplayModels", "DisplayState", "DisplayTabs", "docgen", "Editors", "Errors", "ExportAssistant",
    "ExportOptions", "FilterEditor", "Filters", "FontScale", "gen", "GrampsAboutDialog", "GrampsCfg", "GrampsDbUtils",
    "GrampsDisplay", "GrampsLocale", "GrampsLogger", "gramps_main", "gui", "ImgManip", "ListModel", "ManagedWindow",
    "Merge", "Mime", "Navigation", "PageView", "PlaceUtils", "PluginUtils", "QuestionDialog", "QuickReports",
    "RecentFiles", "Relationship", "Reorder", "ReportBase", "ScratchPad", "Selectors", "Simple", "Sort", "soundex",
    "Spell", "SubstKeywords", "ThumbNails", "TipOfDay", "ToolTips", "TransUtils", "TreeTips", "UndoHistory", "Utils",
    "ViewManager", "widgets"})
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(GRAMPS3_MODULES)))
REGISTRATION_SUFFIX = ".gpr.py"
# a registration's call: `register(TOOL, …)`, `register(GRAMPLET, …)` at the start of a line
REGISTER = lazyre.compile(r"(?m)^register[ \t]*\(")
MAX_REGISTRATIONS = 8  # *.gpr.py files of one folder read for the call, at most
REGISTRATION_BYTES = 65536  # what of a *.gpr.py file the call is looked for in


def gramps_addon_modules(source: Source) -> frozenset[str]:
    """Gramps 3.x's modules the file imports when it lies in a Gramps add-on's folder or below it (module docstring);
    none otherwise."""
    wanted = host_imports(source, GRAMPS3_MODULES, NAMED) if source.fs_path is not None else frozenset()
    if not wanted:
        return frozenset()
    view = active()
    for folder in ancestors(source):
        registrations = sorted(name for name, is_dir in view.listdir(folder) or ()
                               if not is_dir and name.endswith(REGISTRATION_SUFFIX))
        if any(read_related(source, folder / name, _registers) for name in registrations[:MAX_REGISTRATIONS]):
            return wanted
    return frozenset()


def _registers(text: str) -> bool:
    """Whether a ``*.gpr.py`` file calls Gramps's ``register(…)``."""
    return REGISTER.search(text[:REGISTRATION_BYTES]) is not None
