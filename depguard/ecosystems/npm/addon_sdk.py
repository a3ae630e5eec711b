"""Firefox Add-on SDK (Jetpack) modules: the ids the SDK's loader gives a legacy add-on's CommonJS modules.

A Firefox add-on built with the Add-on SDK (``cfx``, then ``jpm``; Firefox 4 to 56, and Firebug's extensions on
top of it) requires its APIs from the SDK's loader, not from npm (addon-sdk's ``lib/toolkit/loader.js``):
the loader's pseudo-modules ``chrome`` (XPCOM's ``Cc``, ``Ci``, ``Cu``, ``Cr``, ``Cm``, ``components``),
``@loader/options`` and ``@loader/unload``, the test runner's ``@test/options``, and the module trees the loader
maps into Firefox's ``resource://gre/modules/commonjs/``: ``sdk/…`` (``sdk/tabs``, ``sdk/page-mod``,
``sdk/core/heritage``), ``toolkit/…``, ``dev/…``, ``devtools/…``, ``framework/…``, ``method/…``,
``diffpatcher/…``, and the cfx era's ``api-utils/…`` and ``addon-kit/…`` packages. npm has unrelated packages named
``chrome``, ``sdk``, ``toolkit``, ``dev`` and none under ``@loader/`` (read as missing).

A file is such a module when it takes XPCOM's objects from ``require("chrome")`` (``const { Cc, Ci, Cu } =
require("chrome")``), which no npm package gives, or requires one of the SDK's own APIs (a top-level module of
addon-sdk's ``lib/sdk/``: ``sdk/self``, ``sdk/tabs``, ``sdk/simple-prefs``, ``sdk/core/…``) or a cfx-era
``api-utils/``/``addon-kit/`` module. Any other file's ``require("@loader/options")`` or ``require("chrome")`` is
judged as the npm name it is, and an SDK module's other ids (an npm package, an invented one) are judged as usual.
"""

from __future__ import annotations

import re

# the loader's pseudo-modules and the first segments of the module trees it maps (addon-sdk lib/, Firefox's commonjs/)
MODULES = frozenset({"chrome", "@loader/options", "@loader/unload", "@test/options", "sdk", "toolkit", "dev",
                     "devtools", "framework", "method", "diffpatcher", "api-utils", "addon-kit"})
# the top-level modules and folders of addon-sdk's lib/sdk/: the SDK's own API
SDK_APIS = (
    "addon", "addon-page", "base64", "browser", "clipboard", "console", "content", "context-menu", "core",
    "deprecated", "dom", "event", "frame", "fs", "hotkeys", "indexed-db", "input", "io", "keyboard", "l10n", "lang",
    "loader", "messaging", "model", "net", "notifications", "output", "page-mod", "page-worker", "panel", "passwords",
    "platform", "preferences", "private-browsing", "querystring", "remote", "request", "selection", "self",
    "simple-prefs", "simple-storage", "stylesheet", "system", "tab", "tabs", "test", "timers", "ui", "uri", "url",
    "util", "view", "webextension", "widget", "window", "windows", "worker", "zip")
_REQUIRE = r"""require\s*\(\s*["']"""
# XPCOM taken from the loader's chrome module: `const { Cc, Ci } = require("chrome")`, `require('chrome').Cu`
CHROME = re.compile(_REQUIRE + r"""chrome["']\s*\)(?P<member>\s*\.\s*(?:Cc|Ci|Cu|Cr|Cm|CC|components)\b)?""")
XPCOM = re.compile(r"\b(?:Cc|Ci|Cu|Cr|Cm|CC|components|ChromeWorker)\b")
MAX_PATTERN = 400  # how far before `= require("chrome")` its destructuring pattern is looked for
SDK_REQUIRE = re.compile(_REQUIRE + r"(?:sdk/(?:" + "|".join(re.escape(a) for a in SDK_APIS)
                         + r""")(?:["'/])|(?:api-utils|addon-kit)/)""")


def addon_sdk_modules(text: str) -> frozenset[str]:
    """The module ids the Add-on SDK's loader provides when ``text`` is an SDK add-on's module, else none."""
    if "require" not in text or ("chrome" not in text and "sdk/" not in text and "-kit/" not in text
                                 and "api-utils/" not in text):
        return frozenset()
    if not _takes_xpcom(text) and SDK_REQUIRE.search(text) is None:
        return frozenset()
    return MODULES


def _takes_xpcom(text: str) -> bool:
    """Whether ``text`` takes XPCOM's objects from ``require("chrome")``: a member of it, or a destructuring pattern
    naming one (each require looked at once, its pattern found backwards from it: linear in the text)."""
    for call in CHROME.finditer(text):
        if call.group("member"):
            return True
        before = text[max(0, call.start() - MAX_PATTERN):call.start()].rstrip()
        if not before.endswith("="):
            continue
        before = before[:-1].rstrip()
        opening = before.rfind("{")
        if before.endswith("}") and opening >= 0 and XPCOM.search(before, opening) is not None:
            return True
    return False
