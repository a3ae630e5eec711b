"""File formats and the parser plug-in interface.

A parser is a pure function ``parse(source: Source) -> Iterable[Mention]``: text in, mentions out, no
network. It raises :class:`~depguard.errors.ParseError` when the whole file cannot be understood, and calls
``source.problem(...)`` for a bad entry it can step over. Parsers register themselves with
:func:`file_format`, naming the file-name patterns they own; modules in ``depguard.parsers`` and
``depguard.imports`` are discovered automatically, so a new format is one new module.

Example::

    @file_format("requirements", ecosystem="pypi", patterns=("requirements*.txt", "*.pip"))
    def parse(source: Source) -> Iterator[Mention]:
        for line_no, line in enumerate(source.text.splitlines(), 1):
            ...
            yield source.mention("pypi", name, line_no, col, Origin.MANIFEST, spec=spec)
"""

from __future__ import annotations

import fnmatch
import importlib
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..ecosystems import catalog
from ..model import Location, Mention, Origin, Problem
from ..project import PythonProject

ParserFn = Callable[["Source"], Iterable[Mention]]


@dataclass
class Hints:
    """Facts about the scanned tree that some parsers need (computed once per scan)."""

    local_python_modules: frozenset[str] = frozenset()
    local_js_aliases: tuple[str, ...] = ("@/", "~/", "#")
    local_packages: frozenset[str] = frozenset()  # names the project itself publishes (workspace members)
    local_images: frozenset[str] = frozenset()  # container images the tree builds (parsers._local_images)
    python: PythonProject | None = None  # importable modules and declared dependencies (depguard.project)
    # ecosystem -> the installers of it the tree builds (depguard.examples.own_installers): their docs show examples
    own_installers: dict[str, str] = field(default_factory=dict)


@dataclass
class Source:
    """One file (or text) handed to a parser."""

    path: str  # how the file is shown to users (relative to the scan root)
    text: str
    fs_path: Path | None = None
    root: Path | None = None
    hints: Hints = field(default_factory=Hints)
    problems: list[Problem] = field(default_factory=list)
    line_offset: int = 0  # for fragments of a larger file (a fenced block): added to every line
    column_offset: int = 0  # added to columns on the fragment's first line only
    max_related_bytes: int = 5 * 1024 * 1024

    def loc(self, line: int, column: int | None = None, end_line: int | None = None, end_column: int | None = None) -> Location:
        col = column
        end_col = end_column
        if self.column_offset and line == 1:
            col = None if col is None else col + self.column_offset
            if end_line in (None, 1) and end_col is not None:
                end_col += self.column_offset
        return Location(
            self.path,
            line + self.line_offset,
            col,
            None if end_line is None else end_line + self.line_offset,
            end_col,
        )

    def mention(
        self,
        ecosystem: str,
        written: str,
        line: int,
        column: int | None,
        origin: Origin,
        parser: str,
        spec: str | None = None,
        module: str | None = None,
        name: str | None = None,
        note: str | None = None,
    ) -> Mention:
        """A mention of ``name`` (default: ``written``) in ``ecosystem``, normalised the ecosystem's way."""
        key = catalog().key(ecosystem, name if name is not None else written)
        end = None if column is None else column + len(written)
        return Mention(
            key=key,
            written=written,
            location=self.loc(line, column, line, end),
            origin=origin,
            parser=parser,
            module=module,
            spec=spec or None,
            note=note,
        )

    def problem(self, message: str, line: int | None = None, column: int | None = None, kind: str = "parse") -> None:
        loc = self.loc(line, column) if line is not None else Location(self.path)
        self.problems.append(Problem(message, loc, kind))

    def fragment(self, text: str, first_line: int, first_column: int = 1) -> Source:
        """A Source for part of this one (1-based ``first_line``) whose locations point into this file."""
        return Source(
            path=self.path,
            text=text,
            fs_path=self.fs_path,
            root=self.root,
            hints=self.hints,
            problems=self.problems,
            line_offset=self.line_offset + first_line - 1,
            column_offset=first_column - 1,
            max_related_bytes=self.max_related_bytes,
        )

    def read_related(self, relative: str) -> tuple[str, str] | None:
        """Read a file named by this one (``-r other.txt``): (display path, text), or None.

        Only files inside the scan root are read; anything else is recorded as a problem.
        """
        if self.fs_path is None:
            return None
        target = (self.fs_path.parent / relative).resolve()
        root = (self.root or self.fs_path.parent).resolve()
        try:
            shown = target.relative_to(root).as_posix()
        except ValueError:
            self.problem(f"{relative!r} is outside the scanned tree; not read", kind="read")
            return None
        # shown the way this file is shown: "dd/requirements.txt" names its include "dd/base.txt"
        try:
            own = self.fs_path.resolve().relative_to(root).as_posix()
        except ValueError:
            own = None
        if own and self.path.endswith(own) and self.path != own:
            shown = self.path[: -len(own)] + shown
        if not target.is_file():
            return None
        if target.stat().st_size > self.max_related_bytes:
            self.problem(f"{shown} is larger than {self.max_related_bytes} bytes; not read", kind="limit")
            return None
        from ..discover import bom_text

        data = target.read_bytes()
        text = bom_text(data)  # a UTF-16 -r file, as pip reads it
        return shown, text if text is not None else data.decode("utf-8", errors="replace")


@dataclass(frozen=True)
class FileFormat:
    name: str
    parse: ParserFn
    patterns: tuple[str, ...]  # fnmatch patterns on the file name, or on the path tail when they hold '/'
    ecosystem: str | None  # None: mentions may belong to several ecosystems (shell scripts, markdown)
    description: str = ""
    kind: str = "manifest"  # manifest, lockfile, script, source, document, binary: what the file is

    def matches(self, path: str) -> bool:
        posix = PurePosixPath(path)
        name = posix.name
        for pattern in self.patterns:
            if "/" in pattern:
                parts = pattern.count("/") + 1
                tail = "/".join(posix.parts[-parts:])
                if fnmatch.fnmatch(tail, pattern) or fnmatch.fnmatch(posix.as_posix(), pattern):
                    return True
            elif fnmatch.fnmatch(name, pattern):
                return True
        return False


_FORMATS: dict[str, FileFormat] = {}
_ORIGIN: dict[str, tuple[str, int]] = {}  # format name -> (module that registered it, registration number)
_ELSEWHERE: list[str] = []  # formats registered outside the plug-in packages
_DISCOVERED = False
PLUGIN_PACKAGES = ("depguard.parsers", "depguard.imports")


def file_format(
    name: str,
    patterns: tuple[str, ...],
    ecosystem: str | None = None,
    description: str = "",
    kind: str = "manifest",
) -> Callable[[ParserFn], ParserFn]:
    def register(fn: ParserFn) -> ParserFn:
        if name in _FORMATS and _FORMATS[name].parse is not fn:
            raise RuntimeError(f"file format {name!r} registered twice")
        _FORMATS[name] = FileFormat(name, fn, tuple(patterns), ecosystem, description or (fn.__doc__ or "").strip().split("\n")[0], kind)
        module = getattr(fn, "__module__", "") or ""
        if name not in _ORIGIN:
            _ORIGIN[name] = (module, len(_ORIGIN))
            if module.rpartition(".")[0] not in PLUGIN_PACKAGES:
                _ELSEWHERE.append(name)
        return fn

    return register


def _order(name: str) -> tuple[int, str, int]:
    """Plug-in packages in order, their modules by name, each module's formats as registered; formats
    registered anywhere else come last, as registered (so the order never depends on what was imported first)."""
    module, seq = _ORIGIN.get(name, ("", 1 << 30))
    package = module.rpartition(".")[0]
    rank = PLUGIN_PACKAGES.index(package) if package in PLUGIN_PACKAGES else len(PLUGIN_PACKAGES)
    return (rank, module if rank < len(PLUGIN_PACKAGES) else "", seq)


def discover() -> None:
    """Import every plug-in module (each registers its formats)."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    from ..plugins import submodules

    for package_name in PLUGIN_PACKAGES:
        try:
            package = importlib.import_module(package_name)
        except ModuleNotFoundError as exc:
            if exc.name != package_name:
                raise
            continue  # a plug-in package this build does not have yet
        for name in submodules(package.__path__):
            if not name.startswith("_"):
                importlib.import_module(f"{package_name}.{name}")
    _DISCOVERED = True


def formats() -> dict[str, FileFormat]:
    discover()
    return {name: _FORMATS[name] for name in sorted(_FORMATS, key=_order)}


def get_format(name: str) -> FileFormat:
    if name not in _FORMATS:
        spec = _table().get(name)
        if spec is not None:
            importlib.import_module(spec.module)
        if name not in _FORMATS:
            discover()
    return _FORMATS[name]


def formats_for(path: str) -> list[FileFormat]:
    """The formats whose patterns match ``path``; the same as asking each :meth:`FileFormat.matches`, through
    an index of the patterns (a scan asks this once per file). Only the plug-in modules of the formats that
    match are imported: the index is built from a table of every plug-in's formats and patterns, kept in the
    cache directory and rebuilt (by importing them all) when a plug-in module or depguard changes."""
    hits = _index().lookup(path)
    try:
        for spec in hits:
            if spec.name not in _FORMATS:
                importlib.import_module(spec.module)
    except ImportError:
        hits = [_Spec("", "", ())]  # a module the table names is gone: rebuild the table
    if any(spec.name not in _FORMATS or _FORMATS[spec.name].patterns != spec.patterns for spec in hits):
        _forget_table()  # the table no longer says what the modules register
        return formats_for(path)
    return [_FORMATS[spec.name] for spec in hits]


@dataclass(frozen=True)
class _Spec:
    """What the table knows of a format without importing its module."""

    name: str
    module: str
    patterns: tuple[str, ...]


_TABLE: dict[str, _Spec] | None = None
TABLE_FORMAT = 1


def _plugin_files() -> list:
    """(package, [(module file, size, mtime)]) of the plug-in packages: what a stored table must match."""
    from .. import __version__

    base = Path(__file__).resolve().parent.parent
    out: list = [TABLE_FORMAT, __version__]
    for package in PLUGIN_PACKAGES:
        folder = base.joinpath(*package.split(".")[1:])
        try:
            files = sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(folder)
                           if e.name.endswith(".py") or (e.is_dir() and e.name != "__pycache__"))
        except OSError:
            files = []
        out.append([package, [list(f) for f in files]])
    return out


def _table() -> dict[str, _Spec]:
    """Every plug-in format by name (in :func:`_order`), from the stored table when it is current."""
    global _TABLE
    if _TABLE is not None:
        return _TABLE
    import json

    from ..paths import cache_dir

    where = cache_dir() / "formats.json"
    stamp = None if _DISCOVERED else _plugin_files()
    if stamp is not None:
        try:
            data = json.loads(where.read_text(encoding="utf-8"))
            if data["stamp"] == stamp:
                _TABLE = {name: _Spec(name, module, tuple(patterns)) for name, module, patterns in data["formats"]}
                return _TABLE
        except (OSError, ValueError, KeyError, TypeError):
            pass
    discover()
    names = [n for n in sorted(_FORMATS, key=_order) if _ORIGIN[n][0].rpartition(".")[0] in PLUGIN_PACKAGES]
    _TABLE = {n: _Spec(n, _ORIGIN[n][0], _FORMATS[n].patterns) for n in names}
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_name(f".{where.name}.{os.getpid()}.tmp")
        rows = [[s.name, s.module, list(s.patterns)] for s in _TABLE.values()]
        tmp.write_text(json.dumps({"stamp": stamp or _plugin_files(), "formats": rows}), encoding="utf-8")
        os.replace(tmp, where)
    except OSError:
        pass
    return _TABLE


def _forget_table() -> None:
    global _TABLE, _INDEX
    discover()
    _TABLE = None
    _INDEX = None
    try:
        from ..paths import cache_dir

        (cache_dir() / "formats.json").unlink(missing_ok=True)
    except OSError:
        pass


class _PatternIndex:
    """The patterns of every registered format, indexed: exact file names and ``*<suffix>`` patterns by
    dictionary, the rest as compiled regular expressions behind a literal-prefix test."""

    def __init__(self, fmts: list) -> None:  # objects with .patterns (formats, or table rows)
        self.fmts = fmts
        self.exact: dict[str, list[int]] = {}
        self.suffix_by_ext: dict[str, list[tuple[str, int]]] = {}
        self.suffix_other: list[tuple[str, int]] = []
        self.general: list[tuple[str, re.Pattern[str], int]] = []
        self.slashed: list[tuple[int, str, re.Pattern[str], int]] = []  # (components, literal, regex, format)
        for i, f in enumerate(fmts):
            for pattern in f.patterns:
                pat = _normcase(pattern)
                wild = _WILD.search(pat)
                if "/" in pattern:
                    literal = pat[: wild.start()] if wild else pat  # a matching path holds this text
                    self.slashed.append((pattern.count("/") + 1, literal, re.compile(fnmatch.translate(pat)), i))
                elif not wild:
                    self.exact.setdefault(pat, []).append(i)
                elif wild.start() == 0 and not _WILD.search(pat, 1):
                    rest = pat[1:]
                    dot = rest.rfind(".")
                    if dot >= 0:
                        self.suffix_by_ext.setdefault(rest[dot:], []).append((rest, i))
                    else:
                        self.suffix_other.append((rest, i))
                else:
                    self.general.append((pat[: wild.start()], re.compile(fnmatch.translate(pat)), i))

    def lookup(self, path: str) -> list:
        clean = bool(path) and not path.startswith(("/", "./")) and not path.endswith(("/", "/.")) and path != "." \
            and "//" not in path and "/./" not in path
        if clean:  # what PurePosixPath would make of it, without making one
            parts = path.split("/")
            whole = path
        else:
            posix = PurePosixPath(path)
            parts = list(posix.parts)
            whole = posix.as_posix()
        name = _normcase(parts[-1] if clean else PurePosixPath(path).name)
        hits: set[int] = set(self.exact.get(name, ()))
        dot = name.rfind(".")
        if dot >= 0:
            for rest, i in self.suffix_by_ext.get(name[dot:], ()):
                if name.endswith(rest):
                    hits.add(i)
        for rest, i in self.suffix_other:
            if name.endswith(rest):
                hits.add(i)
        for prefix, rx, i in self.general:
            if name.startswith(prefix) and rx.match(name):
                hits.add(i)
        if self.slashed:
            whole = _normcase(whole)
            for count, literal, rx, i in self.slashed:
                if i in hits or (clean and literal not in whole):
                    continue
                if rx.match(_normcase("/".join(parts[-count:]))) or rx.match(whole):
                    hits.add(i)
        return [self.fmts[i] for i in sorted(hits)]


def _normcase(text: str) -> str:
    return os.path.normcase(text) if _FOLDS_CASE else text


_FOLDS_CASE = os.path.normcase("A") != "A"
_WILD = re.compile(r"[*?\[]")
_INDEX: tuple[tuple[int, int], _PatternIndex] | None = None


def _index() -> _PatternIndex:
    """The index over the table's formats and any format registered outside the plug-in packages."""
    global _INDEX
    table = _table()
    extra = [n for n in _ELSEWHERE if n not in table]
    stamp = (id(table), len(_ELSEWHERE))
    if _INDEX is None or _INDEX[0] != stamp:
        specs = list(table.values()) + [_Spec(n, _ORIGIN[n][0], _FORMATS[n].patterns) for n in sorted(extra, key=_order)]
        _INDEX = (stamp, _PatternIndex(specs))
    return _INDEX[1]
