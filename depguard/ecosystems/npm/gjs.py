"""GJS scripts: the modules GNOME's JavaScript runtime gives the ES modules it runs.

GJS (GNOME Shell, its extensions, GTK applications such as Foliate) imports GObject-introspected libraries by the
``gi://`` scheme (``import Gtk from 'gi://Gtk?version=4.0'``) and provides a few built-in ES modules by bare id
(GJS's ``modules/esm/``: ``cairo``, ``gettext``, ``system``, ``console``): Foliate's ``import { gettext as _ } from
'gettext'``. Those ids are GJS's, not npm's; npm has unrelated packages of those names (``gettext`` reads as a
look-alike of a popular one). A file is such a module when it imports a ``gi://`` id, a scheme no other runtime
resolves. Any other file's ``import 'gettext'`` is judged as the npm name it is.
"""

from __future__ import annotations

import re

# GJS's built-in ES modules (gjs: modules/esm/cairo.js, gettext.js, system.js, console.js)
MODULES = frozenset({"cairo", "gettext", "system", "console"})
# an import or dynamic import of a GObject-introspection namespace by GJS's own scheme
GI_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']gi://[A-Za-z]""")


def gjs_modules(text: str) -> frozenset[str]:
    """The module ids GJS provides when ``text`` is an ES module GJS runs (it imports a ``gi://`` id), else none."""
    if "gi://" not in text or GI_IMPORT.search(text) is None:
        return frozenset()
    return MODULES
