"""Adobe UXP plug-ins: the modules the host application gives its plug-in's scripts.

A UXP plug-in (Photoshop, InDesign, Premiere Pro, XD) takes its host's API from the host itself, not from npm
(Adobe's UXP API references; AdobeDocs/uxp-photoshop-plugin-samples): ``require("photoshop")`` (``app``,
``core.executeAsModal``, ``action.batchPlay``), ``require("indesign")``, ``require("premierepro")``, XD's
``require("scenegraph")``, ``application``, ``commands``, ``clipboard``, ``interactions``, ``assets``, ``cloud`` and
``viewport``, and UXP's own ``require("uxp")`` (``entrypoints``, ``storage``, ``shell``) in every host. npm has
unrelated packages named ``photoshop``, ``uxp``, ``scenegraph`` and ``application`` and none named ``indesign`` or
``premierepro`` (read as missing).

A file is such a plug-in's script when its plug-in's ``manifest.json`` is a UXP manifest: a ``host`` (one object or
a list) whose ``app`` names a UXP host application (``PS``, ``ID``, ``XD``, ``premierepro``). The manifest is the
nearest ``manifest.json`` in the file's folder or above, inside the scan, or, for a plug-in whose sources a bundler
builds into another folder (the samples' ``src/index.js`` beside ``plugin/manifest.json``), a ``manifest.json`` in the
folder of the nearest ``package.json`` or in one of that folder's sub-folders. Only the modules of the applications
the manifest names are the host's, with ``uxp``; any other file's ``require("photoshop")`` is judged as the npm name
it is, and an invented id in a plug-in's script is judged as usual.
"""

from __future__ import annotations

import json
import os
import re

from ...fsview import active, memo
from ...imports import nearest_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# each UXP host application's code in a manifest's host.app (lower-cased) -> the modules it provides
HOSTS = {
    "ps": frozenset({"photoshop"}),
    "id": frozenset({"indesign"}),
    "premierepro": frozenset({"premierepro"}),
    "ppro": frozenset({"premierepro"}),
    "xd": frozenset({"scenegraph", "application", "commands", "clipboard", "interactions", "assets", "cloud",
                     "viewport"}),
}
# every UXP host's own module (os and fs, which UXP gives too, are Node's names: node-builtins.txt)
COMMON = frozenset({"uxp"})
MODULES = COMMON.union(*HOSTS.values())
# a quoted id of one of those modules: a file without one needs no manifest read
QUOTED = re.compile(r"""["'`](?:%s)["'`]""" % "|".join(sorted(MODULES)))
MANIFEST = "manifest.json"
SKIP = ("node_modules", ".git")
MAX_SUBFOLDERS = 64  # a package folder's sub-folders looked into for a plug-in manifest


def uxp_modules(source: Source) -> frozenset[str]:
    """The module ids the host gives when ``source`` is a UXP plug-in's script, else none."""
    if source.fs_path is None or source.root is None or QUOTED.search(source.text) is None:
        return frozenset()
    nearest = nearest_file(source, MANIFEST)
    apps = _host_apps(str(nearest)) if nearest is not None else frozenset()
    if not apps:
        package = nearest_file(source, "package.json")
        if package is not None:
            apps = _package_apps(str(package.parent))
    if not apps:
        return frozenset()
    return COMMON.union(*(HOSTS[a] for a in apps))


@memo(maxsize=256)
def _package_apps(folder: str) -> frozenset[str]:
    """The UXP host applications of the plug-in manifest in ``folder`` or one of its sub-folders."""
    view = active()
    apps = _host_apps(os.path.join(folder, MANIFEST))
    listing = view.listdir(folder) or []
    subfolders = [name for name, is_dir in listing if is_dir and name not in SKIP and not name.startswith(".")]
    for name in subfolders[:MAX_SUBFOLDERS]:
        apps |= _host_apps(os.path.join(folder, name, MANIFEST))
    return apps


@memo(maxsize=256)
def _host_apps(path: str) -> frozenset[str]:
    """The UXP host applications (HOSTS' keys) a ``manifest.json``'s ``host`` names; none for any other JSON."""
    text = active().read_text(path, 1 << 20)
    if not text or '"host"' not in text:
        return frozenset()
    try:
        data = json.loads(text)
    except ValueError:
        return frozenset()
    host = data.get("host") if isinstance(data, dict) else None
    entries = host if isinstance(host, list) else [host]
    return frozenset(app for e in entries if isinstance(e, dict)
                     for app in [str(e.get("app", "")).lower()] if app in HOSTS)
