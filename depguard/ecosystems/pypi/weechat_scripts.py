"""WeeChat's scripting API: a Python script WeeChat runs imports ``weechat``, the module WeeChat's python plug-in
gives it, and registers itself with ``weechat.register(name, author, version, license, description, shutdown,
charset)`` before anything else (WeeChat's scripting guide; every script of weechat/scripts does). A file that both
imports ``weechat`` (under that name or ``as w``) and calls ``register`` on it is such a script, so its ``weechat`` is
WeeChat's (PyPI has no ``weechat``: absent from its name list, 2026-12-06), not a registry name. An import of
``weechat`` in a file that registers nothing (a helper module, a test) is judged, as is every other import.
"""

from __future__ import annotations

from ... import lazyre

# `import weechat`, `import weechat as w`, `import os, weechat` at the start of a line (indented inside a try: too)
IMPORT = lazyre.compile(r"(?m)^[ \t]*import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*weechat"
                        r"(?:[ \t]+as[ \t]+(?P<alias>[A-Za-z_]\w*))?\b(?!\.)")
# a call of a module's register: `weechat.register(`, `w.register(`
REGISTER = lazyre.compile(r"\b(?P<module>[A-Za-z_]\w*)\.register[ \t]*\(")
WEECHAT_MODULES = frozenset({"weechat"})


def weechat_modules(text: str) -> frozenset[str]:
    """``weechat`` when the file imports it and calls ``register`` on it (a WeeChat script), none otherwise."""
    if "weechat" not in text or "register" not in text:
        return frozenset()
    names = {m.group("alias") or "weechat" for m in IMPORT.finditer(text)}
    if not names:
        return frozenset()
    registers = any(m.group("module") in names for m in REGISTER.finditer(text))
    return WEECHAT_MODULES if registers else frozenset()
