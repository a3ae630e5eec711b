"""The Python files of a tree that its own scripts load into GDB, whose embedded interpreter provides ``gdb``.

GDB runs a Python file it is told to load (``gdb -x FILE.py``, ``--command=FILE.py``, ``-ix``/``--init-command``,
``-ex 'source FILE.py'``, a ``source FILE.py`` line written into its init file) in its own Python, where
``import gdb`` is GDB's module: no distribution provides it, and PyPI has none of that name. A debugger extension says so where the
project installs or tests it: gef's CI writes ``echo "source /gef/gef.py" > /root/.gdbinit`` (.github/tests/
entrypoint.sh) and ``echo "source $(pwd)/gef.py" > ~/.gdbinit`` (its docs workflow), then runs GDB; gef.py's
``import gdb`` is GDB's (held-out set 116).

Read: the tree's scripts (the files one of depguard's script formats reads: shell scripts, workflows, Makefiles,
Dockerfiles …), as text, never run. A line counts only when it speaks of GDB (the word ``gdb``, ``gdb-multiarch``,
or a ``gdbinit`` file it writes); GDB command files themselves (``.gdbinit``) are no file the scan lists. The named
path is matched against the tree's Python files by its trailing components, after the parts no tree path can hold (an absolute or home prefix, a variable or command
substitution naming the checkout, ``.`` and ``..``): ``/gef/gef.py`` and ``$(pwd)/gef.py`` name the root's
``gef.py``. A tree file must hold every component kept (``tools/gdb/helpers.py`` names no root ``helpers.py``); only
an absolute path may be longer than the tree file it names, its leading folders being where the checkout sits
(``/gef/gef.py``: the checkout at ``/gef``), and then only the files matching most of it (``/src/tools/x.py`` names
``tools/x.py``, not also a root ``x.py``). ``-x``/``--command``/``-ix``/``--init-command`` count only as options of
the gdb command itself, after it in the same command (``apt-get install -y gdb && python -x helpers.py`` loads
nothing into GDB). A Python file nothing loads that way (pwntools' ``examples/android.py``, whose ``import gdb``
means pwntools' own pwnlib.gdb) keeps its ``import gdb`` judged.

Every pattern here runs in linear time on a line of untrusted text: a token is taken whole, and its ``.py`` path
is found in Python (a long token with no ``.py`` costs one pass, r24 finding 6)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable

from ... import lazyre

GDB_MODULES = frozenset({"gdb"})
# a line that speaks of GDB: the command (gdb, gdb-multiarch) or an init file it reads (~/.gdbinit, gdbinit)
GDB_WORD = lazyre.compile(r"(?<![\w.-])gdb(?:-multiarch)?(?![\w-])|gdbinit\b")
# the gdb command: the word as a whole token (``gdb``, ``/usr/bin/gdb``, ``"$dir/exe/gdb"``), not a file name (``gdb.py``)
GDB_COMMAND = lazyre.compile(r"""(?<![\w.-])gdb(?:-multiarch)?(?=[\s"')]|\Z)""")
# a Python file GDB is told to load on that line: `source X.py` (-ex's argument, a line echoed into an init file),
# `-x X.py`, `--command=X.py`, `-ix X.py`, `--init-command X.py`, `--eval-command="source X.py"`: the keyword and the
# token after it, taken whole (no backtracking); its path is cut in Python (:func:`_path`)
LOADS = lazyre.compile(r"""(?:(?<![\w-])(?P<source>source)|(?<![\w-])(?:-x|-ix|--command|--init-command))"""
                       r"""(?:[ \t]+|=)["']?(?P<token>[^\s"';&|<>]*)""")
# the end of a path's ``.py`` in a token (``gef.py``, not ``x.pyc`` nor ``a.py.bak``)
PY_END = lazyre.compile(r"\.py(?![\w.])")
# what ends one shell command on a line and starts another (quotes not followed: a separator inside them only makes
# a load count less)
SEPARATOR = lazyre.compile(r"[;&|]")
CONTINUED = lazyre.compile(r"[ \t]*\\[ \t]*\r?\n")
NOT_IN_TREE = ("$", "`", "~", "%", "{", "}")  # a part that is a variable, a substitution or a home folder


def gdb_loaded(scripts: Iterable[str], files: frozenset[str], read: Callable[[str], str | None]) -> frozenset[str]:
    """The Python files among ``files`` that a script among ``scripts`` loads into GDB (module docstring)."""
    python = [f for f in files if f.endswith(".py")]
    if not python:
        return frozenset()
    by_name: dict[str, list[str]] = {}
    for f in python:
        by_name.setdefault(f.rpartition("/")[2], []).append(f)
    out: set[str] = set()
    for rel in scripts:
        text = read(rel)
        if not text or "gdb" not in text or not GDB_WORD.search(text):
            continue
        for line in CONTINUED.sub(" ", text).splitlines():
            if not GDB_WORD.search(line):
                continue
            commands: list[int] | None = None
            for m in LOADS.finditer(line):
                path = _path(m.group("token"))
                if path is None:
                    continue
                if m.group("source") is None:  # an option: only gdb's own, after gdb in the same command
                    if commands is None:
                        commands = _gdb_commands(line)
                    if not _after_gdb(m.start(), commands):
                        continue
                out |= _named(path, by_name)
    return frozenset(out)


def _path(token: str) -> str | None:
    """The Python file's path a load's token starts with: up to the first ``.py`` that ends a file name with
    something before it (``a.pyx/b.py`` -> itself, ``printers.py)`` -> ``printers.py``), or None."""
    for m in PY_END.finditer(token):
        start = m.start()
        if start > 0 and token[start - 1] != "/":
            return token[:m.end()]
    return None


def _gdb_commands(line: str) -> list[int]:
    """Per command of ``line`` (split at ``;``, ``&``, ``|``), flattened: the command's start, then where its first
    gdb word is (-1 when it has none); in order of position."""
    starts = [0] + [m.end() for m in SEPARATOR.finditer(line)]
    first = [-1] * len(starts)
    for m in GDB_COMMAND.finditer(line):
        at = bisect_right(starts, m.start()) - 1
        if first[at] < 0:
            first[at] = m.start()
    return [v for pair in zip(starts, first) for v in pair]


def _after_gdb(position: int, commands: list[int]) -> bool:
    """Whether ``position`` is after the gdb word of its own command (:func:`_gdb_commands`)."""
    starts = commands[0::2]
    at = bisect_right(starts, position) - 1
    gdb = commands[2 * at + 1]
    return 0 <= gdb < position


def _named(path: str, by_name: dict[str, list[str]]) -> set[str]:
    """The tree's Python files whose path ends with the components of ``path`` that a tree path can hold."""
    parts = path.replace("\\", "/").split("/")
    kept: list[str] = []
    for part in reversed(parts):
        if not part or part in (".", "..") or any(c in part for c in NOT_IN_TREE):
            break
        kept.append(part)
    if not kept:
        return set()
    kept.reverse()
    # an absolute path (``/gef/gef.py``) holds the checkout's own location before the tree's path: a tree file may be
    # a tail of it, the longest such tail only (one place, one file); any other path (relative, after a variable,
    # ``..`` or a home folder) ends with all of ``kept``
    absolute = len(kept) == len(parts) - 1 and parts[0] == ""
    found: dict[str, int] = {}
    for candidate in by_name.get(kept[-1], ()):
        theirs = candidate.split("/")
        n = min(len(theirs), len(kept)) if absolute else len(kept)
        if theirs[-n:] == kept[-n:]:
            found[candidate] = n
    longest = max(found.values(), default=0)
    return {f for f, n in found.items() if n == longest}


# GDB's own Python packages (gdb/python/lib/gdb in GDB's sources: gdb.printing, gdb.types ...) and the names only its
# embedded module has (the GDB manual's "Python API": gdb.execute, gdb.parse_and_eval, gdb.Command ...); pwntools'
# pwnlib.gdb, which an example imports as `gdb`, has none of them (its attach, debug, Breakpoint and Gdb are left out)
GDB_PACKAGES = ("printing", "types", "prompt", "unwinder", "xmethod", "FrameDecorator", "FrameIterator", "frames",
                "function", "command", "dap", "disassembler", "missing_debug")
GDB_API = ("execute", "parse_and_eval", "lookup_type", "lookup_global_symbol", "lookup_symbol", "selected_frame",
           "selected_thread", "selected_inferior", "newest_frame", "pretty_printers", "current_objfile", "objfiles",
           "Command", "Parameter", "COMMAND_USER", "COMMAND_DATA", "COMMAND_RUNNING", "PARAM_BOOLEAN")
GDB_PACKAGE_IMPORT = lazyre.compile(rf"^[ \t]*(?:import[ \t]+gdb\.|from[ \t]+gdb\.)(?:{'|'.join(GDB_PACKAGES)})\b", re.M)
GDB_API_USE = lazyre.compile(rf"(?<![\w.])gdb\.(?P<name>{'|'.join(GDB_API)})\b")
GDB_API_NEEDED = 2  # distinct names of GDB's own API a file must use when it imports none of GDB's packages


def speaks_gdb(text: str) -> bool:
    """Whether a Python file is written for GDB's embedded interpreter by its own text: it imports one of GDB's
    packages (numba's ``numba/misc/gdb_print_extension.py``: ``import gdb.printing``, which numba's gdb hook loads with
    ``-x``), or uses at least two names of GDB's own API (Cython's ``Cython/Debugger/Tests/test_libcython_in_gdb.py``
    runs ``gdb.execute`` and ``gdb.parse_and_eval`` inside the GDB its test driver starts). Then its ``import gdb``
    is GDB's; pwntools' ``examples/android.py`` (``gdb.debug``, pwnlib's) is neither."""
    if "gdb" not in text:
        return False
    if GDB_PACKAGE_IMPORT.search(text):
        return True
    used: set[str] = set()
    for m in GDB_API_USE.finditer(text):
        used.add(m.group("name"))
        if len(used) >= GDB_API_NEEDED:
            return True
    return False


def loaded_modules(rel: str | None, loaded: frozenset[str]) -> frozenset[str]:
    """The modules GDB gives the file ``rel`` (relative to the scan root) when the tree loads it into GDB."""
    return GDB_MODULES if rel is not None and rel in loaded else frozenset()

