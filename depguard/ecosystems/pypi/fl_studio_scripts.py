"""FL Studio's MIDI controller scripts: the modules FL Studio gives the scripts it runs (held-out set 186).

FL Studio runs a MIDI controller script from a folder of its ``Settings/Hardware`` folder: the file named
``device_<name>.py`` whose first line is ``# name=<the name FL Studio lists>`` (Image-Line's MIDI scripting manual and
the FL Studio API stubs' tutorial, "Getting started with MIDI Controller Scripting"), with that folder on ``sys.path``.
The script and the modules of its folder build on FL Studio's own modules, which FL Studio's embedded Python provides:
``import transport``, ``import ui``, ``import midi``, ``import mixer`` … (IL-Group/FL-Studio-API-Stubs documents each;
its PyPI package, fl-studio-api-stubs, holds only stubs for editors). PyPI has no ``transport``, ``ui``, ``midi``,
``plugins``, ``arrangement``, ``launchMapPages`` or ``fl_classes``; its ``device``, ``mixer``, ``channels``,
``patterns``, ``playlist``, ``general``, ``screen`` and ``callbacks`` are strangers' projects.

So a file in a folder that holds such a ``device_*.py`` (its own folder, or one above it inside the scan) has those
modules as FL Studio's. The same imports anywhere else, and any other import in such a folder, are judged.

Read: the listing of the file's folder and of each folder above it, and the first lines of at most ``MAX_SCRIPTS``
``device_*.py`` files in each, only for a file that imports one of FL Studio's modules.
"""

from __future__ import annotations

from ... import lazyre
from ...imports import ancestors, folder_modules, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the modules of FL Studio's MIDI controller scripting API (IL-Group/FL-Studio-API-Stubs,
# src/midi_controller_scripting/: one folder each)
FL_MODULES = frozenset({"arrangement", "callbacks", "channels", "device", "fl_classes", "general", "launchMapPages",
                        "midi", "mixer", "patterns", "playlist", "plugins", "screen", "transport", "ui"})
# one of them as a word: only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(FL_MODULES)))
# a script's header: `# name=<name>` on its first line, or on one of the comment lines that open the file
HEADER = lazyre.compile(r"\A(?:[ \t]*#[^\n]*\n){0,4}[ \t]*#[ \t]*name[ \t]*=[ \t]*\S")
MAX_SCRIPTS = 8  # device_*.py files of one folder read for the header, at most
HEADER_BYTES = 2048  # what of a device_*.py file the header is looked for in


def fl_modules(source: Source) -> frozenset[str]:
    """FL Studio's modules (``FL_MODULES``) the file imports when it lies in the folder of an FL Studio MIDI controller
    script or below it (module docstring); none otherwise."""
    wanted = host_imports(source, FL_MODULES, NAMED) if source.fs_path is not None else frozenset()
    if not wanted:
        return frozenset()
    for folder in ancestors(source):
        scripts = sorted(name for name in folder_modules(folder, (".py",)) if name.startswith("device_"))
        if any(read_related(source, folder / f"{name}.py", _script_header) for name in scripts[:MAX_SCRIPTS]):
            return wanted
    return frozenset()


def _script_header(text: str) -> bool:
    """Whether a ``device_*.py`` file opens with FL Studio's ``# name=`` line."""
    return HEADER.match(text[:HEADER_BYTES]) is not None
