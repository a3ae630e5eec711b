"""Moodle plug-ins' JavaScript: the AMD module ids Moodle's own loader resolves, never npm packages.

A Moodle plug-in is a folder holding ``version.php`` (``$plugin->component = 'qtype_coderunner';``, the plug-in's
"frankenstyle" name: its type, an underscore, its name); its browser code is ``amd/src/*.js``, which Moodle's Grunt
build transpiles one file at a time into ``amd/build/*.min.js`` AMD modules, each named ``<component>/<file>``.
Moodle's RequireJS configuration serves them all: ``core/templates`` (the core subsystem's ``lib/amd``),
``core_form/events``, another plug-in's ``mod_quiz/…`` and the plug-in's own ``qtype_coderunner/userinterfacewrapper``
(trampgeek/moodle-qtype_coderunner's amd/src/ui_scratchpad.js, held-out set 252). No id there is looked up in
``node_modules``. An id of that shape (``core`` or a frankenstyle name, then a module) in a file below ``amd/src`` or
``amd/build`` of a folder whose ``version.php`` sets ``$plugin->…`` is Moodle's; any other id there (``jquery``, an
invented package) is judged as usual, and so is the same id in any other file.
"""

from __future__ import annotations

import os

from ... import lazyre
from ...fsview import active, memo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# a quoted AMD id of a Moodle component and one of its modules: core/x, core_form/x, qtype_coderunner/x
COMPONENT_ID = lazyre.compile(r"""["'](?P<component>core|[a-z][a-z0-9]*_[a-z][a-z0-9_]*)/[\w./-]+["']""")
PLUGIN_SAYS = lazyre.compile(r"\$plugin\s*->\s*(?:component|version)\s*=")
VERSION_PHP = "version.php"


def moodle_amd_modules(source: Source) -> frozenset[str]:
    """The Moodle components (``core``, ``qtype_coderunner``) whose AMD modules ``source`` imports, when it is a
    file of a Moodle plug-in's ``amd/src`` or ``amd/build`` (module docstring); none otherwise."""
    if source.fs_path is None or source.root is None or "/" not in source.text:
        return frozenset()
    rel = os.path.relpath(str(source.fs_path), str(source.root)).replace("\\", "/")
    parts = rel.split("/")[:-1]
    if rel.startswith("..") or "amd" not in parts:
        return frozenset()
    at = len(parts) - 1 - parts[::-1].index("amd")
    if at + 1 >= len(parts) or parts[at + 1] not in ("src", "build"):
        return frozenset()
    plugin = os.path.join(str(source.root), *parts[:at]) if at else str(source.root)
    if not _moodle_plugin(os.path.join(plugin, VERSION_PHP)):
        return frozenset()
    return frozenset(m.group("component") for m in COMPONENT_ID.finditer(source.text))


@memo(maxsize=64)
def _moodle_plugin(path: str) -> bool:
    """Whether ``path`` is a Moodle plug-in's ``version.php`` (it sets ``$plugin->component`` or ``->version``)."""
    view = active()
    if not view.is_file(path):
        return False
    text = view.read_text(path, 1 << 16) or ""
    return "<?php" in text and PLUGIN_SAYS.search(text) is not None
