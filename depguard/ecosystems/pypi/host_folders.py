"""The folders a desktop application puts on ``sys.path`` for the Python it runs, read from the tree's layout
(issue 12, held-out set 72: add-ons and tools of digital content creation applications).

* **Blender** puts its add-on folders (``scripts/addons``; ``addons_core`` and ``addons_contrib`` beside it) on
  ``sys.path`` and imports each add-on as a top-level package. A folder of one of those names holding a package
  whose ``__init__.py`` declares ``bl_info`` (a legacy add-on) is such a folder: glTF-Blender-IO keeps its add-on in
  ``addons/io_scene_gltf2/``, and the example add-ons beside it ``from io_scene_gltf2 import …``.
* **Maya** reads module description files (``x.mod``): a line ``+ [KEY:value …] NAME VERSION PATH`` starts a module
  whose folder is ``PATH`` (relative to the ``.mod`` file), and Maya adds the module's ``scripts`` folder (or the one
  a ``scripts: path`` line names, relative to the module's folder) to ``sys.path``; a ``PYTHONPATH +:= path`` line adds
  a folder too. mGear's ``release/mGear.mod`` names ``./platforms/2024/linux/x64`` with ``scripts: ../../../../scripts``,
  so ``release/scripts/`` holds the ``mgear`` package its tests import.
* **Houdini** puts the ``pythonX.Ylibs`` folders of every ``HOUDINI_PATH`` entry (a package's ``python3.11libs/``) on
  ``sys.path``, by their name, as an interpreter does ``site-packages``.
* **Nuke** runs every ``init.py`` (then ``menu.py``) on its plug-in path; ``nuke.pluginAddPath('./python')`` there adds
  that folder, relative to the file's own, to the plug-in path and to ``sys.path`` (unless ``addToSysPath=False``),
  for every script of the session: a Nuke tool set's ``menu.py`` imports the modules of the folders its ``init.py``
  added.
* **Vim** puts the ``python3``, ``pythonx`` and ``python2`` folders of every plug-in on its ``runtimepath`` on
  ``sys.path`` (``:help python3-directory``), and **Neovim** loads remote plug-ins from their ``rplugin/python3``
  folder, which other plug-ins' sources extend: UltiSnips ships ``rplugin/python3/deoplete/sources/ultisnips.py``, a
  completion source deoplete.nvim loads, which imports deoplete's own package through the namespace folder
  ``deoplete``. Such a folder counts when the folder above it (above ``rplugin``) is a Vim plug-in: it holds Vim
  script in a ``plugin``, ``autoload`` or ``ftplugin`` folder (``plugin/UltiSnips.vim``). A file below such a
  ``python3``, ``pythonx`` or ``python2`` folder runs in Vim, whose built-in ``vim`` module it imports (jedi-vim's
  ``pythonx/jedi_vim.py``); so does a file below a folder of the plug-in that the plug-in's own Vim script puts on
  ``sys.path`` from Python it runs (YouCompleteMe's ``autoload/youcompleteme.vim``: a ``py3 << EOF`` block whose
  ``sys.path[ 0:0 ] = [ p.join( root_folder, 'python' ), …]`` adds ``python/``, the folder of its ``ycm`` package);
  A Python file the plug-in's Vim script runs by name (``:py3file``, ``:pyfile``, ``:pyxfile``: gundo.vim's
  ``exe 'py3file ' . s:plugin_path . '/gundo.py'``, the path from the script's folder or the plug-in's) imports it
  too. ``import vim`` elsewhere is judged.
* A **vendor folder** (``vendor``, ``_vendor``, ``vendored``, and their ``python`` folder): modules a tool copied
  into its tree and puts on ``sys.path`` itself, for hosts whose Python it cannot install into (ayon-core's
  ``client/ayon_core/vendor/python/qargparse.py``, added by its launcher, imported as ``qargparse``). What the folder
  holds is in the tree; an import of another name is judged as usual.

Nothing is run; only ``.mod`` files, the ``__init__.py`` of packages in a Blender add-on folder and a Vim plug-in's
Vim script (for the Python blocks that change ``sys.path``) are read (a Vim plug-in is known by its files' names).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable

from ... import lazyre

BLENDER_ADDON_FOLDERS = frozenset({"addons", "addons_core", "addons_contrib"})
BL_INFO = lazyre.compile(r"(?m)^bl_info[ \t]*(?::[^=\n]*)?=[ \t]*\{")
# a Maya module's first line: ``+ [KEY:value ...] NAME VERSION PATH`` (the conditions MAYAVERSION:2024 PLATFORM:linux
# LOCALE:… come first); the name and version are words, the path the rest of the line
MAYA_MODULE = lazyre.compile(r"^\+[ \t]+(?:[A-Z_]+:[^\s]*[ \t]+)*[^\s:]+[ \t]+[^\s]+[ \t]+(?P<path>[^\r\n]+?)[ \t]*$")
MAYA_SCRIPTS = lazyre.compile(r"^[ \t]*scripts[ \t]*:[ \t]*(?P<path>[^\r\n]+?)[ \t]*$")
MAYA_PYTHONPATH = lazyre.compile(r"^[ \t]*PYTHONPATH[ \t]*(?:\+:=|\+=|:=|=)[ \t]*(?P<path>[^\r\n]+?)[ \t]*$")
MAYA_MOD_MAX = 64 * 1024  # a module description is a few lines a platform; a larger .mod file is something else
HOUDINI_LIBS = lazyre.compile(r"python\d(?:\.?\d+)?libs")
NUKE_FILES = frozenset({"init.py", "menu.py"})
# ``nuke.pluginAddPath("./gizmos")``: one literal path, not ``addToSysPath=False``
NUKE_PLUGIN_PATH = lazyre.compile(r"""\bnuke\.pluginAddPath\(\s*(?P<q>['"])(?P<path>[^'"\n]*)(?P=q)\s*(?P<rest>[^)\n]*)\)""")
NUKE_FILE_MAX = 256 * 1024
VENDOR_FOLDERS = frozenset({"vendor", "_vendor", "vendored"})
VIM_PYTHON_FOLDERS = frozenset({"python3", "pythonx", "python2"})  # beside a Vim plug-in's plugin/ and autoload/
REMOTE_PLUGIN_FOLDERS = frozenset({"python3", "python"})  # a Neovim plug-in's rplugin/python3 (python: Python 2's)
VIM_SCRIPT_FOLDERS = frozenset({"plugin", "autoload", "ftplugin"})
VIM_SCRIPT_SUFFIXES = (".vim", ".lua")
VIM_MODULES = frozenset({"vim"})
# a Vim script's Python block, ``:py3 << EOF`` (``python3``, ``pyx``, ``pythonx``, Python 2's ``py``/``python``;
# ``trim``; no marker: a line of ``.`` ends it), and what a sys.path statement in it names: quoted folder names
VIM_PY_HEREDOC = lazyre.compile(r"[ \t]*:?(?:py3|python3|pyx|pythonx|py|python)[ \t]*<<[ \t]*(?:trim\b[ \t]*)?"
                                r"(?P<end>[^\s\"]*)[ \t]*\Z")
QUOTED_FOLDER = lazyre.compile(r"""(?P<q>['"])(?P<path>[A-Za-z0-9_][A-Za-z0-9_.\-/]{0,99})(?P=q)""")
VIM_SCRIPT_MAX = 512 * 1024  # a plug-in's Vim script; YouCompleteMe's autoload file is 60 KB
SYS_PATH_STATEMENT_LINES = 8  # a sys.path statement's continuation lines (a list written one folder a line)
# a Vim command that runs a Python file (``:py3file``, ``:pyfile``, ``:pyxfile``, spelled out or not) and the path of a
# ``.py`` file written after it on the line (``exe 'py3file ' . s:plugin_path . '/gundo.py'``)
VIM_PYFILE = lazyre.compile(r"\b(?:py3f(?:ile)?|pyf(?:ile)?|pyxf(?:ile)?|python3file|pythonxfile)\b(?P<rest>[^\n]*)")
PATH_WORD = lazyre.compile(r"[A-Za-z0-9_.\-/]+")  # a path's characters, run together (linear: nothing follows)
PYFILE_REST = 300  # what is read of a command's line after the command
MAX_ADDONS_READ = 64
ADDON_INIT_MAX = 1024 * 1024  # an add-on's __init__.py; bl_info is near its top


def host_path_folders(files: Iterable[str], folders: set[str], has_python: set[str],
                      read: Callable[[str, int], str | None]) -> set[str]:
    """The folders (relative to the scan root) that Blender, Maya, Houdini or Vim put on ``sys.path`` for the tree's
    Python, and its vendor folders (see the module docstring): ``files`` are the tree's files, ``folders`` its
    folders, ``has_python`` the folders with Python in or below them, ``read(rel, max_bytes)`` gives a file's text
    (None when it cannot be read or is larger: a ``.mod`` file of another kind, a tracker module's music, is not
    read whole)."""
    files = sorted(files)
    out: set[str] = set()
    for folder in has_python:
        name = folder.rpartition("/")[2]
        if HOUDINI_LIBS.fullmatch(name) or name in VENDOR_FOLDERS:
            out.add(folder)
        elif name == "python" and folder.rpartition("/")[0].rpartition("/")[2] in VENDOR_FOLDERS:
            out.add(folder)
    out |= vim_python_folders(files, has_python, remote=True, read=read)
    out |= _blender_addon_folders(files, read)
    for rel in files:
        folder, _, name = rel.rpartition("/")
        if name in NUKE_FILES:
            text = read(rel, NUKE_FILE_MAX)
            if text and "pluginAddPath" in text:
                out |= {f for f in nuke_plugin_folders(text, folder) if f in has_python}
    for rel in files:
        if rel.endswith(".mod"):
            text = read(rel, MAYA_MOD_MAX)
            if text and "+" in text:
                out |= {f for f in maya_module_folders(text, rel.rpartition("/")[0]) if f in has_python}
    return out & folders


def vim_python_folders(files: Iterable[str], has_python: set[str], remote: bool = False,
                       read: Callable[[str, int], str | None] | None = None) -> set[str]:
    """The ``python3``, ``pythonx`` and ``python2`` folders of the tree's Vim plug-ins that hold Python (and, with
    ``remote``, their Neovim ``rplugin/python3`` folders): Vim puts them on ``sys.path``; with ``read`` (a file's
    text, as :func:`host_path_folders` reads), also the folders of a plug-in that its Vim script's Python blocks put
    on ``sys.path`` (:func:`vim_script_path_folders`)."""
    files = list(files)
    plugins = vim_plugin_folders(files)
    out: set[str] = set()
    if read is not None and plugins:
        for root, rel in _vim_scripts(files):
            text = read(rel, VIM_SCRIPT_MAX) if root in has_python else None
            if text and "sys.path" in text:
                out |= {f for f in vim_script_path_folders(text, root) if f in has_python}
    for folder in has_python if plugins else ():
        above, _, name = folder.rpartition("/")
        if name in VIM_PYTHON_FOLDERS and above in plugins:
            out.add(folder)
        elif remote and name in REMOTE_PLUGIN_FOLDERS and above.rpartition("/")[2] == "rplugin" \
                and above.rpartition("/")[0] in plugins:
            out.add(folder)
    return out


def vim_modules(rel: str | None, folders: frozenset[str]) -> frozenset[str]:
    """The modules Vim gives the file ``rel`` (relative to the scan root): ``vim`` (its built-in module, which Neovim's
    Python host provides too; PyPI has no ``vim``: absent from its name list, 2026-12-06) for a file below one of a Vim
    plug-in's ``python3``, ``pythonx`` or ``python2`` folders (``folders``: :func:`vim_python_folders`), or for a file
    ``folders`` names itself (:func:`vim_run_files`), none for any other file."""
    if rel is None or not folders:
        return frozenset()
    return VIM_MODULES if rel in folders or any(rel.startswith(f + "/") for f in folders) else frozenset()


def vim_plugin_folders(files: Iterable[str]) -> set[str]:
    """The folders (relative to the scan root, ``""`` for the root) that are Vim plug-ins: they hold Vim script
    (``.vim``, or Neovim's ``.lua``) in a ``plugin``, ``autoload`` or ``ftplugin`` folder (``autoload/x/y.vim`` too)."""
    return {root for root, _ in _vim_scripts(files)}


def _vim_scripts(files: Iterable[str]) -> Iterable[tuple[str, str]]:
    """(plug-in folder, file) for each Vim script of a plug-in (see :func:`vim_plugin_folders`)."""
    for rel in files:
        if rel.endswith(VIM_SCRIPT_SUFFIXES):
            parts = rel.split("/")
            for i, part in enumerate(parts[:-1]):
                if part in VIM_SCRIPT_FOLDERS:
                    yield "/".join(parts[:i]), rel
                    break


def vim_run_files(files: Iterable[str], has_python: set[str], read: Callable[[str, int], str | None]) -> set[str]:
    """The Python files (relative to the scan root) that a Vim plug-in's Vim script runs with ``:py3file``,
    ``:pyfile`` or ``:pyxfile``: a ``.py`` path written after the command on its line, from the script's folder or
    from the plug-in's (gundo.vim's ``autoload/gundo.vim`` runs ``autoload/gundo.py``). Only the Vim script of a
    plug-in with Python in or below its folder (``has_python``) is read."""
    files = list(files)
    present = set(files)
    out: set[str] = set()
    for root, rel in _vim_scripts(files):
        if not rel.endswith(".vim") or root not in has_python:
            continue
        text = read(rel, VIM_SCRIPT_MAX)
        if not text:
            continue
        here = rel.rpartition("/")[0]
        for m in VIM_PYFILE.finditer(text):
            for word in PATH_WORD.findall(m.group("rest")[:PYFILE_REST]):
                path = word.lstrip("/")
                if not path.endswith(".py") or len(path) <= 3:
                    continue
                for base in (here, root):
                    candidate = posixpath.normpath(f"{base}/{path}" if base else path)
                    if candidate in present:
                        out.add(candidate)
    return out


def vim_script_path_folders(text: str, plugin: str) -> set[str]:
    """The folders (relative to the scan root) of the Vim plug-in in ``plugin`` that the Python blocks of its Vim
    script ``text`` put on ``sys.path``: the quoted folder names of each statement naming ``sys.path`` in a
    ``py3 << EOF`` block, joined to the plug-in's folder (the runtimepath entry, which YouCompleteMe's block computes
    as ``root_folder``). A name quoted elsewhere in the block, or outside a Python block, says nothing."""
    out: set[str] = set()
    lines = text.splitlines()
    i = 0
    while i < len(lines):  # one pass: each line is read once as a block's line or a candidate start
        m = VIM_PY_HEREDOC.match(lines[i])
        if m is None:
            i += 1
            continue
        end = m.group("end") or "."
        j = i + 1
        while j < len(lines) and lines[j].strip() != end:
            j += 1
        block = lines[i + 1:j]
        i = j + 1
        for k, line in enumerate(block):
            if "sys.path" not in line:
                continue
            statement = line
            for more in block[k + 1:k + 1 + SYS_PATH_STATEMENT_LINES]:
                if statement.count("(") + statement.count("[") <= statement.count(")") + statement.count("]"):
                    break
                statement += "\n" + more
            for q in QUOTED_FOLDER.finditer(statement):
                folder = posixpath.normpath(f"{plugin}/{q.group('path')}" if plugin else q.group("path"))
                if not folder.startswith(("..", "/")) and folder != ".":
                    out.add(folder)
    return out


def _blender_addon_folders(files: list[str], read: Callable[[str, int], str | None]) -> set[str]:
    out: set[str] = set()
    read_count = 0
    for rel in files:
        parts = rel.split("/")
        if len(parts) < 3 or parts[-1] != "__init__.py" or parts[-3] not in BLENDER_ADDON_FOLDERS:
            continue
        folder = "/".join(parts[:-2])
        if folder in out or read_count >= MAX_ADDONS_READ:
            continue
        read_count += 1
        text = read(rel, ADDON_INIT_MAX)
        if text and BL_INFO.search(text):
            out.add(folder)
    return out


def maya_module_folders(text: str, folder: str) -> list[str]:
    """The folders (relative to the scan root) that the Maya module description ``text``, a file in ``folder``, puts
    on ``sys.path``: each module's ``scripts`` folder, or the one its ``scripts:`` line names, and its ``PYTHONPATH``
    additions; absolute paths and paths with variables (``${MAYA_APP_DIR}``) are outside the tree."""
    out: list[str] = []
    module: str | None = None
    scripts_named = False

    def inside(base: str, path: str) -> str | None:
        path = path.strip().strip("\"'").replace("\\", "/")
        if not path or path.startswith(("/", "~")) or "$" in path or "%" in path or ":" in path:
            return None
        joined = posixpath.normpath(posixpath.join(base or ".", path))
        return None if joined.startswith("..") else ("" if joined == "." else joined)

    def close() -> None:
        if module is not None and not scripts_named:
            default = inside(module, "scripts")
            if default is not None:
                out.append(default)

    for line in text.splitlines():
        start = MAYA_MODULE.match(line)
        if start:
            close()
            module, scripts_named = inside(folder, start.group("path")), False
            continue
        if module is None:
            continue
        scripts = MAYA_SCRIPTS.match(line)
        named = scripts or MAYA_PYTHONPATH.match(line)
        if named:
            scripts_named = scripts_named or scripts is not None
            added = inside(module, named.group("path"))
            if added is not None:
                out.append(added)
    close()
    return list(dict.fromkeys(out))


def nuke_plugin_folders(text: str, folder: str) -> list[str]:
    """The folders (relative to the scan root) that ``nuke.pluginAddPath`` calls with a literal path in ``text``, a
    Nuke ``init.py`` or ``menu.py`` in ``folder``, put on ``sys.path`` (relative to that folder; not those given
    ``addToSysPath=False``, absolute ones, or ones with variables)."""
    out: list[str] = []
    for m in NUKE_PLUGIN_PATH.finditer(text):
        if "addToSysPath" in m.group("rest") and "False" in m.group("rest"):
            continue
        path = m.group("path").replace("\\", "/")
        if not path or path.startswith(("/", "~")) or "$" in path or "%" in path or ":" in path:
            continue
        joined = posixpath.normpath(posixpath.join(folder or ".", path))
        if not joined.startswith(".."):
            out.append("" if joined == "." else joined)
    return list(dict.fromkeys(out))
