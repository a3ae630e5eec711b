"""The modules IRC clients and bouncers give the Python scripts they run, besides WeeChat's (:mod:`.weechat_scripts`).

HexChat's Python interface (hexchat.readthedocs.io, "Python Interface") gives a script ``hexchat`` (and ``xchat``, its
compatibility name) and registers it by the ``__module_name__``, ``__module_version__`` and ``__module_description__``
the script sets at its top level. ZNC's modpython (wiki.znc.in/Modpython) gives a module file ``znc``, and the file
defines a class deriving from ``znc.Module``. PyPI has no ``hexchat`` and no ``znc`` (absent from its name list,
2026-12-06; ``xchat`` is someone else's project there). A file that imports the module and carries its host's mark is
such a script, so the import is the host's, not a registry name; the same import in a file without the mark (a helper
module, a test) is judged, as is every other import.
"""

from __future__ import annotations

import re

from ... import lazyre

# `__module_name__ = "x"` at the start of a line: HexChat's registration of the script
HEXCHAT_MARK = lazyre.compile(r"(?m)^__module_name__[ \t]*=")
HEXCHAT_MODULES = ("hexchat", "xchat")
ZNC_MODULES = ("znc",)
WORDS = lazyre.compile(r"\b(?:hexchat|xchat|znc)\b")
BASES_MAX = 500  # the characters of a class's base list read for ``znc.Module`` (reviewer r27)


def _aliases(text: str, module: str) -> set[str]:
    """The names a file's ``import module`` / ``import module as x`` statements bind (at a line's start, indented
    inside a ``try:`` too; ``import os, znc`` as well)."""
    pattern = re.compile(r"(?m)^[ \t]*import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*"
                         + re.escape(module) + r"(?:[ \t]+as[ \t]+(?P<alias>[A-Za-z_]\w*))?\b(?!\.)")
    return {m.group("alias") or module for m in pattern.finditer(text)}


def irc_client_modules(text: str) -> frozenset[str]:
    """The host modules a HexChat script or a ZNC python module imports (module docstring); none for another file."""
    if WORDS.search(text) is None:
        return frozenset()
    found: set[str] = set()
    if HEXCHAT_MARK.search(text):
        found.update(m for m in HEXCHAT_MODULES if _aliases(text, m))
    for module in ZNC_MODULES:
        names = _aliases(text, module)
        # (the base list read at most BASES_MAX characters: unbounded, unclosed `class a(` lines made it quadratic)
        if names and re.search(r"(?m)^[ \t]*class[ \t]+\w+[ \t]*\([^)]{0,%d}?\b(?:%s)\.Module\b"
                               % (BASES_MAX, "|".join(map(re.escape, names))), text):
            found.add(module)
    return frozenset(found)
