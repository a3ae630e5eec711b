"""Odoo add-ons' JavaScript: module names Odoo's asset bundler resolves, never npm packages.

An Odoo add-on is a folder holding ``__manifest__.py`` (``__openerp__.py`` before Odoo 10); its browser code lies
below its ``static/`` folder and is bundled by Odoo itself, which resolves each import from the add-ons installed
beside it: ``@web/core/utils/hooks`` is ``web/static/src/core/utils/hooks.js`` of the ``web`` add-on,
``@web_help/helpers.esm`` the repository's own ``web_help`` add-on, a legacy ``odoo.define`` name such as
``web.core`` or ``web_editor.wysiwyg`` another add-on's module, and ``@odoo/owl`` the library the ``web`` add-on
ships. Nothing there is installed from npm or read from ``node_modules`` (OCA/web's 40 add-ons import ``@web/…``,
``@mail/…`` and ``web.*`` hundreds of times). A package.json between the file and its add-on folder means the folder
has a build of its own, and its imports are judged as usual; one above the add-on (a repository's lint tooling)
does not.
"""

from __future__ import annotations

import os

from ...fsview import active
from ._js_project import nearest_file

MANIFESTS = ("__manifest__.py", "__openerp__.py")


def odoo_asset(path: str, root: str) -> bool:
    """Whether the file ``path`` (on disk, inside the scan ``root``) lies below the ``static/`` folder of an Odoo
    add-on, with no package.json between its folder and the add-on's (module docstring)."""
    rel = os.path.relpath(path, root).replace("\\", "/")
    parts = rel.split("/")[:-1]
    if rel.startswith("..") or "static" not in parts:
        return False
    at = len(parts) - 1 - parts[::-1].index("static")
    addon = os.path.join(root, *parts[:at]) if at else root
    view = active()
    if not any(view.is_file(os.path.join(addon, name)) for name in MANIFESTS):
        return False
    return nearest_file(os.path.join(root, *parts), addon, ("package.json",)) is None
