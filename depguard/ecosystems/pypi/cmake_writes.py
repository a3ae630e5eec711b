"""The Python modules a tree's CMake build writes: ``file(WRITE …/<name>/__init__.py …)`` and its kin, and the
extension modules it builds (``pybind11_add_module(<name> …)`` and its kin).

A CMake project that builds an extension can make the Python package its tests import in the build folder (rclpy's
``file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/test_rclpy/__init__.py" "")``, into which it then builds the extension
modules, so that ``test/__init__.py``'s ``import test_rclpy`` loads them). The module is the build's, named nowhere
else in the tree. The commands that write a file whose path is a literal ending in ``<name>.py`` or
``<name>/__init__.py`` are read: ``file(WRITE|APPEND|TOUCH|GENERATE OUTPUT|CONFIGURE OUTPUT|COPY_FILE …)`` and
``configure_file(<input> <output>)``; a name made of a variable (``${name}.py``) tells nothing and is left out.

The binding libraries' CMake functions build an extension module named by their first argument, the target, which
they give no prefix (so ``import <name>`` loads it): pybind11's ``pybind11_add_module``, nanobind's
``nanobind_add_module`` and ``nanobind_add_backend`` (its split mode's backend module), and CMake's FindPython
``Python_add_library(<name> MODULE …)`` (``Python3_``, ``Python2_`` too; a ``SHARED`` or ``STATIC`` library is no
module). The source may not name the module where :mod:`native_modules` looks: nanobind's ``test_abi_multi_ext`` is
``NB_MODULE(NB_ABI_MULTI_NAME, m)`` with the name a compile definition, and its ``nanobind_backend_test`` has no
source of its own in the tree. A target made of a variable tells nothing and is left out.

A name found so is the project's own, given to the import judge as a namespace folder is: a declared distribution
still explains the import first, and an invented name no build writes is still judged. Only ``CMakeLists.txt`` and
``*.cmake`` files whose text holds ``.py`` or one of those functions' names are searched (the walk hands the project view their names:
depguard/discover.py NAMED_ONLY), at most :data:`SOURCE_LIMIT` bytes each.
"""

from __future__ import annotations

import re

from ... import lazyre

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

LISTS = "CMakeLists.txt"
SCRIPT_SUFFIX = ".cmake"
SOURCE_LIMIT = 1 << 20

# a writing command and its arguments up to the closing parenthesis (arguments hold no parenthesis but ${…})
WRITES = lazyre.compile(r"\b(?:file|configure_file)\s*\((?P<args>[^()]*)\)", re.I)
FILE_MODES = frozenset({"WRITE", "APPEND", "TOUCH", "GENERATE", "CONFIGURE", "COPY_FILE"})
# a path argument ending in a module file: <name>.py or <name>/__init__.py, the name a literal identifier
MODULE_PATH = re.compile(r"""(?:^|[/"'\s}])(?P<name>[A-Za-z_]\w*)(?:/__init__)?\.py["']?\Z""")


# a command that builds an extension module, its target the first argument (a literal identifier)
BUILDS = lazyre.compile(r"\b(?:(?P<binding>pybind11_add_module|nanobind_add_module|nanobind_add_backend)"
                        r"|python[23]?_add_library)\s*\(\s*(?P<name>[A-Za-z_]\w*)(?=[\s)])(?P<rest>[^()]*)\)", re.I)
BUILD_MARKERS = (b"_add_module", b"_add_backend", b"_add_library")  # the bytes a file holding one of them holds


def built_modules(text: str) -> set[str]:
    """The extension modules the CMake script ``text`` builds (module docstring)."""
    out: set[str] = set()
    for m in BUILDS.finditer(_without_comments(text)):
        if m.group("binding") or "MODULE" in m.group("rest").split():
            out.add(m.group("name"))
    return out


def written_modules(text: str) -> set[str]:
    """The top-level Python modules the CMake script ``text`` writes (module docstring)."""
    if ".py" not in text:
        return set()
    out: set[str] = set()
    for m in WRITES.finditer(_without_comments(text)):
        words = re.findall(r'"[^"]*"|\S+', m.group("args"))
        if not words:
            continue
        if m.group(0)[:4].lower() == "file":
            if words[0].upper() not in FILE_MODES:
                continue
            paths = words[1:]
        else:
            paths = words[1:2]  # configure_file(<input> <output> …): the output
        for word in paths:
            found = MODULE_PATH.search(word.strip('"'))
            if found and found.group("name") != "__init__":
                out.add(found.group("name"))
    return out


def _without_comments(text: str) -> str:
    """``text`` with CMake's line comments (``# …``) blanked; bracket comments and ``#`` inside quotes are rare
    enough in a build's writes to be read as they are."""
    return re.sub(r"(?m)^([^#\"\n]*)#.*$", r"\1", text)


def cmake_modules(files: Iterable[str], read: Callable[[str], bytes | None]) -> set[str]:
    """The modules the tree's CMake scripts write or build: ``files`` are its paths (relative, POSIX), ``read(rel)`` a
    file's bytes (None when unreadable or larger than :data:`SOURCE_LIMIT`)."""
    out: set[str] = set()
    for rel in files:
        name = rel.rpartition("/")[2]
        if name != LISTS and not name.endswith(SCRIPT_SUFFIX):
            continue
        data = read(rel)
        if not data:
            continue
        if b".py" in data:
            out |= written_modules(data.decode("utf-8", errors="replace"))
        if any(marker in data for marker in BUILD_MARKERS):
            out |= built_modules(data.decode("utf-8", errors="replace"))
    return out
