"""The modules NVDA gives the add-ons it loads (held-out set 261: Python plug-ins of desktop applications).

NVDA, the NonVisual Desktop Access screen reader, runs an add-on's Python inside itself: an add-on is a folder
holding ``manifest.ini`` and NVDA's plug-in folders (``globalPlugins``, ``appModules``, ``synthDrivers``,
``brailleDisplayDrivers``, ``visionEnhancementProviders``), and its modules import NVDA's own modules, the files of
NVDA's ``source`` folder (nvaccess/nvda: ``source/ui.py``, ``source/api.py``, ``source/globalPluginHandler.py``,
``source/addonHandler/__init__.py``, ``source/gui/__init__.py`` …): ``import addonHandler``, ``import ui``,
``from NVDAObjects import NVDAObject``. None of them is installed from PyPI, and some of their names are registered
there by others (``ui``, ``api``, ``core``, ``config``, ``speech``). NV Access's add-on template
(nvaccess/addonTemplate) keeps the add-on's files in an ``addon`` folder and makes its ``manifest.ini`` at build time
from ``buildVars.py`` and ``manifest.ini.tpl`` beside that folder (nvdaes/clipContentsDesigner,
accessolutions/WebAccessForNVDA). So a file below a folder that holds one of NVDA's plug-in folders, and that
holds ``manifest.ini`` or lies beside ``buildVars.py`` or ``manifest.ini.tpl``, has NVDA's modules as NVDA's.

The same imports anywhere else, and any other import in such a file (a library the add-on forgot to bundle), are
judged.

Read: for a file that imports one of NVDA's modules, the listings of its folder and the folders above it.
"""

from __future__ import annotations

from ... import lazyre
from ...fsview import active
from ...imports import ancestors
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# top-level modules and packages of NVDA's source folder (nvaccess/nvda, source/) that add-ons import, by their names
NVDA_MODULES = frozenset({
    "addonAPIVersion", "addonHandler", "addonStore", "api", "appModuleHandler", "appModules", "audioDucking",
    "baseObject", "bdDetect", "braille", "brailleDisplayDrivers", "brailleInput", "browseMode", "buildVersion",
    "characterProcessing", "compoundDocuments", "config", "controlTypes", "core", "cursorManager", "displayModel",
    "documentBase", "editableText", "eventHandler", "extensionPoints", "garbageHandler", "globalCommands",
    "globalPluginHandler", "globalPlugins", "globalVars", "gui", "hwIo", "hwPortUtils", "IAccessibleHandler",
    "inputCore", "JABHandler", "keyboardHandler", "keyLabels", "languageHandler", "locationHelper", "logHandler",
    "mathPres", "mouseHandler", "NVDAHelper", "NVDAObjects", "NVDAState", "nvwave", "oleacc", "queueHandler",
    "review", "sayAllHandler", "screenBitmap", "scriptHandler", "shlobj", "speech", "speechDictHandler",
    "speechViewer", "synthDriverHandler", "synthDrivers", "systemUtils", "textInfos", "textUtils", "tones",
    "touchHandler", "treeInterceptorHandler", "ui", "UIAHandler", "updateCheck", "versionInfo", "virtualBuffers",
    "vision", "visionEnhancementProviders", "winConsoleHandler", "winGDI", "winInputHook", "winKernel", "winUser",
    "winVersion"})
NVDA_NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(NVDA_MODULES)))
# the folders NVDA loads an add-on's plug-ins from
PLUGIN_FOLDERS = frozenset({"globalPlugins", "appModules", "synthDrivers", "brailleDisplayDrivers",
                            "visionEnhancementProviders"})
MANIFEST = "manifest.ini"
TEMPLATE_FILES = frozenset({"buildVars.py", "manifest.ini.tpl"})  # beside the add-on template's addon folder


def nvda_addon_modules(source: Source) -> frozenset[str]:
    """NVDA's modules the file imports when it is a file of an NVDA add-on (module docstring); none otherwise."""
    if source.fs_path is None:
        return frozenset()
    wanted = host_imports(source, NVDA_MODULES, NVDA_NAMED)
    if wanted and _in_nvda_addon(source):
        return wanted
    return frozenset()


def _in_nvda_addon(source: Source) -> bool:
    view = active()
    folders = ancestors(source)
    for index, folder in enumerate(folders):
        listing = view.listdir(folder) or ()
        if not any(is_dir and name in PLUGIN_FOLDERS for name, is_dir in listing):
            continue
        if any(not is_dir and name == MANIFEST for name, is_dir in listing):
            return True
        above = folders[index + 1] if index + 1 < len(folders) else None
        if above is not None and any(not is_dir and name in TEMPLATE_FILES for name, is_dir in view.listdir(above) or ()):
            return True
    return False
