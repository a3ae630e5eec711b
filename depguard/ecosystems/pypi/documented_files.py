"""Modules whose files the project's documents hand the reader from elsewhere.

A sample that runs inside another tool's package imports files the tree does not hold but its documents name:
kserve's ``docs/samples/v1beta1/torchserve/v2/bert/README.md`` sends the reader to pytorch/serve's
``examples/Huggingface_Transformers`` and packs ``./Transformer_handler_generalized.py`` into the model archive
(``torch-model-archiver … --extra-files "…,./Transformer_handler_generalized.py"``), and the handler below it does
``from Transformer_handler_generalized import …``. The evidence is the tree's: a command line in a fenced code block of
a document (Markdown, reStructuredText, AsciiDoc) in the importing file's folder or one above it names the file
``X.py`` itself, bare or as ``./X.py``. Only a name no registry has becomes a note (:func:`documented_file_note`); a
file named in prose, a path into another folder (``tools/x.py``) or a document of another branch leaves it judged.
"""

from __future__ import annotations

import os
import re

from ...fsview import active, memo
from ...model import Example
from ...project import DOC_SUFFIXES

FENCE = re.compile(r"^[ \t]*(?:```|~~~)")
# a file of the working folder named in a command: ``X.py`` or ``./X.py``, not a path into another folder
MODULE_FILE = re.compile(r"""(?:(?<=[\s"'=,])|^)(?:\./)?([A-Za-z_]\w*)\.py(?=[\s"',;)]|$)""", re.M)
READ_LIMIT = 256 * 1024


def _fenced_files(text: str) -> set[str]:
    """The module names of the files ``X.py`` the fenced code blocks of a document name."""
    out: set[str] = set()
    inside = False
    for line in text.splitlines():
        if FENCE.match(line):
            inside = not inside
            continue
        if inside and ".py" in line:
            out |= {m.group(1) for m in MODULE_FILE.finditer(line)}
    return out


@memo(maxsize=256)
def documented_files(root: str, folder: str) -> dict[str, str]:
    """Module name -> document (relative to ``root``) for each file ``X.py`` a fenced code block of a document in
    ``folder`` (relative to ``root``, POSIX) names."""
    view = active()
    out: dict[str, str] = {}
    for name, is_dir in view.listdir(os.path.join(root, folder) if folder else root) or ():
        if is_dir or not name.lower().endswith(DOC_SUFFIXES):
            continue
        doc = f"{folder}/{name}" if folder else name
        text = view.read_text(os.path.join(root, doc), READ_LIMIT)
        if not text or ".py" not in text:
            continue
        for module in sorted(_fenced_files(text)):
            out.setdefault(module, doc)
    return out


def documented_file_note(top: str, root: str | None, folder: str | None) -> Example | None:
    """A note for an import of ``top`` that nothing declared explains, where a document of the importing file's
    ``folder`` or of one above it names the file ``top.py`` in a command (:func:`documented_files`). Only a name no
    registry has becomes the note; a name somebody registered is judged as usual."""
    if root is None or folder is None:
        return None
    here = folder
    while True:
        doc = documented_files(root, here).get(top)
        if doc is not None:
            return Example(f"{top!r} is declared nowhere, but {doc} names its file {top}.py in a command for the reader "
                           "to bring (a file of another checkout or of the tool's package): not a registry's package, "
                           "and the tree cannot show it", setting=None)
        if not here:
            return None
        here = here.rpartition("/")[0]
