"""A NetBox plug-in's package runs inside NetBox, so its imports of NetBox's own apps are NetBox's (held-out set 175).

A NetBox plug-in is a Django app that NetBox imports into its own process (``PLUGINS = ["netbox_topology_views"]`` in
NetBox's configuration): NetBox's settings import the plug-in's package and read its ``config``, "defined in the
plugin's __init__.py file and point[ing] to the PluginConfig subclass" (``netbox/netbox/settings.py``). Its modules
build on NetBox's apps, the top-level packages of NetBox's tree (``netbox/dcim``, ``netbox/utilities`` …, the
``INSTALLED_APPS`` of its settings): netbox-topology-views writes ``from dcim.models import Device`` and ``from
utilities.filters import MultiValueCharFilter``. None is a PyPI package (PyPI has no ``dcim``; ``utilities``,
``extras`` and ``circuits`` there are strangers' projects).

So a file below a package whose ``__init__.py`` (its own folder's, or that of a package above it, up to the first
folder without one) imports ``PluginConfig`` from ``netbox.plugins`` (NetBox 4) or ``extras.plugins`` (NetBox 2.8 to
3) has NetBox's apps as the host's. So does a NetBox custom script or report, which NetBox loads from its
``SCRIPTS_ROOT`` (``REPORTS_ROOT``) into the same process: a file importing NetBox's base class from ``extras.scripts``
("All custom scripts must inherit from the extras.scripts.Script base class", NetBox's docs, Custom Scripts) or
``extras.reports`` (``Report``, before NetBox 4). The same imports anywhere else, and any other import in a plug-in or
script, are judged.

Read: the ``__init__.py`` files of the file's package and the packages above it (at most ``MAX_DEPTH``), only for a
file that imports one of NetBox's apps and is no script.
"""

from __future__ import annotations

from ... import lazyre
from ...imports import package_inits, read_related
from .host_companions import imported_modules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# NetBox's apps (netbox/netbox/settings.py INSTALLED_APPS, NetBox 4.x) and its project package `netbox`
NETBOX_APPS = frozenset({"account", "circuits", "core", "dcim", "extras", "ipam", "netbox", "tenancy", "users",
                         "utilities", "virtualization", "vpn", "wireless"})
# `from netbox.plugins import PluginConfig` / `from extras.plugins import (PluginConfig, …)` at a line's start; a
# parenthesised list is read for at most 500 characters (reviewer r28: unbounded, each unclosed `import (` line was
# read to the end of the file and back, quadratic on a crafted __init__.py)
PLUGIN_CONFIG = lazyre.compile(r"(?m)^[ \t]*from[ \t]+(?:netbox|extras)\.plugins[ \t]+import[ \t]+"
                               r"(?:\([^)]{0,500}?\bPluginConfig\b|[^\n#]*\bPluginConfig\b)")
# `from extras.scripts import Script`, `import extras.reports`: a custom script's or report's base class, at a line's start
SCRIPT_API = lazyre.compile(r"(?m)^[ \t]*(?:from[ \t]+extras\.(?:scripts|reports)[ \t]+import\b"
                            r"|import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*extras\.(?:scripts|reports)\b)")
# one of NetBox's apps as a word: only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(NETBOX_APPS)))
MAX_DEPTH = 8  # packages above the file's own read for the plug-in's declaration, at most


def netbox_apps(source: Source) -> frozenset[str]:
    """NetBox's apps (``NETBOX_APPS``) when the file lies in a NetBox plug-in's package or is a NetBox custom script or
    report; none otherwise."""
    if source.fs_path is None or NAMED.search(source.text) is None or not NETBOX_APPS & imported_modules(source.text):
        return frozenset()
    if "extras" in source.text and SCRIPT_API.search(source.text):
        return NETBOX_APPS
    if any(read_related(source, init, _declares_plugin) for init in package_inits(source, MAX_DEPTH)):
        return NETBOX_APPS
    return frozenset()


def _declares_plugin(text: str) -> bool:
    """Whether a package's ``__init__.py`` imports NetBox's ``PluginConfig``."""
    return "PluginConfig" in text and PLUGIN_CONFIG.search(text) is not None
