"""Ulauncher extensions: ``ulauncher``, the API of the Ulauncher that runs them (the category of held-out set 187).

Ulauncher runs each extension of ``~/.local/share/ulauncher/extensions/`` as a Python 3 process of its own, with
Ulauncher's own package on ``sys.path``; the extension's root holds ``manifest.json``, whose ``required_api_version``
says which Extension API it is written for, and ``main.py`` (Ulauncher/Ulauncher, docs/extensions/tutorial.rst).
Its modules import that API: ``from ulauncher.api.client.Extension import Extension``, ``from
ulauncher.api.shared.event import KeywordQueryEvent`` (Ulauncher/ulauncher-timer's ``timer/TimerExtension.py``). No
PyPI distribution gives ``ulauncher`` (its JSON API answers 404, 2026-12-06).

A file is an extension's when a ``manifest.json`` at or above it, inside the scan, is a JSON object with a
``required_api_version`` string; there its import of ``ulauncher`` is Ulauncher's. Elsewhere (a WebExtension's
``manifest.json``, a ``versions.json`` alone), and for any other name, the import is judged as usual. Read: only for a
file that imports ``ulauncher``, the ``manifest.json`` files above it (each once a scan).
"""

from __future__ import annotations

import json

from ... import lazyre
from ...imports import files_above, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

ULAUNCHER_MODULES = frozenset({"ulauncher"})
NAMED = lazyre.compile(r"\bulauncher\b")


def ulauncher_modules(source: Source) -> frozenset[str]:
    """``ulauncher`` when the file imports it and is a Ulauncher extension's (module docstring); none otherwise."""
    wanted = host_imports(source, ULAUNCHER_MODULES, NAMED)
    if wanted and any(read_related(source, path, _extension_manifest) for path in files_above(source, "manifest.json")):
        return wanted
    return frozenset()


def _extension_manifest(text: str) -> bool:
    """Whether ``text`` is a Ulauncher extension's manifest: a JSON object with a ``required_api_version`` string."""
    if "required_api_version" not in text:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and isinstance(data.get("required_api_version"), str)
