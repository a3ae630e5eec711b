"""A Kodi add-on's ``addon.xml``: the Python module add-ons it requires, which Kodi installs from its own add-on
repositories, never from PyPI.

Every Kodi add-on has an ``addon.xml`` at its top: ``<addon id="plugin.video.netflix" …>`` with a ``<requires>``
list of ``<import addon="ID" version="…"/>`` lines. An ID ``script.module.NAME`` is a module add-on (its
``xbmc.python.module`` extension puts its ``lib`` folder on the ``sys.path`` of every add-on that imports it), and
Kodi names module add-ons after the module they provide: ``script.module.inputstreamhelper`` provides
``inputstreamhelper``, ``script.module.addon.signals`` provides ``AddonSignals``, ``script.module.requests`` provides
``requests``. So the part after ``script.module.`` is declared, for the files below ``addon.xml``, as a name from
elsewhere: an import whose letters are that part's (``AddonSignals`` for ``addon.signals``) is the module add-on's,
not a registry guess. Any other required ID (``xbmc.python``, ``resource.images.x``, ``inputstream.adaptive``, a binary
add-on) names no Python module, and an XML file of another kind (no ``<addon`` root, no ``<requires>``) names
nothing. Read with a regular expression over the text, never an XML parser that could be told to fetch or expand
anything.
"""

from __future__ import annotations

from ... import lazyre

NAME = "addon.xml"
ROOT = lazyre.compile(r"<addon\b[^<>]*\bid\s*=\s*[\"'][^\"'<>]+[\"']")
IMPORT = lazyre.compile(r"<import\b[^<>]*?\baddon\s*=\s*[\"']script\.module\.(?P<name>[A-Za-z0-9_][A-Za-z0-9_.-]*)[\"']")


def module_addons(text: str) -> list[str]:
    """The names of the module add-ons (``script.module.NAME``: ``NAME``) a Kodi ``addon.xml`` requires, in order,
    once each; none for any other XML."""
    if "<addon" not in text or ROOT.search(text) is None:
        return []
    names: list[str] = []
    start = text.find("<requires")
    while start != -1:  # each <requires> block to its closing tag, the text read once
        end = text.find("</requires", start)
        if end == -1:
            break
        names.extend(m.group("name") for m in IMPORT.finditer(text, start, end))
        start = text.find("<requires", end)
    return list(dict.fromkeys(names))
