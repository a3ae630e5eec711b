"""Modules whose files the project's documents hand the reader from elsewhere.

A sample that runs inside another tool's package imports files the tree does not hold but its documents name:
kserve's ``docs/samples/v1beta1/torchserve/v2/bert/README.md`` sends the reader to pytorch/serve's
``examples/Huggingface_Transformers`` and packs ``./Transformer_handler_generalized.py`` into the model archive
(``torch-model-archiver … --extra-files "…,./Transformer_handler_generalized.py"``), and the handler below it does
``from Transformer_handler_generalized import …``. The evidence is the tree's: a command line in a fenced code block of
a document (Markdown, reStructuredText, AsciiDoc) in the importing file's folder or one above it names the file
``X.py`` itself, bare or as ``./X.py``. Only a name no registry has becomes a note (:func:`documented_file_note`); a
file named in prose, a path into another folder (``tools/x.py``) or a document of another branch leaves it judged.

A ROS tutorial hands the reader ROS packages the same way: ``ros2 pkg create --build-type ament_python --node-name
my_robot_driver my_package --dependencies rclpy geometry_msgs webots_ros2_driver`` (the ROS 2 documentation's Webots
tutorial, ``source/Tutorials/Advanced/Simulators/Webots/Setting-Up-Simulation-Webots-Basic.rst``) creates the
reader's package with those ROS packages in its package.xml, which rosdep and the ROS distribution provide, and the
tutorial's ``Code/robot_launch.py`` below it imports ``webots_ros2_driver``. A name after ``--dependencies`` of such a
command in a document of the importing file's folder or one above is that ROS package, as a package.xml's dependency
is; again only a name no registry has becomes the note.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from ...fsview import active, memo
from ...model import Example
from ...project import DOC_SUFFIXES

FENCE = re.compile(r"^[ \t]*(?:```|~~~)")
# a file of the working folder named in a command: ``X.py`` or ``./X.py``, not a path into another folder
MODULE_FILE = re.compile(r"""(?:(?<=[\s"'=,])|^)(?:\./)?([A-Za-z_]\w*)\.py(?=[\s"',;)]|$)""", re.M)
READ_LIMIT = 256 * 1024
# ``ros2 pkg create`` (its words one space or tab apart) and a ROS package's name (REP 144: letters, digits, underscores)
ROS_PKG_CREATE = re.compile(r"\bros2[ \t]+pkg[ \t]+create\b")
ROS_PACKAGE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


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
    out: dict[str, str] = {}
    for doc, text in _documents(root, folder, ".py"):
        for module in sorted(_fenced_files(text)):
            out.setdefault(module, doc)
    return out


def _documents(root: str, folder: str, needle: str) -> Iterator[tuple[str, str]]:
    """(path relative to ``root``, text) of each document in ``folder`` whose text holds ``needle``."""
    view = active()
    for name, is_dir in view.listdir(os.path.join(root, folder) if folder else root) or ():
        if is_dir or not name.lower().endswith(DOC_SUFFIXES):
            continue
        doc = f"{folder}/{name}" if folder else name
        text = view.read_text(os.path.join(root, doc), READ_LIMIT)
        if text and needle in text:
            yield doc, text


@memo(maxsize=256)
def created_ros_dependencies(root: str, folder: str) -> dict[str, str]:
    """ROS package name -> document (relative to ``root``) for each name after ``--dependencies`` of a ``ros2 pkg
    create`` command in a document of ``folder`` (relative to ``root``, POSIX)."""
    out: dict[str, str] = {}
    for doc, text in _documents(root, folder, "--dependencies"):
        for line in text.splitlines():
            if "--dependencies" in line and ROS_PKG_CREATE.search(line):
                for package in _dependencies(line):
                    out.setdefault(package, doc)
    return out


def _dependencies(line: str) -> list[str]:
    """The words after ``--dependencies`` on a ``ros2 pkg create`` line, up to the next option, a shell operator or
    the line's end: the argument takes any number of package names (``nargs="+"`` in ros2pkg's create verb)."""
    out: list[str] = []
    for word in line.partition("--dependencies")[2].split():
        if not ROS_PACKAGE_NAME.fullmatch(word):
            break
        out.append(word)
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
        doc = created_ros_dependencies(root, here).get(top)
        if doc is not None:
            return Example(f"{top!r} is declared nowhere, but {doc} creates the reader's ROS package with it among its "
                           "dependencies (ros2 pkg create --dependencies): a ROS package the ROS distribution provides, "
                           "not a registry's", setting=None)
        if not here:
            return None
        here = here.rpartition("/")[0]
