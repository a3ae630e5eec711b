"""Regular expressions compiled when first used.

A module-level ``re.compile`` is paid by every process that imports the module, whether or not the run uses
the pattern: a warm ``depguard check`` compiled ~120 patterns before answering, ~15% of its run (issue 19).
``lazyre.compile(pattern, flags)`` returns a stand-in with the methods of a compiled pattern; the first call
compiles it (through ``re``, so a bad pattern raises ``re.error`` then) and from then on those methods are the
compiled pattern's own (set on the instance: no indirection on the hot path).

Compiling is itself dear: ``re`` parses and assembles a pattern in Python, ~1M instructions for a long one, and
a warm ``depguard text`` compiled ~40 of them (a sixth of its run). :func:`stored` keeps what ``re`` makes of
a pattern, its program for the matching engine, between runs (beside depguard's compiled modules, as the
records store does) and gives the next run the same compiled pattern without parsing it again; a program is
stored only when the pattern it makes equals the one ``re.compile`` makes, and never for a pattern ``re``'s
parser could warn about (:func:`storable`). The ``depguard`` command routes every pattern its process compiles
through the same store (:func:`install`): json, argparse and the modules depguard compiles patterns in at
import time too.
"""

from __future__ import annotations

import marshal
import os
import re
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

METHODS = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split")


class Pattern:
    """A pattern compiled on first use: ``match``, ``fullmatch``, ``search``, ``finditer``, ``findall``, ``sub``,
    ``subn``, ``split``, ``pattern``, ``flags``, ``groupindex``; ``compiled()`` gives the ``re.Pattern``."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        compiled = stored(self.pattern, self.flags)
        for name in METHODS:  # instance attributes win over these methods from now on
            self.__dict__[name] = getattr(compiled, name)
        self.__dict__["compiled"] = lambda: compiled
        return compiled

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def match(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pattern):
            return (self.pattern, self.flags) == (other.pattern, other.flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self.flags))

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r}{f', {self.flags}' if self.flags else ''})"


def compile(pattern: str, flags: int = 0) -> Pattern:  # noqa: A001 - re.compile's name, as a drop-in
    """``re.compile``, deferred to the first use of the pattern."""
    return Pattern(pattern, flags)


def declared(pattern: str, where: str, checked: bool, flags: int = 0) -> Pattern:
    """A pattern an ecosystem's data declares, at ``where`` (file and key). ``checked``: it comes from stored
    tables, which hold only tables whose patterns compiled, so it is compiled when first used; else it is
    compiled now, and a bad one is a ConfigError naming ``where``."""
    lazy = Pattern(pattern, flags)
    if not checked:
        try:
            lazy.compiled()
        except re.error as exc:
            from .errors import ConfigError

            raise ConfigError(f"{where}: bad regular expression {pattern!r}: {exc}") from None
    return lazy


# The store of compiled programs. The pattern text and flags are the key, so a changed pattern is a new entry
# and nothing stale is ever used; the header holds the Python version and the matching engine's format number,
# so a store of another Python is not read.
_HEAD = b"depguard patterns 1 "
_KEEP = 2000  # past this many stored entries, keep only what this process used
_PROGRAMS: dict[tuple[str | bytes, int], bytes] | None = None  # (pattern, flags) -> marshalled program
_MADE: dict[tuple[str | bytes, int], bytes] = {}  # what this process compiled
_USED: set[tuple[str | bytes, int]] = set()


def _engine() -> Any:
    """``_sre``, the matching engine ``re`` compiles for (imported by ``re`` itself)."""
    return sys.modules["_sre"]


def _head() -> bytes:
    _sre = _engine()
    return _HEAD + f"{sys.version} {_sre.MAGIC} {_sre.CODESIZE}".encode() + b"\n"


def _store() -> str:
    """Beside the compiled modules of depguard itself (``__pycache__``), trusted exactly as far as they are."""
    return os.path.join(os.path.dirname(__file__), "__pycache__", f"patterns.{sys.implementation.cache_tag}.marshal")


def _load() -> dict[tuple[str | bytes, int], bytes]:
    try:
        with open(_store(), "rb") as fh:
            if fh.readline() != _head():
                return {}
            programs = marshal.loads(fh.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return programs if isinstance(programs, dict) else {}


def _write() -> None:
    """At exit: add what this process compiled to the store (unless Python writes no bytecode either)."""
    if not _MADE or sys.dont_write_bytecode:
        return
    kept = _load()
    if len(kept) + len(_MADE) > _KEEP:
        kept = {key: program for key, program in {**kept, **(_PROGRAMS or {})}.items() if key in _USED}
    kept.update(_MADE)
    path = _store()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError:
        return
    from .paths import write_atomic  # at exit, and only when the store changed: not on the start-up path

    write_atomic(path, _head() + marshal.dumps(kept), 0o644)


def _program(pattern: str | bytes, flags: int) -> tuple[Any, ...] | None:
    """The arguments ``re`` gives the matching engine for ``pattern`` (its compile step, without making the
    pattern), or None where this Python's ``re`` is not laid out as expected."""
    compiler = getattr(re, "_compiler", None) or getattr(re, "sre_compile", None)  # 3.11+ / 3.10
    parser = getattr(compiler, "_parser", None) or getattr(compiler, "sre_parse", None)
    if compiler is None or parser is None or not hasattr(compiler, "_code"):
        return None
    parsed = parser.parse(pattern, flags)
    state = parsed.state
    indexgroup: list[str | None] = [None] * state.groups
    for name, index in state.groupdict.items():
        indexgroup[index] = name
    code = [int(op) for op in compiler._code(parsed, flags)]
    return flags | state.flags, code, state.groups - 1, dict(state.groupdict), tuple(indexgroup)


def _programs() -> dict[tuple[str | bytes, int], bytes]:
    global _PROGRAMS
    if _PROGRAMS is None:
        _PROGRAMS = _load()
    return _PROGRAMS


def _from_store(key: tuple[str | bytes, int]) -> re.Pattern[Any] | None:
    """The pattern made from the program stored for ``key``, else None (a damaged entry is dropped)."""
    programs = _programs()
    _USED.add(key)
    program = programs.get(key)
    if program is not None:
        try:
            return _engine().compile(key[0], *marshal.loads(program))
        except Exception:  # noqa: BLE001 - a damaged entry (the engine checks a program): compile it again
            programs.pop(key, None)
    return None


def _keep(key: tuple[str | bytes, int], args: tuple[Any, ...]) -> None:
    """Store ``args``, what ``re`` gave the engine for ``key``, at exit (the opcodes are int subclasses, which
    marshal does not write: kept as plain ints)."""
    flags, code, groups, groupindex, indexgroup = args
    try:
        program = marshal.dumps((int(flags), [int(op) for op in code], int(groups), dict(groupindex),
                                 tuple(indexgroup)))
    except (TypeError, ValueError):  # nothing else is expected in there; if it is, the pattern is not kept
        return
    if not _MADE:
        import atexit

        atexit.register(_write)
    _programs()[key] = _MADE[key] = program


def storable(pattern: object, flags: object) -> bool:
    """Whether the program of ``pattern`` may be kept: a str or bytes, int flags without DEBUG, and nothing
    ``re``'s parser could warn about (a stored pattern is not parsed again, so it would not warn again): no
    conditional group, no set that starts with ``[`` or doubles one of ``-&~|`` (possible nested sets and set
    operations), no named group in bytes that are not ASCII. Such patterns are compiled by ``re`` every time."""
    if type(pattern) is bytes:
        if not pattern.isascii() and b"(?P" in pattern:
            return False
        pattern = pattern.decode("latin-1")
    if type(pattern) is not str or type(flags) is not int or flags & re.DEBUG or "(?(" in pattern:
        return False
    if not any(text in pattern for text in _MAY_WARN):  # every warning needs one of these (the common case)
        return True
    # where '#' starts a comment (verbose) a '[' after it opens no set, elsewhere it does: both readings
    return not any(_set_may_warn(pattern, comments) for comments in ((False, True) if "#" in pattern else (False,)))


_MAY_WARN = ("[[", "--", "&&", "~~", "||")


def _set_may_warn(pattern: str, comments: bool) -> bool:
    i, n, in_set, first = 0, len(pattern), False, 0
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_set:
            if c == "]" and i > first:
                in_set = False
            elif c in "-&~|" and pattern[i + 1:i + 2] == c:
                return True
        elif c == "[":
            if pattern[i + 1:i + 2] == "[":
                return True
            in_set = True
            first = i + 1 + (pattern[i + 1:i + 2] == "^")  # a ']' there is a member, not the end
        elif comments and c == "#":
            end = pattern.find("\n", i)
            if end < 0:
                break
            i = end
        i += 1
    return False


def stored(pattern: str | bytes, flags: int = 0) -> re.Pattern[Any]:
    """``re.compile(pattern, flags)``; from the program an earlier run stored when there is one, else compiled
    now (a bad pattern raises ``re.error`` as ``re.compile`` does) and stored at exit."""
    flags = int(flags)
    if _INSTALLED or not storable(pattern, flags):  # installed: re.compile itself goes through the store
        return re.compile(pattern, flags)
    key = (pattern, flags)
    found = _from_store(key)
    if found is not None:
        return found
    compiled = re.compile(pattern, flags)
    try:
        args = _program(pattern, flags)
        made = _engine().compile(pattern, *args) if args is not None else None
    except Exception:  # noqa: BLE001 - a layout of re this does not know: the pattern is just not stored
        made = None
    if made is not None and made == compiled and made.groupindex == compiled.groupindex \
            and made.groups == compiled.groups:
        _keep(key, args)  # type: ignore[arg-type]
    return compiled


_INSTALLED: list[Any] = []  # (re's compiler module, its own compile function) once installed


class _Recorder:
    """Stands for ``_sre`` in ``re``'s compiler module: notes what its ``compile`` is given, per thread."""

    def __init__(self, engine: Any) -> None:
        import _thread

        self.engine = engine
        self.seen = _thread._local()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def compile(self, pattern: Any, *args: Any) -> Any:
        self.seen.last = (pattern, args)
        return self.engine.compile(pattern, *args)


def install() -> None:
    """Every pattern this process compiles, through the store: ``re``'s compile step is replaced by one that
    takes a stored program when there is one, else lets ``re`` compile and keeps exactly what ``re`` gave the
    engine (no second parse). For the ``depguard`` command's own process (:func:`depguard.cli.entry`), where
    json, argparse, gettext, urllib and shlex compile patterns too; importing depguard leaves ``re`` alone.
    A no-op where ``re``'s compiler is not laid out as expected."""
    if _INSTALLED:
        return
    compiler = getattr(re, "_compiler", None) or getattr(re, "sre_compile", None)  # 3.11+ / 3.10
    real = getattr(compiler, "compile", None)
    if real is None or getattr(compiler, "_sre", None) is not _engine():
        return
    recorder = _Recorder(_engine())

    def compile(p: Any, flags: int = 0) -> Any:  # noqa: A001 - stands for the compiler's compile
        if not storable(p, flags):
            return real(p, flags)
        key = (p, flags)
        found = _from_store(key)
        if found is not None:
            return found
        recorder.seen.last = None
        compiled = real(p, flags)  # raises for a bad pattern: nothing stored
        seen = recorder.seen.last
        if seen is not None and seen[0] is p and len(seen[1]) == 5:
            _keep(key, seen[1])
        return compiled

    compiler._sre = recorder  # type: ignore[union-attr]
    compiler.compile = compile  # type: ignore[union-attr]
    _INSTALLED[:] = [compiler, real]


def uninstall() -> None:
    """``re``'s compile step as it was (for tests)."""
    if _INSTALLED:
        compiler, real = _INSTALLED
        compiler.compile, compiler._sre = real, _engine()
        _INSTALLED.clear()
