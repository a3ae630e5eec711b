"""PhantomJS scripts: the modules the headless browser gives its scripts.

A script PhantomJS runs (``phantomjs test.js``: lodash's and many older libraries' browser test runners) requires
``webpage``, ``system`` and ``webserver`` from PhantomJS itself (its API reference, "Modules"), not from npm; npm has
unrelated packages of those names (``webpage`` reads as a look-alike of ``webpack``). A file is such a script when it
uses PhantomJS's own global: ``phantom.exit()``, ``phantom.args``, ``phantom.injectJs()`` and the rest of the
``phantom`` object's API, or ``callPhantom``. Any other file's ``require('webpage')`` is judged as the npm name it is.
"""

from __future__ import annotations

import re

# the modules PhantomJS provides besides fs and child_process, which are Node's names too (node-builtins.txt)
MODULES = frozenset({"webpage", "system", "webserver"})
# PhantomJS's global object in use: a member of its API, or the page-to-script callback
GLOBAL_IN_USE = re.compile(
    r"\bphantom\s*\.\s*(?:exit|args|injectJs|onError|addCookie|deleteCookie|clearCookies|cookies|cookiesEnabled"
    r"|libraryPath|version|outputEncoding|setProxy|scriptName)\b|\bcallPhantom\b")


def phantomjs_modules(text: str) -> frozenset[str]:
    """The module ids PhantomJS provides when ``text`` is a PhantomJS script, else none."""
    if "hantom" not in text or GLOBAL_IN_USE.search(text) is None:
        return frozenset()
    return MODULES
