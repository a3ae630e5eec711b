"""Ableton Live's control-surface (MIDI Remote) scripts: the modules Live gives the scripts it runs (held-out spot set 186).

Live loads each package of its ``MIDI Remote Scripts`` folder (and of the user library's ``Remote Scripts``) into its
own Python and calls the ``create_instance(c_instance)`` its ``__init__.py`` defines, handing it the ``c_instance``
that connects the script to Live; that entry point is what makes a package a control surface (every script Live ships,
e.g. ``APC40/__init__.py``: ``def create_instance(c_instance): return APC40(c_instance)``; AbletonOSC's root
``__init__.py``). Such a script builds on modules Live itself provides: ``Live`` and ``MidiRemoteScript`` (native
modules of Live's interpreter) and the shared frameworks of Live's remote-scripts folder, ``ableton`` (``ableton.v2``,
``ableton.v3``), ``pushbase`` and ``novation`` (``_Framework`` and ``_Generic`` too, which no registry name can be).
AbletonOSC writes ``from ableton.v2.control_surface import ControlSurface`` and ``import Live``. None is a PyPI package
(PyPI has no ``ableton``, ``pushbase``, ``novation`` or ``midiremotescript``; its ``live`` is a stranger's 2010 live-
coding library).

So a file of a package whose ``__init__.py`` (its own folder's, or that of a package above it, up to the first folder
without one) defines ``create_instance(c_instance…)`` has those modules as Live's. The same imports anywhere else, and
any other import in a script, are judged.

Read: the ``__init__.py`` files of the file's package and the packages above it (at most ``MAX_DEPTH``), only for a
file that imports one of Live's modules.
"""

from __future__ import annotations

from ... import lazyre
from ...imports import package_inits, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the modules Live gives its remote scripts that a registry name could be (Live 11 and 12: its native Live and
# MidiRemoteScript, and the shared packages ableton, pushbase and novation of its MIDI Remote Scripts folder)
LIVE_MODULES = frozenset({"Live", "MidiRemoteScript", "ableton", "pushbase", "novation"})
# one of them as a word: only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(LIVE_MODULES)))
# Live's entry point at a line's start: `def create_instance(c_instance):` (annotated or not)
ENTRY_POINT = lazyre.compile(r"(?m)^[ \t]*def[ \t]+create_instance[ \t]*\([ \t]*c_instance\b")
MAX_DEPTH = 8  # packages above the file's own read for the entry point, at most


def live_modules(source: Source) -> frozenset[str]:
    """Live's modules (``LIVE_MODULES``) the file imports when it lies in an Ableton Live control-surface script's
    package (module docstring); none otherwise."""
    wanted = host_imports(source, LIVE_MODULES, NAMED) if source.fs_path is not None else frozenset()
    if wanted and any(read_related(source, init, _defines_entry_point) for init in package_inits(source, MAX_DEPTH)):
        return wanted
    return frozenset()


def _defines_entry_point(text: str) -> bool:
    """Whether a package's ``__init__.py`` defines Live's ``create_instance(c_instance)``."""
    return "create_instance" in text and ENTRY_POINT.search(text) is not None
