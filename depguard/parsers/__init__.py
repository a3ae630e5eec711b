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
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..ecosystems import catalog
from ..model import Location, Mention, Origin, Problem

ParserFn = Callable[["Source"], Iterable[Mention]]


@dataclass
class Hints:
    """Facts about the scanned tree that some parsers need (computed once per scan)."""

    local_python_modules: frozenset[str] = frozenset()
    local_js_aliases: tuple[str, ...] = ("@/", "~/", "#")
    local_packages: frozenset[str] = frozenset()  # names the project itself publishes (workspace members)


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
        if not target.is_file():
            return None
        if target.stat().st_size > self.max_related_bytes:
            self.problem(f"{shown} is larger than {self.max_related_bytes} bytes; not read", kind="limit")
            return None
        return shown, target.read_bytes().decode("utf-8", errors="replace")


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
        return fn

    return register


def discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    for package_name in PLUGIN_PACKAGES:
        try:
            package = importlib.import_module(package_name)
        except ModuleNotFoundError as exc:
            if exc.name != package_name:
                raise
            continue  # a plug-in package this build does not have yet
        for info in pkgutil.iter_modules(package.__path__):
            if not info.name.startswith("_"):
                importlib.import_module(f"{package_name}.{info.name}")
    _DISCOVERED = True


def formats() -> dict[str, FileFormat]:
    discover()
    return dict(_FORMATS)


def get_format(name: str) -> FileFormat:
    discover()
    return _FORMATS[name]


def formats_for(path: str) -> list[FileFormat]:
    """The formats whose patterns match ``path`` (in registration order); the same as asking each
    :meth:`FileFormat.matches`, through an index (a scan asks this once per file of the tree)."""
    discover()
    return _index().lookup(path)


class _PatternIndex:
    """The patterns of every registered format, indexed: exact file names and ``*<suffix>`` patterns by
    dictionary, the rest as compiled regular expressions behind a literal-prefix test."""

    def __init__(self, fmts: list[FileFormat]) -> None:
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

    def lookup(self, path: str) -> list[FileFormat]:
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
_INDEX: tuple[int, _PatternIndex] | None = None


def _index() -> _PatternIndex:
    global _INDEX
    if _INDEX is None or _INDEX[0] != len(_FORMATS):
        _INDEX = (len(_FORMATS), _PatternIndex(list(_FORMATS.values())))
    return _INDEX[1]
