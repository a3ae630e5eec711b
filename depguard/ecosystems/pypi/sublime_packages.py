"""The package Sublime Text bundles that its plug-ins import: ``Default``.

Sublime Text imports every package's plug-ins as modules of a package named after the package
(``Packages/Default/paste_from_history.py`` is ``Default.paste_from_history``), and every installation ships the
``Default`` package (``Default.sublime-package``: the editor's own commands, ``history_list``,
``paste_from_history``, ``exec`` …). A plug-in builds on them: Terminus's ``from Default.paste_from_history import
ClipboardHistory``, GitSavvy's ``from Default import history_list``. A file that imports Sublime Text's API
(``sublime`` or ``sublime_plugin``) is written to run inside Sublime Text, so its ``Default`` is that package
(PyPI has no ``default``: absent from its name list, 2026-12-06). The same import in a file that does not import
the API is judged, as is any other name beside it.
"""

from __future__ import annotations

from ... import lazyre

# `import sublime`, `import sublime_plugin`, `import os, sublime`, `from sublime import Region`,
# `from sublime_plugin import TextCommand`, at the start of a line (indented inside a function or a try: too)
SUBLIME_API = lazyre.compile(r"(?m)^[ \t]*(?:import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*sublime(?:_plugin)?\b(?!\.)"
                             r"|from[ \t]+sublime(?:_plugin)?[ \t]+import\b)")
BUNDLED = frozenset({"Default"})


def bundled_packages(text: str) -> frozenset[str]:
    """The bundled Sublime Text packages (``Default``) the file may import: those when it imports Sublime Text's
    API, none otherwise."""
    return BUNDLED if "sublime" in text and SUBLIME_API.search(text) else frozenset()
