"""Host applications' plug-ins: the modules the host gives its plug-in's scripts, named by the plug-in's manifest.

Some design applications run a plug-in's JavaScript in their own runtime and give it their API as modules that are
no npm packages; the plug-in's ``manifest.json`` says which host it is for:

* Adobe UXP (Photoshop, InDesign, Premiere Pro, XD; Adobe's UXP API references, AdobeDocs/uxp-photoshop-plugin-samples):
  ``require("photoshop")`` (``app``, ``core.executeAsModal``, ``action.batchPlay``), ``require("indesign")``,
  ``require("premierepro")``, XD's ``scenegraph``, ``application``, ``commands``, ``clipboard``, ``interactions``,
  ``assets``, ``cloud`` and ``viewport``, and UXP's own ``uxp`` (``entrypoints``, ``storage``, ``shell``) in every
  host. The manifest's ``host`` (one object or a list) names the applications by ``app`` (``PS``, ``ID``, ``XD``,
  ``premierepro``); only those applications' modules, with ``uxp``, are the host's. npm has unrelated packages
  named ``photoshop``, ``uxp``, ``scenegraph`` and ``application`` and none named ``indesign`` or ``premierepro``.
* Adobe Express add-ons (the add-on SDK's document sandbox; AdobeDocs/express-add-on-samples): the sandbox's
  ``import addOnSandboxSdk from "add-on-sdk-document-sandbox"`` and ``import { editor } from
  "express-document-sdk"``, names npm does not have. The manifest's ``requirements.apps`` names ``Express``.
* Sketch (its JavaScript API, developer.sketch.com): ``require('sketch')`` and ``sketch/dom``, ``sketch/ui``,
  ``sketch/settings``, ``sketch/async``, ``sketch/data-supplier``; npm's ``sketch`` is an unrelated package. The
  manifest (``Foo.sketchplugin/Contents/Sketch/manifest.json``, or skpm's ``src/manifest.json``) lists
  ``commands`` whose entries have an ``identifier`` and a ``script`` or ``handler``.

The plug-in's manifest is the nearest ``manifest.json`` in the file's folder or above, inside the scan, or, for a
plug-in whose sources a bundler builds into another folder (the UXP samples' ``src/index.js`` beside
``plugin/manifest.json``), a ``manifest.json`` in the folder of the nearest ``package.json`` or in one of that
folder's sub-folders. Any other file's ``require("photoshop")`` is judged as the npm name it is, and an invented id
in a plug-in's script is judged as usual.
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
UXP_HOSTS = {
    "ps": frozenset({"photoshop"}),
    "id": frozenset({"indesign"}),
    "premierepro": frozenset({"premierepro"}),
    "ppro": frozenset({"premierepro"}),
    "xd": frozenset({"scenegraph", "application", "commands", "clipboard", "interactions", "assets", "cloud",
                     "viewport"}),
}
# every UXP host's own module (os and fs, which UXP gives too, are Node's names: node-builtins.txt)
UXP = frozenset({"uxp"})
EXPRESS = frozenset({"add-on-sdk-document-sandbox", "express-document-sdk"})
SKETCH = frozenset({"sketch"})  # and its sub-paths sketch/dom, sketch/ui, … (the package name is the id's first part)
MODULES = UXP.union(EXPRESS, SKETCH, *UXP_HOSTS.values())
# a quoted id of one of those modules (or a sub-path of one): a file without one needs no manifest read
QUOTED = re.compile(r"""["'`](?:%s)["'`/]""" % "|".join(sorted(MODULES)))
MANIFEST = "manifest.json"
SKIP = ("node_modules", ".git")
MAX_SUBFOLDERS = 64  # a package folder's sub-folders looked into for a plug-in manifest


def plugin_host_modules(source: Source) -> frozenset[str]:
    """The module ids the host application gives when ``source`` is a script of its plug-in, else none."""
    if source.fs_path is None or source.root is None or QUOTED.search(source.text) is None:
        return frozenset()
    nearest = nearest_file(source, MANIFEST)
    found = _host_modules(str(nearest)) if nearest is not None else frozenset()
    if not found:
        package = nearest_file(source, "package.json")
        if package is not None:
            found = _package_modules(str(package.parent))
    return found


@memo(maxsize=256)
def _package_modules(folder: str) -> frozenset[str]:
    """The host modules of the plug-in manifest in ``folder`` or one of its sub-folders."""
    found = _host_modules(os.path.join(folder, MANIFEST))
    listing = active().listdir(folder) or []
    subfolders = [name for name, is_dir in listing if is_dir and name not in SKIP and not name.startswith(".")]
    for name in subfolders[:MAX_SUBFOLDERS]:
        found |= _host_modules(os.path.join(folder, name, MANIFEST))
    return found


@memo(maxsize=256)
def _host_modules(path: str) -> frozenset[str]:
    """The modules the host a plug-in ``manifest.json`` names gives; none for any other JSON."""
    text = active().read_text(path, 1 << 20)
    if not text or not any(key in text for key in ('"host"', '"requirements"', '"commands"')):
        return frozenset()
    try:
        data = json.loads(text)
    except ValueError:
        return frozenset()
    if not isinstance(data, dict):
        return frozenset()
    return uxp_apps_modules(data) | express_modules(data) | sketch_modules(data)


def uxp_apps_modules(data: dict) -> frozenset[str]:
    """``uxp`` and the modules of the UXP host applications a manifest's ``host`` (object or list) names."""
    host = data.get("host")
    apps = [str(e.get("app", "")).lower() for e in (host if isinstance(host, list) else [host]) if isinstance(e, dict)]
    named = [UXP_HOSTS[a] for a in apps if a in UXP_HOSTS]
    return UXP.union(*named) if named else frozenset()


def express_modules(data: dict) -> frozenset[str]:
    """The document sandbox's modules when an add-on manifest's ``requirements.apps`` names Adobe Express."""
    requirements = data.get("requirements")
    apps = requirements.get("apps") if isinstance(requirements, dict) else None
    if isinstance(apps, list) and any(isinstance(a, dict) and a.get("name") == "Express" for a in apps):
        return EXPRESS
    return frozenset()


def sketch_modules(data: dict) -> frozenset[str]:
    """Sketch's modules when a manifest lists ``commands`` with an ``identifier`` and a ``script`` or ``handler``."""
    commands = data.get("commands")
    if isinstance(commands, list) and any(isinstance(c, dict) and "identifier" in c and ("script" in c or "handler" in c)
                                          for c in commands):
        return SKETCH
    return frozenset()
