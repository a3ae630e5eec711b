"""Source imports via tree-sitter: this runner and the helpers the import rules share.

Each ecosystem that reads a language's imports declares it (``ECOSYSTEM.languages``: the grammar wheel and a
query file in its folder, e.g. ``depguard/ecosystems/pypi/python.scm``) and holds the import rule that turns
the query's matches into mentions (``depguard/ecosystems/pypi/imports.py``, a file format of kind source).
The runner loads each grammar wheel once, compiles each query once, parses a file once and hands back the
query's matches. A query file may start with ``; inherits: other`` to include another query of the same
folder first (TypeScript reuses the JavaScript patterns).

Positions: tree-sitter rows are 0-based and columns are byte offsets; :func:`position` converts them once
to the 1-based line and character column that :class:`~depguard.model.Location` expects.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query, QueryCursor

from ..fsview import active, memo
from ..records import record, replace

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from ..model import Example

INHERITS = re.compile(r"^;\s*inherits:\s*([\w, -]+)$", re.M)


@functools.lru_cache(maxsize=None)
def languages() -> dict[str, tuple[str, str, Path]]:
    """Language id -> (grammar wheel module, function returning the language, query file), as declared."""
    from ..ecosystems import data_root, declarations

    return {lang.id: (lang.grammar_module, lang.grammar_function, data_root() / package.folder / lang.query)
            for package in declarations() for lang in package.languages}


def _capsule(pointer):
    """A grammar wheel built from an older template hands back the language as an int address; newer
    py-tree-sitter wants the ``tree_sitter.Language`` capsule (and warns on ints)."""
    if not isinstance(pointer, int):
        return pointer
    import ctypes

    new = ctypes.pythonapi.PyCapsule_New
    new.restype = ctypes.py_object
    new.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
    return new(pointer, b"tree_sitter.Language", None)


@functools.lru_cache(maxsize=None)
def language(lang: str) -> Language:
    module, fn, _ = languages()[lang]
    return Language(_capsule(getattr(importlib.import_module(module), fn)()))


@functools.lru_cache(maxsize=None)
def parser(lang: str) -> Parser:
    return Parser(language(lang))


def query_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    m = INHERITS.search(text)
    if not m:
        return text
    parents = [p.strip() for p in m.group(1).split(",") if p.strip()]
    return "\n".join([*(query_text(path.with_name(f"{p}.scm")) for p in parents), text])


@functools.lru_cache(maxsize=None)
def query(lang: str) -> Query:
    return Query(language(lang), query_text(languages()[lang][2]))


_LAST: tuple = (None, None, None)  # (language, source, tree) of the last parse: a file's imports and its text share it


# tree-sitter-python (0.25) takes time quadratic in the number of comments in one run of comment and blank lines
# between two statements: 3,000 comment lines take 0.5 s, 6,000 take 2 s, and python-cheatsheet's
# web/empty_script.py (a 24,330-line ASCII-art comment written to make GitHub count the repository as Python; held-out
# set 210) held a scan for 7 minutes. Past this many comments in a run, the run's comments are blanked before the
# parse, each byte a space (every node keeps its bytes and its place), except a comment naming an installer, which
# said_installs.py reads from the tree (``# pip install x``): a run that long is no ImportError handler's advice.
LONG_COMMENT_RUN = 200
COMMENT_LINE = re.compile(rb"^[ \t]*#")


def _long_comment_runs_blanked(src: bytes) -> bytes:
    """``src`` with the comments of each run longer than :data:`LONG_COMMENT_RUN` blanked (see there)."""
    if src.count(b"#") <= LONG_COMMENT_RUN:
        return src
    from ..text import tool_words

    lines = src.split(b"\n")
    run: list[int] = []  # the comment lines of the current run
    blank: list[int] = []
    for k, line in enumerate([*lines, b"end"]):
        if COMMENT_LINE.match(line):
            run.append(k)
        elif line.strip():
            if len(run) > LONG_COMMENT_RUN:
                blank += [j for j in run if not tool_words(lines[j].decode("utf-8", errors="replace"))]
            run = []
    if not blank:
        return src
    for j in blank:
        lines[j] = b" " * len(lines[j].rstrip(b"\r")) + (b"\r" if lines[j].endswith(b"\r") else b"")
    return b"\n".join(lines)


def parse(lang: str, src: bytes) -> Node:
    global _LAST
    last = _LAST  # one read: another thread may replace it, never change it
    if last[0] == lang and last[1] == src:
        return last[2]
    root = parser(lang).parse(_long_comment_runs_blanked(src) if lang == "python" else src).root_node
    _LAST = (lang, src, root)
    return root


def matches(lang: str, src: bytes | None = None, root: Node | None = None) -> Iterator[dict[str, list[Node]]]:
    """The capture groups of every match of ``lang``'s import query in ``src`` (or an already parsed tree)."""
    if root is None:
        root = parse(lang, src or b"")
    for _pattern, captures in QueryCursor(query(lang)).matches(root):
        yield captures


def text_of(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


_COLUMNS: tuple = (None, False, -1, 0, 0)  # src, src is ASCII, line start byte, last byte, characters before it


def position(src: bytes, node: Node) -> tuple[int, int]:
    """1-based (line, character column) of ``node``'s first character.

    Columns count characters, so the bytes before the node on its line are decoded; nodes come in order, so
    each line is decoded once, from where the previous node of the line was (decoding from the line start for
    every node was quadratic on one long line: a 4.8 MB line of ``require()`` calls took minutes)."""
    return position_at(src, node.start_byte, node.start_point)


def position_at(src: bytes, byte: int, at: tuple[int, int]) -> tuple[int, int]:
    """:func:`position` of the character at ``byte`` of ``src``, at tree-sitter's (row, byte column) ``at``."""
    global _COLUMNS
    row, col = at
    start = byte - col
    memo = _COLUMNS  # one read, replaced whole: another thread's place never mixes with this one's
    if memo[0] is not src:
        memo = (src, src.isascii(), -1, 0, 0)
    if memo[1]:
        _COLUMNS = memo
        return row + 1, col + 1
    since, chars = (memo[3], memo[4]) if memo[2] == start and memo[3] <= byte else (start, 0)
    chars += len(src[since:byte].decode("utf-8", errors="replace"))
    _COLUMNS = (src, False, start, byte, chars)
    return row + 1, chars + 1


def string_value(node: Node) -> str | None:
    """The value of a plain string literal node ('x', "x", `x`), or None for a template with substitutions."""
    if node.type == "template_string" and any(c.type == "template_substitution" for c in node.children):
        return None
    raw = text_of(node)
    if len(raw) >= 2 and raw[0] in "'\"`" and raw[-1] == raw[0]:
        raw = raw[1:-1]
    return raw


@memo(maxsize=512)
def _modules_in(directory: str, suffixes: tuple[str, ...]) -> frozenset[str]:
    names: set[str] = set()
    for name, is_dir in active().listdir(directory) or ():
        if name.endswith(suffixes):
            names.add(name.split(".", 1)[0])
        elif "." not in name and is_dir:
            names.add(name)
    return frozenset(names)


class AnyOf:
    """Names in any of several sets, without building their union: ``name in AnyOf(a, b)``; ``|`` adds a set.

    The sibling set of a folder is shared by every file in it; a file that copied it into a union of its own
    made a folder of n files cost n² (100,000 files in one folder: 872 s). Membership is all imports need."""

    __slots__ = ("parts",)
    parts: tuple[frozenset[str] | AnyOf, ...]

    def __init__(self, *parts) -> None:
        flat: list = []
        for p in parts:
            if isinstance(p, AnyOf):
                flat.extend(p.parts)
            elif p:
                flat.append(p)
        self.parts = tuple(flat)

    def __contains__(self, name: object) -> bool:
        return any(name in p for p in self.parts)

    def __or__(self, other) -> AnyOf:
        return AnyOf(self, other)

    __ror__ = __or__

    def __bool__(self) -> bool:
        return any(self.parts)

    def __iter__(self):
        seen: set = set()
        for p in self.parts:
            for name in p:
                if name not in seen:
                    seen.add(name)
                    yield name


def folder_modules(folder: Path, suffixes: tuple[str, ...]) -> frozenset[str]:
    """Module names in ``folder``: files with one of ``suffixes`` and folders (the listing is recorded)."""
    return _modules_in(str(folder), suffixes)


def sibling_modules(fs_path: Path | None, suffixes: tuple[str, ...]) -> frozenset[str]:
    """Module names beside a file: files with one of ``suffixes`` and folders (the listing is recorded)."""
    if fs_path is None:
        return frozenset()
    return _modules_in(str(fs_path.parent), suffixes)


@functools.lru_cache(maxsize=None)
def data_rows(ecosystem: str, key: str) -> tuple[tuple[str, ...], ...]:
    """The rows (tab-separated fields) of the data file ``[imports] <key>`` names in ``ecosystem``'s
    ecosystem.toml; blank lines and ``#`` comments skipped, an absent entry or file read as no rows."""
    from ..ecosystems import catalog

    if ecosystem not in catalog():
        return ()
    eco = catalog().get(ecosystem)
    name = eco.data.get("imports", {}).get(key)
    if not name:
        return ()
    try:
        text = eco.data_file(name).read_text(encoding="utf-8")
    except OSError:
        return ()
    rows = []
    for raw in text.splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            rows.append(tuple(f.strip() for f in raw.split("\t")))
    return tuple(rows)


@functools.lru_cache(maxsize=None)
def data_names(ecosystem: str, key: str) -> frozenset[str]:
    """The first field of every row of an ``[imports]`` data file (a standard-library list)."""
    return frozenset(r[0] for r in data_rows(ecosystem, key))


@functools.lru_cache(maxsize=None)
def data_map(ecosystem: str, key: str) -> dict[str, str]:
    """First field -> second field of an ``[imports]`` data file (an import-name -> package table)."""
    out: dict[str, str] = {}
    for row in data_rows(ecosystem, key):
        if len(row) >= 2 and row[0] and row[1]:
            out.setdefault(row[0], row[1])
    return out


def longest_prefix(parts: list[str], sep: str, table) -> tuple[int, str] | None:
    """(number of leading ``parts``, the joined prefix) of the longest prefix found in ``table``."""
    for n in range(len(parts), 0, -1):
        prefix = sep.join(parts[:n])
        if prefix in table:
            return n, prefix
    return None


@memo(maxsize=512)
def _nearest(directory: str, root: str, filename: str) -> str | None:
    here, top = Path(directory), Path(root)
    inside = here == top or top in here.parents  # asked once: per step it made a deep tree quadratic
    view = active()
    while True:
        candidate = here / filename
        if view.is_file(candidate):
            return str(candidate)
        if here == top or here.parent == here or not inside:
            return None
        here = here.parent


def nearest_file(source, filename: str) -> Path | None:  # source: parsers.Source
    """The nearest ``filename`` (pubspec.yaml, Project.toml) in the file's folder or above, inside the scan."""
    if source.fs_path is None:
        return None
    found = _nearest(str(source.fs_path.parent), str(source.root or source.fs_path.parent), filename)
    return Path(found) if found else None


@memo(maxsize=256)
def _read_cached(read, path: str, limit: int):
    text = active().read_text(path, limit)
    return None if text is None else read(text)


def files_above(source, filename: str) -> list[Path]:  # source: parsers.Source
    """Every ``filename`` in the file's folder and the folders above it, inside the scan, nearest first (each
    ``package.json`` whose ``node_modules`` Node's resolution walks through)."""
    if source.fs_path is None:
        return []
    root, found = str(source.root or source.fs_path.parent), []
    here = _nearest(str(source.fs_path.parent), root, filename)
    while here is not None:
        found.append(Path(here))
        folder = Path(here).parent
        if str(folder) == root or folder.parent == folder:
            break
        here = _nearest(str(folder.parent), root, filename)
    return found


def package_inits(source, limit: int = 8) -> list[Path]:  # source: parsers.Source
    """The ``__init__.py`` of the file's package and of each package above it, nearest first, up to the first folder
    without one (the package the file is imported through), inside the scan, ``limit`` packages above its own at most."""
    if source.fs_path is None:
        return []
    root = os.path.abspath(str(source.root or source.fs_path.parent))
    folder = os.path.dirname(os.path.abspath(str(source.fs_path)))
    view, found = active(), []
    for _ in range(limit + 1):
        init = os.path.join(folder, "__init__.py")
        if not view.is_file(init):
            break
        found.append(Path(init))
        if folder == root or os.path.dirname(folder) == folder:
            break
        folder = os.path.dirname(folder)
    return found


def from_nearest(source, filename: str, read):  # source: parsers.Source
    """``read(text)`` of the nearest ``filename`` (the project's own name from pubspec.yaml, Project.toml,
    DESCRIPTION), cached per file state; None when there is none or it is too large to read."""
    path = nearest_file(source, filename)
    if path is None:
        return None
    return read_related(source, path, read)


def read_related(source, path: Path, read):  # source: parsers.Source
    """``read(text)`` of another file of the tree the parse of ``source`` depends on, cached per file state;
    None when it is unreadable or too large to read."""
    return _read_cached(read, str(path), source.max_related_bytes)


def ancestors(source) -> list[Path]:  # source: parsers.Source
    """The file's folder and each folder above it, up to the scan root."""
    if source.fs_path is None:
        return []
    top = source.root or source.fs_path.parent
    out = [source.fs_path.parent]
    for parent in source.fs_path.parent.parents:
        if parent != top and top not in parent.parents:
            break
        out.append(parent)
        if parent == top:
            break
    return out


def exists_under(folders: list[Path], relative: str) -> bool:
    """Whether ``relative`` is a file in one of ``folders`` (project-local module files)."""
    view = active()
    return any(view.is_file(os.path.join(folder, relative)) for folder in folders)


@record(frozen=True)
class ImportRef:
    """One package named by an import: the lower-level result the plug-ins turn into mentions."""

    ecosystem: str
    name: str  # the registry name (a distribution for PyPI)
    line: int
    column: int
    written: str  # the import as written (module or specifier part)
    module: str | None = None  # the import name when it differs from the registry name
    note: str | None = None
    example: Example | None = None  # a guess that is only shown: a flag of it is a note (model.Example)

    def astuple(self) -> tuple[str, str, int, int]:
        return (self.ecosystem, self.name, self.line, self.column)


def knows(ecosystem: str) -> bool:
    """Whether the catalog has ``ecosystem`` (a plug-in for an ecosystem not yet added need not parse)."""
    from ..ecosystems import catalog

    return ecosystem in catalog()


def emit(source, refs, parser_name: str):  # source: parsers.Source
    """Mentions for the refs whose ecosystem depguard knows (others are being added elsewhere)."""
    from ..ecosystems import catalog
    from ..model import Origin

    known = catalog()
    for r in refs:
        if r.ecosystem in known:
            m = source.mention(r.ecosystem, r.written, r.line, r.column, Origin.IMPORT, parser_name,
                               module=r.module, name=r.name, note=r.note)
            yield m if r.example is None else replace(m, example=r.example)
