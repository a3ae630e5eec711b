"""The modules AppDaemon gives the apps it runs (held-out set 266: home automation).

AppDaemon runs Home Assistant and MQTT automations written as Python apps: files below its apps folder, each a class
an app configuration (``apps.yaml``, or any YAML or, since 4.5, TOML file of the apps folder) names with ``module:``
and ``class:``. AppDaemon puts the folder of each of its built-in plug-ins on ``sys.path`` before it loads them
(AppDaemon/appdaemon, ``appdaemon/plugin_management.py``: "Add built in plugins to path", a ``sys.path.insert`` per
folder of ``appdaemon/plugins``), so an app imports the plug-ins' API modules by their bare names, as AppDaemon 4's
documentation writes them: ``import hassapi as hass``, ``import mqttapi as mqtt`` (docs/APPGUIDE.rst, "Anatomy of an
App") and ``import adbase as ad``, ``import adapi`` (docs/AD_API_REFERENCE.rst). None of them is installed from PyPI
under that name: PyPI's ``hassapi`` (a Home Assistant REST client), ``adbase`` (an automatic differentiation library)
and ``mqttapi`` are unrelated projects, and it has no ``adapi`` (its JSON API: 404, 2026-12-07).

A file is an AppDaemon app's when a folder holding it, or one above, holds AppDaemon's configuration
(``appdaemon.yaml``/``appdaemon.toml``, the configuration folder the apps folder lies in) or an apps folder's
``apps.yaml``/``apps.toml``; or when it lies below the ``apps`` folder of a HACS repository (a ``hacs.json`` beside
that folder: HACS installs an AppDaemon app repository's ``apps/<name>/`` into AppDaemon's apps folder, as
benleb/ad-automoli and Odianosen25/Monitor-App are laid out).

The same imports anywhere else, and any other import in such a file (a library the app's requirements forgot),
are judged.

Read: for a file that imports one of AppDaemon's API modules, the listings of its folder and the folders above it.
"""

from __future__ import annotations

from ... import lazyre
from ...fsview import active
from ...imports import ancestors
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the API modules of AppDaemon's built-in plug-ins' folders (appdaemon/plugins/hass/hassapi.py,
# plugins/mqtt/mqttapi.py) and of its base API that apps import by their bare names
APPDAEMON_MODULES = frozenset({"adapi", "adbase", "hassapi", "mqttapi"})
APPDAEMON_NAMED = lazyre.compile(r"\b(?:adapi|adbase|hassapi|mqttapi)\b")
# AppDaemon's configuration file in its configuration folder, and the apps folder's app configuration
CONFIGS = frozenset({"appdaemon.yaml", "appdaemon.toml", "apps.yaml", "apps.toml"})
HACS = "hacs.json"
APPS = "apps"  # the folder of a HACS AppDaemon repository that HACS copies into AppDaemon's apps folder


def appdaemon_modules(source: Source) -> frozenset[str]:
    """AppDaemon's API modules the file imports when it is an AppDaemon app's (module docstring); none otherwise."""
    if source.fs_path is None:
        return frozenset()
    wanted = host_imports(source, APPDAEMON_MODULES, APPDAEMON_NAMED)
    if wanted and _in_appdaemon_apps(source):
        return wanted
    return frozenset()


def _in_appdaemon_apps(source: Source) -> bool:
    view = active()
    below = ""  # the folder below the one looked at, on the way up from the file
    for folder in ancestors(source):
        files = {name for name, is_dir in view.listdir(folder) or () if not is_dir}
        if files & CONFIGS or (below == APPS and HACS in files):
            return True
        below = folder.name
    return False
