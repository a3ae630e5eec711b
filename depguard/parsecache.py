"""The per-file parse cache: a file's mentions and problems, reused while nothing they came from changed.

An entry is reused only while all of these are as they were when it was made:

* the file itself (size, mtime, inode and ctime, or its content digest when the stat was taken too close to the
  file's last change to be trusted: :mod:`depguard.fsview`);
* everything the parse consulted through its :class:`~depguard.fsview.FileView`: files read, paths looked
  for (found or not), folders listed, facts outside the tree (the installed distributions);
* each field of the project facts (:class:`~depguard.parsers.Hints`: the Python project model, workspace
  names, locally built images, own installers) the parse or its post-processing read, by a digest of its
  value; a field nobody read does not count;
* the settings that change what parsing yields (:data:`PARSE_SETTINGS`), how the file is shown, its formats
  and whether its imports are data;
* depguard itself: its version and the size and mtime of every file of the installed package.

Entries of one scan root and one set of parse settings live in one file of the cache folder
(``parse/<digest>.marshal``: a header, a checksum and the entries as plain tuples, read with ``marshal``,
which builds no objects but strings, numbers, tuples, lists and dicts). What the mentions of one package
share (key, name as written, origin, parser, …: their *head*) is kept once per file in a table; each mention
is six numbers (its head, its path, its place), so a warm scan loads and rebuilds fewer objects. A file that is unreadable, of
another format, or whose checksum or shape is wrong is ignored and rewritten; it is replaced atomically,
so concurrent runs never see half a file (the last writer's entries win). As the answer cache (issue 14), the
folders are made user-only and one another user owns is neither read nor written; a cache file is created 0600,
never through a symbolic link, and one that is a link, another user's or writable by others is not read.
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from .fsview import Checker, FileView, content_holds, digest, identity, racy, using
from .model import Example, Location, Mention, Origin, PackageKey, Problem
from .parsers import Hints
from .records import field_names, is_record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

    from .config import Settings
    from .discover import FileEntry
    from .fsview import Group
    from .scan import Collected

FORMAT = b"depguard-parse-cache 4\n"
# the Settings fields that collect_file (reading, parsing, post-processing) reads; tests check no other is read
PARSE_SETTINGS = ("max_file_bytes", "judge_docs_imports", "judge_docs_installs", "docs_examples", "placeholder_words",
                  "judge_source_installs", "judge_fixtures")
HINT_FIELDS = field_names(Hints)
HEADS_KEPT = 4096  # a pack's table of mention heads is renumbered past this size when most are of files gone


class WatchedHints(Hints):
    """The project facts as one parse sees them: each field read is noted in ``used``."""

    def __init__(self, hints: Hints, used: set[str]) -> None:  # noqa: D107 - copies, does not call the dataclass init
        for name in HINT_FIELDS:
            object.__setattr__(self, name, getattr(hints, name))
        object.__setattr__(self, "_used", used)

    def __getattribute__(self, name: str) -> Any:
        if name in _HINT_SET:
            object.__getattribute__(self, "_used").add(name)
        return object.__getattribute__(self, name)


_HINT_SET = frozenset(HINT_FIELDS)


def canonical(value: Any) -> str:
    """A text that is equal for equal values, whatever the order of sets and dicts (for digests)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return "(" + ",".join(canonical(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{canonical(k)}:{canonical(v)}" for k, v in value.items())) + "}"
    if is_record(value):
        return type(value).__name__ + canonical({name: getattr(value, name) for name in field_names(type(value))})
    if hasattr(value, "value") and hasattr(value, "name"):  # an enum member
        return f"{type(value).__name__}.{value.name}"
    return f"{type(value).__qualname__}:{value!r}"


def _digest(text: str) -> bytes:
    return digest(text.encode("utf-8", "surrogateescape"))


def code_stamp() -> bytes:
    """Depguard's version and the size and mtime of every file of its package (an edited parser, a changed
    data file or another installation makes every entry stale)."""
    from . import __version__

    base = os.path.dirname(os.path.abspath(__file__))
    parts: list[str] = [__version__, base]
    stack = [base]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                items = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        for e in items:
            if e.name == "__pycache__" or e.name.startswith("."):
                continue
            try:
                if e.is_dir():
                    stack.append(e.path)
                    continue
                st = e.stat()
            except OSError:
                continue
            parts.append(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}")
    return _digest("\n".join(parts))


def settings_digest(settings: Settings) -> bytes:
    return _digest(canonical([getattr(settings, name) for name in PARSE_SETTINGS]))


# -- entries as plain data ------------------------------------------------------------------------------------

_ORIGINS = {o.value: o for o in Origin}


def _encode(collected: Collected, heads: Heads) -> tuple:
    """A file's result as plain data: ``(paths, places, problems, suppressed, files, alone)``. Each mention is
    six ints in ``places`` (its head's index in the pack's table, its path's index in ``paths``, then line,
    column, end line and end column, None where unknown): what differs from one mention to the next, while
    what a package's mentions share (key, name as written, origin, parser, …) is written once per pack."""
    paths: dict[str | None, int] = {}
    places: list[int | None] = []
    for m in collected.mentions:
        loc = m.location
        head = head_of(m)
        path = paths.setdefault(loc.path, len(paths))
        places += (heads.index(head), path, loc.line, loc.column, loc.end_line, loc.end_column)
    problems = tuple((p.message, _loc(p.location), p.kind) for p in collected.problems)
    return (tuple(paths), tuple(places), problems, tuple(sorted(collected.suppressed.items())), collected.files,
            collected.alone)


def head_of(m: Mention) -> tuple:
    """What a mention shares with the other mentions of its package written and found the same way (its key,
    name as written, origin, parser, …) as plain data: one entry of a pack's table of heads (:class:`Heads`)."""
    k = m.key
    return (k.ecosystem, k.name, m.written, m.origin.value, m.parser, m.module, m.spec, m.note,
            None if m.example is None else (m.example.reason, m.example.any_verdict, m.example.setting,
                                             m.example.unchecked, m.example.ok_passes, m.example.doubts_judged,
                                             m.example.lookalike_only))


class Heads:
    """The pack's table of mention heads (what the mentions of one package written one way, found one way,
    share), as stored; each head decoded and type-checked the first time an entry uses it."""

    def __init__(self, raw: Any = ()) -> None:
        self.raw: list[tuple] = list(raw) if type(raw) is tuple else []
        self._index: dict[tuple, int] | None = None  # head -> its index, made when a file is stored
        self.decoded: list[dict[str, Any] | None] = [None] * len(self.raw)
        self.keys: dict[tuple[str, str], PackageKey] = {}  # one key object per package

    def index(self, head: tuple) -> int:
        if self._index is None:
            self._index = {h: i for i, h in enumerate(self.raw)}
        got = self._index.get(head)
        if got is None:
            got = self._index[head] = len(self.raw)
            self.raw.append(head)
            self.decoded.append(None)
        return got

    def compacted(self, entries: dict[Any, tuple]) -> dict[Any, tuple]:
        """``entries`` renumbered to a table of the heads they use, when most heads are of files gone (a
        table that only grew would keep every package a file ever named); as they are when any entry is of
        another shape (kept from a file named one by one, never read)."""
        try:
            used = {head for k, v in entries.items() if k[0] != "fact" for head in v[3][1][0::6]}
            if len(self.raw) <= HEADS_KEPT or 2 * len(used) >= len(self.raw):
                return entries
            order = sorted(used)
            renumber = {old: new for new, old in enumerate(order)}
            out = {}
            for k, v in entries.items():
                if k[0] != "fact":
                    paths, places, *rest = v[3]
                    places = list(places)
                    places[0::6] = [renumber[h] for h in places[0::6]]
                    v = (*v[:3], (paths, tuple(places), *rest))
                out[k] = v
            raw = [self.raw[i] for i in order]
        except (TypeError, ValueError, KeyError, IndexError):
            return entries
        self.raw, self.decoded, self._index = raw, [self.decoded[i] for i in order], None
        return out

    def fields(self, i: int) -> dict[str, Any]:
        """Head ``i`` as a Mention's fields (without its location): a dict to copy (IndexError, ValueError, …
        on a head of another shape)."""
        if i < 0:
            raise IndexError("bad head")
        got = self.decoded[i]
        if got is None:
            eco, name, written, origin, parser, module, spec, note, example = self.raw[i]
            if not (type(eco) is _STR and type(name) is _STR and type(written) is _STR and type(parser) is _STR
                    and (module is None or type(module) is _STR) and (spec is None or type(spec) is _STR)
                    and (note is None or type(note) is _STR)):
                raise ValueError("bad mention")
            ex = None
            if example is not None:
                reason, any_verdict, setting, unchecked, ok_passes, doubts_judged, lookalike_only = example
                if type(reason) is not _STR or type(any_verdict) is not bool \
                        or not (setting is None or type(setting) is _STR) or type(unchecked) is not bool \
                        or type(ok_passes) is not bool or type(doubts_judged) is not bool \
                        or type(lookalike_only) is not bool:
                    raise ValueError("bad example")
                ex = Example(reason, any_verdict, setting, unchecked, ok_passes, doubts_judged=doubts_judged,
                             lookalike_only=lookalike_only)
            key = self.keys.get((eco, name))
            if key is None:
                key = self.keys[(eco, name)] = PackageKey(eco, name)
            got = self.decoded[i] = {"key": key, "written": written, "location": None, "origin": _ORIGINS[origin],
                                      "parser": parser, "module": module, "spec": spec, "note": note, "example": ex}
        return got


def _loc(loc: Location | None) -> tuple | None:
    return None if loc is None else (loc.path, loc.line, loc.column, loc.end_line, loc.end_column)


_new = object.__new__
_set = object.__setattr__  # a frozen record refuses assignment: its __dict__ is given whole
_STR, _INT = str, int
_NUMBERS = frozenset({int, type(None)})
_TEXTS = frozenset({str, type(None)})


def _decode_loc(raw: Any) -> Location:
    path, line, col, end_line, end_col = raw
    if not ((path is None or type(path) is _STR) and (line is None or type(line) is _INT)
            and (col is None or type(col) is _INT) and (end_line is None or type(end_line) is _INT)
            and (end_col is None or type(end_col) is _INT)):
        raise ValueError("bad location")
    got = _new(Location)  # the fields set directly: a frozen dataclass's __init__ is 2x slower
    _set(got, "__dict__", {"path": path, "line": line, "column": col, "end_line": end_line, "end_column": end_col})
    return got


def checked(raw: Any) -> tuple[tuple, tuple, list[Problem], dict[int, str], int, str | None]:
    """A stored result's parts, every field but the mention heads checked for its type (ValueError,
    TypeError or IndexError on any other shape): its paths, its places (six numbers a mention: head, path,
    line, column, end line, end column), problems, suppressions (index of a mention -> reason), file count
    and the one path all its mentions are at (``Collected.alone``)."""
    paths, places, problems_raw, suppressed_raw, files, alone = raw
    if type(paths) is not tuple or type(places) is not tuple or not _TEXTS.issuperset(map(type, paths)) \
            or not _NUMBERS.issuperset(map(type, places)) or len(places) % 6 or (places and min(places[0::6]) < 0):
        raise ValueError("bad places")
    if places and not 0 <= min(places[1::6]) <= max(places[1::6]) < len(paths):
        raise ValueError("bad path")
    problems = []
    for message, loc_raw, kind in problems_raw:
        if type(message) is not _STR or type(kind) is not _STR:
            raise ValueError("bad problem")
        problems.append(Problem(message, None if loc_raw is None else _decode_loc(loc_raw), kind))
    suppressed: dict[int, str] = {}
    count = len(places) // 6
    for index, reason in suppressed_raw:
        if type(reason) is not _STR or type(index) is not int or not 0 <= index < count:
            raise ValueError("bad suppression")
        suppressed[index] = reason
    if type(files) is not int or not (alone is None or type(alone) is _STR):
        raise ValueError("bad count")
    return paths, places, problems, suppressed, files, alone


def _decode(raw: Any, heads: Heads) -> tuple[list[Mention], list[Problem], dict[int, str], int, str | None]:
    """The entry's parts (:func:`checked`), its mentions made (ValueError/TypeError/IndexError on a head of
    another shape)."""
    paths, places, problems, suppressed, files, alone = checked(raw)
    mentions: list[Mention] = []
    append = mentions.append
    decoded, fields = heads.decoded, heads.fields
    new_loc, new_mention = Location, Mention
    it = iter(places)
    for head, path, line, col, end_line, end_col in zip(it, it, it, it, it, it):
        loc = _new(new_loc)  # the fields set directly: a frozen dataclass's __init__ is 2x slower
        _set(loc, "__dict__", {"path": paths[path], "line": line, "column": col, "end_line": end_line,
                               "end_column": end_col})
        parts = (decoded[head] or fields(head)).copy()
        parts["location"] = loc
        m = _new(new_mention)
        _set(m, "__dict__", parts)
        append(m)
    return mentions, problems, suppressed, files, alone


def _collected(**parts: Any) -> Collected:
    """A :class:`depguard.scan.Collected` (imported once: scan imports this module)."""
    global _COLLECTED
    if _COLLECTED is None:
        from .scan import Collected

        _COLLECTED = Collected
    return _COLLECTED(**parts)


_COLLECTED: Any = None


# -- the cache of one scan root ------------------------------------------------------------------------------

def _own_file(st: os.stat_result) -> bool:
    """A regular file of this user that no other user can write (else its entries could be planted)."""
    import stat

    if not stat.S_ISREG(st.st_mode):
        return False
    if hasattr(os, "geteuid") and (st.st_uid != os.geteuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)):
        return False
    return True


class ParseCache:
    """The entries of one scan root for one set of parse settings: look up, record, save."""

    def __init__(self, folder: Path, root: Path, settings: Settings, stamp: bytes, complete: bool = True) -> None:
        """``complete``: this run sees every file of the root (a walk), so entries it did not use are of files
        gone or left out, and are dropped; else (files named one by one) they are kept."""
        self.root = root
        self.settings_key = settings_digest(settings)
        name = digest(f"{root}\0".encode("utf-8", "surrogateescape") + self.settings_key).hex()
        self.path = folder / "parse" / f"{name}.marshal"
        self.stamp = stamp
        self._entries: dict[Any, tuple] = {}  # key -> stored entry (as loaded or as made in this run)
        self._kept: dict[Any, tuple] = {}  # what this run used or made: written by save()
        self.complete = complete
        self._changed = False
        self._checker = Checker()
        self._heads = Heads()
        self._hint_digests: dict[tuple[int, str], bytes] = {}
        self._used_ok: dict[tuple[int, Any], bool] = {}
        self.hits = self.misses = 0
        self._usable = False
        from . import gcpolicy

        with gcpolicy.held():  # hundreds of thousands of tuples and strings that live to the end of the run
            self._load()

    def _load(self) -> None:
        self._usable, body = read_private(self.path, FORMAT, self.stamp, renew=True)
        if not body:
            return
        try:
            entries = marshal.loads(body)
        except (ValueError, EOFError, TypeError):
            return
        if type(entries) is tuple and len(entries) == 2 and type(entries[1]) is dict:
            self._heads, self._entries = Heads(entries[0]), entries[1]

    @property
    def heads(self) -> Heads:
        """The table of mention heads the stored results index."""
        return self._heads

    @staticmethod
    def key(entry: FileEntry) -> tuple:
        return (str(entry.path), entry.shown, tuple(f.name for f in entry.formats), bool(entry.data_imports))

    def _hint_digest(self, hints: Hints, name: str) -> bytes:
        memo = (id(hints), name)
        got = self._hint_digests.get(memo)
        if got is None:
            got = self._hint_digests[memo] = _digest(canonical(getattr(hints, name)))
        return got

    def _hints_hold(self, hints: Hints, used: Any) -> bool:
        """Whether each (Hints field, digest) of ``used`` still holds (once per distinct ``used`` and hints)."""
        memo = (id(hints), used)
        ok = self._used_ok.get(memo)
        if ok is None:
            ok = self._used_ok[memo] = all(isinstance(n, str) and n in _HINT_SET and self._hint_digest(hints, n) == d
                                           for n, d in used)
        return ok

    def lookup(self, entry: FileEntry, hints: Hints) -> Collected | None:
        """The cached result for ``entry`` when every validator still holds, else None."""
        stored = self.check(entry, hints)
        if stored is None:
            return None
        got = self.decode(stored)
        if got is None:
            self.hits -= 1
            self.misses += 1
        return got

    def check(self, entry: FileEntry, hints: Hints) -> tuple | None:
        """The stored entry for ``entry`` when every validator still holds (kept for :meth:`save`), else None;
        :meth:`decode` makes its Collected. A warm scan whose output is reused (:mod:`depguard.outputmemo`)
        validates every file and decodes none."""
        path = str(entry.path)
        key = (path, entry.shown, tuple([f.name for f in entry.formats]), bool(entry.data_imports))  # self.key
        stored = self._entries.get(key)
        if stored is None:
            self.misses += 1
            return None
        try:
            own, consulted, used, result = stored
            st = entry.lstat or os.stat(path)
            ok = content_holds(path, own, st) and self._hints_hold(hints, used) and self._checker.holds(consulted)
        except (OSError, ValueError, TypeError, KeyError, IndexError):
            ok = False
        if not ok:
            self.misses += 1
            return None
        self.hits += 1
        if own[3] and not racy(st):  # confirmed by content, and its stat is trustworthy now: keep that
            stored = ((st.st_size, st.st_mtime_ns, identity(st), False, own[4]), consulted, used, result)
            self._changed = True
        self._kept[key] = stored
        return stored

    def decode(self, stored: tuple) -> Collected | None:
        """The Collected of an entry :meth:`check` returned; None when its result is of another shape (then
        the entry is dropped: :meth:`save` does not keep it)."""
        try:
            mentions, problems, suppressed, files, alone = _decode(stored[3], self._heads)
        except (ValueError, TypeError, KeyError, IndexError):
            for key, kept in list(self._kept.items()):
                if kept is stored:
                    del self._kept[key]
                    self._changed = True
            return None
        return _collected(mentions=mentions, problems=problems, suppressed=suppressed, files=files, cached=1,
                          alone=alone)

    def identity(self, stored: list[tuple]) -> bytes:
        """A digest of the results of ``stored`` entries (as :meth:`check` returns them) and of the heads table
        they index: equal digests, equal Collected values. None of them is decoded."""
        # marshal version 2 writes equal values alike (later versions write back-references to objects seen
        # before, and interned strings apart: the bytes would depend on how the values were made)
        return digest(marshal.dumps((tuple([s[3] for s in stored]), tuple(self._heads.raw)), 2))

    def kept(self, entry: FileEntry) -> tuple | None:
        """The entry this run keeps for ``entry`` (looked up or stored), if any."""
        return self._kept.get(self.key(entry))

    def fact(self, name: str, inputs: bytes, compute: Callable[[], Any], decode: Callable[[Any], T]) -> T:
        """A project fact of this root (the Python project model): ``decode(compute())``, where ``compute``
        returns plain values (what marshal writes) and reads files only through the active recording view
        (:func:`depguard.fsview.active`). Reused while ``inputs`` (a digest of what else it was computed
        from: the file list, the size limit) is the same and every file it read, looked for or listed is
        unchanged; ``decode`` raises ValueError or TypeError on a value of another shape (then computed)."""
        key = ("fact", name, inputs)
        stored = self._entries.get(key)
        if stored is not None:
            try:
                consulted, plain = stored
                if self._checker.holds(consulted):
                    value = decode(plain)
                    self._kept[key] = stored
                    return value
            except (TypeError, ValueError):
                pass
        view = FileView()
        with using(view):
            plain = compute()
        self._kept[key] = (view.consulted(), plain)
        self._changed = True
        return decode(plain)

    def store(self, entry: FileEntry, own: Any, consulted: Group, used: Iterable[str], hints: Hints,
              collected: Collected) -> None:
        """Keep ``collected`` for ``entry``: ``own`` validates the file's content, ``consulted`` what the parse
        consulted, ``used`` the Hints fields it read."""
        stored = (own, consulted, tuple((n, self._hint_digest(hints, n)) for n in sorted(used)), _encode(collected, self._heads))
        self._kept[self.key(entry)] = stored
        self._changed = True

    def save(self) -> None:
        """Write what this run used or made (atomically); nothing when every entry was a hit."""
        if not self._changed and (len(self._kept) == len(self._entries) or not self.complete):
            return
        kept = self._heads.compacted(self._kept if self.complete else {**self._entries, **self._kept})
        try:
            body = marshal.dumps((tuple(self._heads.raw), kept))
        except ValueError:  # a validator of a type marshal cannot write: keep nothing rather than fail
            return
        if self._usable:
            write_private(self.path, FORMAT, self.stamp, body)
            prune(self.path.parent.parent, keep=self.path.name)


# -- what is kept of the trees scanned: pruned, and cleared on request -----------------------------------------

PACKS_KEPT = 64  # parse packs (scan roots and parse settings) kept, the most recently used
PACK_DAYS = 30  # a pack not used for this long is removed (its root is no longer scanned)
DAY = 86_400
DERIVED = ("parse", "output")  # the folders of what is kept per scanned root: parse packs, kept report texts


def prune(folder: Path, keep: str = "", now: float | None = None) -> int:
    """Remove from the cache folder ``folder`` the parse packs not used for :data:`PACK_DAYS` days and all but
    the :data:`PACKS_KEPT` most recently used (``keep``, the name of the pack just written, stays), the kept
    report texts of every pack removed or missing (:mod:`depguard.outputmemo` names them after their pack),
    and temporary files a run that ended halfway left for a day; the number of files removed."""
    import time

    now = time.time() if now is None else now
    packs: list[tuple[float, str]] = []
    stale: list[Path] = []
    try:
        with os.scandir(folder / "parse") as it:
            for e in it:
                st = e.stat(follow_symlinks=False)
                if e.name.endswith(".tmp"):
                    if st.st_mtime < now - DAY:
                        stale.append(Path(e.path))
                elif e.name.endswith(".marshal"):
                    packs.append((st.st_mtime, e.name))
    except OSError:
        return 0
    packs.sort(reverse=True)
    alive = {name for i, (mtime, name) in enumerate(packs)
             if name == keep or (i < PACKS_KEPT and mtime >= now - PACK_DAYS * DAY)}
    stale += [folder / "parse" / name for _, name in packs if name not in alive]
    try:
        with os.scandir(folder / "output") as it:
            for e in it:
                if e.name.endswith(".tmp"):
                    if e.stat(follow_symlinks=False).st_mtime < now - DAY:
                        stale.append(Path(e.path))
                elif e.name not in alive:
                    stale.append(Path(e.path))
    except OSError:
        pass
    return _removed(stale)


def _removed(paths: Iterable[Path]) -> int:
    """Remove each of ``paths`` that is a file or a link (never a folder); how many were removed."""
    removed = 0
    for path in paths:
        try:
            if path.is_file() or path.is_symlink():
                path.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def forget_trees(cache_dir: Path) -> int:
    """Remove what the cache folder ``cache_dir`` keeps about the trees scanned (``depguard cache clear``):
    parse packs, kept report texts, the look-alike matches of the names judged and the judgements kept across
    runs (:mod:`depguard.verdicts`); the number of files."""
    return sum(_removed((cache_dir / sub).glob(pattern))
               for sub, pattern in (*((d, "*") for d in DERIVED), ("typosquat", "*-matches.marshal"),
                                    ("verdicts", "*")))


def private_folder(folder: Path) -> bool:
    """Whether the cache folder ``folder`` (below the cache directory) and the cache directory are this user's
    (made user-only, as the answer cache's: :func:`depguard.paths.make_private`). Entries in a folder another
    user owns could hide mentions, so such a folder is neither read nor written."""
    from .errors import ConfigError
    from .paths import make_private

    try:
        make_private(folder.parent)
        make_private(folder)
    except ConfigError:
        return False
    return True


def read_private(path: Path, fmt: bytes, stamp: bytes, check: Callable[[bytes | memoryview], bytes] = digest,
                 renew: bool = False) -> tuple[bool, memoryview | None]:
    """Whether the folder of the cache file ``path`` is this user's (else nothing is to be written there
    either), and the body of the file as :func:`write_private` wrote it with this ``fmt`` and ``stamp``: None
    when it is missing, damaged, of another format or depguard, a symbolic link, another user's or writable
    by others. ``renew``: note that the file was used now (its modification time renewed, at most once a day:
    a scan that writes nothing must not leave its pack looking abandoned to :func:`prune`)."""
    if not private_folder(path.parent):
        return False, None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return True, None  # missing, or a symbolic link planted in its place
    try:
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not _own_file(st):
                return True, None  # another user's file, or one others could write: its entries are not trusted
            head = len(fmt) + 16 + 16
            top = fh.read(head)
            if len(top) < head or not top.startswith(fmt) or top[len(fmt):len(fmt) + 16] != stamp:
                return True, None  # another format or another depguard: ignored (its body not read), rewritten
            blob = fh.read()
    except OSError:
        return True, None
    body = memoryview(blob)  # not copied: a kept report text is megabytes
    if check(body) != top[len(fmt) + 16:]:
        return True, None  # damaged
    if renew:
        import time

        if st.st_mtime < time.time() - DAY:
            try:
                os.utime(path)
            except OSError:
                pass
    return True, body


def write_private(path: Path, fmt: bytes, stamp: bytes, body: bytes,
                  check: Callable[[bytes | memoryview], bytes] = digest) -> None:
    """Replace ``path`` atomically with ``fmt``, ``stamp``, ``check(body)`` (16 bytes) and ``body``, in a new
    user-only file created without following a symbolic link; nothing on an error."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp")
    try:  # a new user-only file, never through a symbolic link planted at its name
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(fmt + stamp + check(body))
            fh.write(body)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
