"""The modules AYON gives the add-ons it runs (held-out set 263: VFX and animation pipeline tools).

AYON (ynput) is a VFX pipeline whose server distributes add-ons: an add-on repository (ynput/ayon-maya,
ayon-houdini, ayon-nuke, ayon-unreal, ayon-blender, made from ynput/ayon-addon-template) holds a ``package.py``
describing it (``name``, ``version``, ``client_dir``, ``ayon_server_version = ">=1.1.2"``, ``ayon_required_addons =
{"core": ">=1.8.0"}``, ``ayon_compatible_addons = {"deadline": ">=0.7.0"}``), a ``server`` folder the AYON server
loads (``from ayon_server.addons import BaseServerAddon``: the server's own package, ynput/ayon-backend) and a
``client`` folder the AYON launcher loads beside the other add-ons of the bundle, each imported as ``ayon_<name>``
(``from ayon_applications import PreLaunchHook``: the applications add-on, ynput/ayon-applications, whose launch hooks
every host add-on writes). None of them is installed from PyPI (its JSON API: 404 for ayon-server and
ayon-applications, 2026-12-07). So a file below a folder whose ``package.py`` describes an AYON add-on has
``ayon_server``, the core and applications add-ons (``ayon_core``, ``ayon_applications``) and each add-on its
``ayon_required_addons``/``ayon_compatible_addons`` name as AYON's; with the core add-on among those, the modules of
its vendor folder too (``import qargparse`` in ayon-maya: ayon-core's vendored copy).

Any other import in such a file (an invented ``ayon_<x>`` its package.py does not name among them) and the same
imports anywhere else are judged.

Read: for a file that imports an ``ayon_`` module (or qargparse), the ``package.py`` of its folder and the folders above it.
"""

from __future__ import annotations

from ... import lazyre
from ...fsview import active
from ...imports import ancestors
from .host_companions import imported_modules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the server's package and the add-ons every host add-on builds on (ynput/ayon-core, ynput/ayon-applications)
AYON_MODULES = frozenset({"ayon_server", "ayon_core", "ayon_applications"})
# the modules of the core add-on's vendor folder, which its launcher puts on sys.path for every add-on (ayon-core's
# client/ayon_core/vendor/python/qargparse.py and cli.py's sys.path.insert; held-out set 72's review); PyPI's
# qargparse is an unrelated project
CORE_VENDORED = frozenset({"qargparse"})
AYON_NAMED = lazyre.compile(r"\b(?:ayon_\w|qargparse\b)")
# an add-on description's own keys (ynput/ayon-addon-template's package.py)
ADDON_KEYS = lazyre.compile(r"(?m)^ayon_(?:server_version|required_addons|compatible_addons)\s*=")
ADDON_TABLES = lazyre.compile(r"(?m)^ayon_(?:required|compatible)_addons\s*=\s*\{([^}]*)\}")
TABLE_KEY = lazyre.compile(r"""["']([A-Za-z][\w-]*)["']\s*:""")
DESCRIPTION = "package.py"
LIMIT = 64 * 1024


def ayon_addon_modules(source: Source) -> frozenset[str]:
    """AYON's modules the file imports when it is a file of an AYON add-on (module docstring); none otherwise."""
    if source.fs_path is None or AYON_NAMED.search(source.text) is None:
        return frozenset()
    wanted = {module for module in imported_modules(source.text) if module.startswith("ayon_") or module in CORE_VENDORED}
    if not wanted:
        return frozenset()
    given = _addon_modules(source)
    return frozenset(wanted & given) if given else frozenset()


def _addon_modules(source: Source) -> frozenset[str]:
    view = active()
    for folder in ancestors(source):
        if not any(not is_dir and name == DESCRIPTION for name, is_dir in view.listdir(folder) or ()):
            continue
        text = view.read_text(folder / DESCRIPTION, LIMIT) or ""
        if ADDON_KEYS.search(text) is None:
            continue
        named = {f"ayon_{key.replace('-', '_')}" for table in ADDON_TABLES.finditer(text)
                 for key in TABLE_KEY.findall(table[1])}
        return AYON_MODULES | frozenset(named) | (CORE_VENDORED if "ayon_core" in named else frozenset())
    return frozenset()
