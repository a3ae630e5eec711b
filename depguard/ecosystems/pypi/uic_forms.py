"""Custom widgets of a Qt Designer form, in the Python code Qt's uic generated from it (held-out set 196).

A form (``.ui``) may use a widget Qt does not have, declared in its ``<customwidgets>``: ``<class>`` the widget's
class, ``<header>`` the C++ header declaring it. uic (PySide's ``pyside2-uic``/``pyside6-uic``, PyQt's ``pyuic5``/
``pyuic6``) turns each such declaration into an import of the header's name without its suffix, ``/`` read as ``.``:
``<header>ctkCollapsibleButton.h</header>`` becomes ``from ctkCollapsibleButton import ctkCollapsibleButton``, and
heads the code with the form's name (``## Form generated from reading UI file 'MONAILabelReviewer.ui'``; PyQt: ``#
Form implementation generated from reading ui file 'x.ui'``). MONAILabel's Slicer plug-in holds such code, generated
by the VS Code Qt extension into ``.qt_for_python/uic/``, whose form (Resources/UI/MONAILabelReviewer.ui) declares
CTK's C++ widget: the import names a header the form declares, not a PyPI project.

So in a file uic generated, an import ``from M import C`` whose form, found in the tree, declares a custom widget of
class ``C`` with header ``M`` is the form's declaration: ``M`` is not a package to install. An import the form does not
declare, the same import in code uic did not generate, and code whose form the tree does not hold stay judged.

Read: only for a file headed as uic heads its code, the form: at the path the header gives, from the file's folder
or a folder above it inside the scan, else by its name in those folders and their subfolders two levels down (at
most ``MAX_LISTED`` folders listed).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from ... import lazyre
from ...fsview import active
from ...imports import ancestors, read_related

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# uic's heading (PySide: `## Form generated from reading UI file 'x.ui'`; PyQt: `# Form implementation generated
# from reading ui file 'x.ui'`), in the file's first lines
GENERATED = lazyre.compile(r"(?m)^#+[ \t]*Form (?:implementation )?generated from reading ui file '([^'\n]+\.ui)'",
                           re.I)
HEAD = 2048  # characters of the file the heading is looked for in
# `from M import C` (one class, as uic writes a custom widget's import)
FROM_IMPORT = lazyre.compile(r"(?m)^from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+([A-Za-z_]\w*)[ \t]*$")
CLASS = re.compile(r"<class>\s*([^<\s]+)\s*</class>")
# the header's text up to its end tag, stripped after the match: a lazy text between two \s* retried the trailing \s*
# at each of its characters, quadratic in a run of blanks (reviewer r30: 60 KB of them in a form took 12 s)
HEADER = re.compile(r"<header\b[^>]*>([^<]*)</header>")
HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx")
MAX_LISTED = 64  # folders listed in looking for the form by its name


def uic_widget_modules(source: Source) -> frozenset[str]:
    """The top-level modules of the custom-widget imports of code uic generated that its form declares (module
    docstring); none otherwise."""
    if "generated from reading" not in source.text[:HEAD] or source.fs_path is None:
        return frozenset()
    heading = GENERATED.search(source.text[:HEAD])
    if heading is None:
        return frozenset()
    imported = {(m[1], m[2]) for m in FROM_IMPORT.finditer(source.text)}
    form = _form(source, heading[1]) if imported else None
    declared = read_related(source, form, _declared_widgets) if form is not None else None
    return frozenset(module.split(".")[0] for module, cls in imported & (declared or frozenset()))


def _form(source: Source, written: str) -> Path | None:
    """The form the heading names: at its path from the file's folder or one above, else by its name below them."""
    written = written.replace("\\", "/")
    relative = posixpath.normpath(written.lstrip("/")) if not written.startswith("..") else posixpath.basename(written)
    name = posixpath.basename(relative)
    view, folders = active(), ancestors(source)
    for folder in folders:
        if view.is_file(folder / relative):
            return folder / relative
    listed = 0
    for folder in folders:
        level = [folder]
        for _ in range(3):  # the folder itself, its subfolders, theirs
            below: list[Path] = []
            for here in level:
                listed += 1
                if listed > MAX_LISTED:
                    return None
                entries = view.listdir(here) or []
                if any(entry == name and not is_dir for entry, is_dir in entries):
                    return here / name
                below.extend(here / entry for entry, is_dir in entries if is_dir)
            level = below
    return None


def _declared_widgets(text: str) -> frozenset[tuple[str, str]]:
    """(module, class) of each custom widget a form declares: the header without its suffix, ``/`` as ``.``."""
    out: set[tuple[str, str]] = set()
    for part in text.split("<customwidget>")[1:]:  # each declaration up to its end (a split: linear in the text)
        end = part.find("</customwidget>")
        block = part[:end] if end >= 0 else ""
        cls, header = CLASS.search(block), HEADER.search(block)
        module = header[1].strip() if header is not None else ""
        if cls is None or not module:
            continue
        for suffix in HEADER_SUFFIXES:
            if module.endswith(suffix):
                module = module[: -len(suffix)]
                break
        out.add((module.replace("/", "."), cls[1]))
    return frozenset(out)
