"""The file-system view parsers read through: every read, existence check and folder listing is recorded.

A parser reads its own file's text from its :class:`~depguard.parsers.Source`; anything else it consults (the
``-r other.txt`` of a requirements file, a workspace member a manifest names, the sibling modules of a
source file, the nearest ``go.mod``) goes through the :class:`FileView` of that parse. The view does the I/O
and keeps a *record*: for each path and kind of question, a validator of the answer it gave. The parse cache
(:mod:`depguard.parsecache`) stores that record beside the parse result and reuses the result only while
:func:`still_valid` holds for every validator. Validators:

* ``("k", path)``: what the path is (``missing``, ``file``, ``dir``, ``other``), for ``exists``/``is_file``
  /``is_dir`` questions: the answer itself;
* ``("r", path)``: a file's content: ``(size, mtime_ns, (inode, ctime_ns), racy, digest)`` with a BLAKE2
  digest of the bytes read; the stat is trusted only when it was not *racy* (taken within :data:`RACY_NS` of
  the file's modification, when a later same-size edit could keep the mtime), else the digest decides. The
  ctime (which no user can set) catches an in-place rewrite whose mtime was put back (``cp -p``,
  ``rsync --inplace -t``, ``touch -r``): the digest then decides;
* ``("l", path)``: a folder's listing: ``(mtime_ns, (inode, ctime_ns), racy, digest of its sorted (name, is-dir))``;
* ``("f", name)``: a fact outside the tree the parse depended on (the installed distributions), by the
  digest :data:`FACTS` gives for it.

Helpers that have no Source at hand (a memoised "nearest manifest" lookup) use :func:`active`, the view of
the parse in progress in this thread; :func:`memo` memoises such a helper per run and replays the record of
the memoised call into every parse that uses its result, so a memo hit is recorded like a fresh read.
"""

from __future__ import annotations

import contextvars
import functools
import os
import stat as statmod
import time
from collections.abc import Callable, Container, Iterable, Iterator

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])
    Record = dict[tuple[str, str], Any]  # (kind of question, path or fact name) -> validator
    # What one parse (or one memoised helper) consulted: its own record and the shared records of the memoised
    # helpers it used. A group is shared by every parse that used the helper's result, so it is stored once in
    # a pickle and checked once per run.
    Group = tuple[Record, tuple[Any, ...]]  # (record, groups)

RACY_NS = 2_000_000_000  # a stat taken this close after the file's mtime is not trusted (coarse clocks: FAT 2 s)
MISSING, FILE, DIR, OTHER = "missing", "file", "dir", "other"


def _kind_of(st: os.stat_result | None) -> str:
    if st is None:
        return MISSING
    if statmod.S_ISREG(st.st_mode):
        return FILE
    if statmod.S_ISDIR(st.st_mode):
        return DIR
    return OTHER


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def digest(data: bytes | memoryview) -> bytes:
    """A 16-byte BLAKE2b digest of ``data`` (from ``_blake2`` itself: hashlib would load OpenSSL, ~10 ms)."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - an interpreter without the built-in module
        from hashlib import blake2b
    return blake2b(data, digest_size=16).digest()


def _racy(st: os.stat_result, now_ns: int) -> bool:
    return now_ns - st.st_mtime_ns < RACY_NS


def identity(st: os.stat_result) -> tuple[int, int]:
    """(inode, ctime_ns): which file this is and when its inode last changed; unlike the mtime, no user can
    set the ctime back, so a rewrite in place with the mtime restored still changes it."""
    return (st.st_ino, st.st_ctime_ns)


def content_validator(st: os.stat_result, data: bytes) -> tuple[int, int, tuple[int, int], bool, bytes]:
    """The validator of ``data``, read from a file whose stat (taken before the read) is ``st``."""
    return (st.st_size, st.st_mtime_ns, identity(st), _racy(st, time.time_ns()), digest(data))


def _listing(path: str) -> list[tuple[str, bool]] | None:
    try:
        with os.scandir(path) as it:
            out = []
            for e in it:
                try:
                    out.append((e.name, e.is_dir()))
                except OSError:
                    out.append((e.name, False))
    except (OSError, ValueError):
        return None
    out.sort()
    return out


def _listing_digest(listing: list[tuple[str, bool]]) -> bytes:
    return digest("\0".join(f"{n}/{int(d)}" for n, d in listing).encode("utf-8", "surrogateescape"))


class FileView:
    """Reads and questions about files, each answer recorded in :attr:`record` (see the module docstring)."""

    def __init__(self, limit: int = 5 * 1024 * 1024) -> None:
        self.limit = limit
        self.record: Record = {}
        self.groups: dict[int, Group] = {}  # id -> the group of a memoised helper's result

    def consulted(self) -> Group:
        """Everything this view answered: the record of the parse and the groups of the helpers it used. A path
        looked for and found missing in a folder whose listing this parse (or a helper it used) recorded, without
        the path's name, is left out: the listing's validator vouches for it (a source file looks for a sibling
        module per name it imports; the folder's listing is recorded anyway)."""
        record = self.record
        if _LISTED:
            missing = [k for k, v in record.items() if k[0] == "k" and v == MISSING]
            listed = _listings((record, tuple(self.groups.values())), {os.path.split(k[1])[0] for k in missing}) \
                if missing else {}
            for key in missing:
                folder, name = os.path.split(key[1])
                validator = listed.get(folder)
                names = None if validator is None else _LISTED.get((folder, validator))
                if names is not None and name not in names:
                    del record[key]
        return record, tuple(self.groups.values())

    def add(self, group: Group) -> None:
        self.groups.setdefault(id(group), group)

    def kind(self, path: str | os.PathLike[str]) -> str:
        p = os.fspath(path)
        k = _kind_of(_stat(p))
        self.record.setdefault(("k", p), k)
        return k

    def exists(self, path: str | os.PathLike[str]) -> bool:
        return self.kind(path) != MISSING

    def is_file(self, path: str | os.PathLike[str]) -> bool:
        return self.kind(path) == FILE

    def is_dir(self, path: str | os.PathLike[str]) -> bool:
        return self.kind(path) == DIR

    def size(self, path: str | os.PathLike[str]) -> int | None:
        """The size of a regular file (None when there is none): recorded as a read of its content."""
        p = os.fspath(path)
        st = _stat(p)
        if st is None or not statmod.S_ISREG(st.st_mode):
            self.record.setdefault(("k", p), _kind_of(st))
            return None
        self.read_bytes(p, limit=None)
        return st.st_size

    def read_bytes(self, path: str | os.PathLike[str], limit: int | None = -1) -> bytes | None:
        """The bytes of a regular file, or None when it is missing, not a file, unreadable or larger than
        ``limit`` (default: the view's)."""
        p = os.fspath(path)
        cap = self.limit if limit == -1 else limit
        try:
            with open(p, "rb") as fh:
                st = os.fstat(fh.fileno())
                if not statmod.S_ISREG(st.st_mode):
                    self.record.setdefault(("k", p), _kind_of(st))
                    return None
                data = fh.read(st.st_size + 1)
                if len(data) > st.st_size:
                    data += fh.read()
        except (OSError, ValueError):
            self.record.setdefault(("k", p), _kind_of(_stat(p)))
            return None
        self.record.setdefault(("r", p), content_validator(st, data))
        if cap is not None and len(data) > cap:
            return None
        return data

    def read_text(self, path: str | os.PathLike[str], limit: int | None = -1) -> str | None:
        data = self.read_bytes(path, limit)
        return None if data is None else decoded(data)

    def listdir(self, path: str | os.PathLike[str]) -> list[tuple[str, bool]] | None:
        """(name, is a folder) of every entry of a folder, sorted; None when it cannot be listed."""
        p = os.fspath(path)
        st = _stat(p)
        listing = _listing(p)
        if listing is None or st is None:
            self.record.setdefault(("k", p), _kind_of(st))
            return None
        validator = self.record.setdefault(("l", p), (st.st_mtime_ns, identity(st), _racy(st, time.time_ns()),
                                                      _listing_digest(listing)))
        if len(_LISTED) < LISTINGS_KEPT:
            _LISTED.setdefault((p, validator), frozenset([n for n, _ in listing]))
        return listing

    def walk(self, top: str | os.PathLike[str], skip: frozenset[str] = frozenset()) -> Iterator[tuple[str, list[str], list[str]]]:
        """(folder, sub-folders, files) below ``top`` like :func:`depguard.treewalk.walk` (no recursion, links
        to folders not followed), sub-folders sorted and those named in ``skip`` left out; every listing
        recorded. The caller may shorten the sub-folder list to prune."""
        stack = [os.fspath(top)]
        while stack:
            folder = stack.pop()
            listing = self.listdir(folder)
            if listing is None:
                continue
            dirs = [n for n, d in listing if d and n not in skip]
            files = [n for n, d in listing if not d]
            yield folder, dirs, files
            for name in reversed(dirs):
                path = os.path.join(folder, name)
                if not os.path.islink(path):
                    stack.append(path)

    def glob(self, base: str | os.PathLike[str], pattern: str, hidden: bool = False) -> list[str]:
        """Paths below ``base`` matching ``pattern`` (``/``-separated; ``*``, ``?``, ``[…]`` within a component,
        ``**`` for any depth), sorted; every folder looked into is recorded. ``hidden``: wildcards match names
        starting with a dot too (as ``pathlib`` does; ``glob.glob`` does not)."""
        import fnmatch

        parts = [p for p in pattern.split("/") if p not in ("", ".")]
        found: list[str] = []

        def walk(folder: str, i: int, depth: int) -> None:
            if depth > 64:
                return
            if i == len(parts):
                found.append(folder)
                return
            part = parts[i]
            if part == "**":
                walk(folder, i + 1, depth + 1)
                for name, is_dir in self.listdir(folder) or ():
                    if is_dir and (hidden or not name.startswith(".")):
                        walk(os.path.join(folder, name), i, depth + 1)
            elif part == "..":
                walk(os.path.dirname(folder), i + 1, depth + 1)
            elif not any(c in part for c in "*?["):
                target = os.path.join(folder, part)
                if i == len(parts) - 1 and self.exists(target) or i < len(parts) - 1 and self.is_dir(target):
                    walk(target, i + 1, depth + 1)
            else:
                for name, is_dir in self.listdir(folder) or ():
                    if (is_dir or i == len(parts) - 1) and fnmatch.fnmatch(name, part) \
                            and (hidden or not name.startswith(".") or part.startswith(".")):
                        walk(os.path.join(folder, name), i + 1, depth + 1)

        walk(os.fspath(base), 0, 0)
        return sorted(found)

    def fact(self, name: str) -> None:
        """Note that the parse depended on the fact ``name`` of :data:`FACTS` (the installed distributions)."""
        if ("f", name) not in self.record:
            self.record[("f", name)] = fact_digest(name)


LISTINGS_KEPT = 65_536
# (folder, its listing's validator) -> the names listed, for every listing recorded in this run (FileView.consulted)
_LISTED: dict[tuple[str, Any], frozenset[str]] = {}


def _listings(group: Group, folders: set[str]) -> dict[str, Any]:
    """folder -> the validator of its listing, for each of ``folders`` that ``group`` or a group inside it records
    (the first in the order of the record, then its groups, depth first). Each group is visited once and asked for
    those folders only: a file's parse holds the groups of the project's views, whose records list every folder of
    the tree, so walking every entry of them for every file took time in the tree's size squared (reviewer r31)."""
    out: dict[str, Any] = {}
    seen: set[int] = set()
    stack = [group]
    while stack and len(out) < len(folders):
        record, inner = stack.pop()
        for folder in folders:
            if folder not in out and (validator := record.get(("l", folder))) is not None:
                out[folder] = validator
        for g in reversed(inner):
            if id(g) not in seen:
                seen.add(id(g))
                stack.append(g)
    return out


# -- the view of the parse in progress, for helpers without a Source ----------------------------------------

_ACTIVE: contextvars.ContextVar[FileView | None] = contextvars.ContextVar("depguard_fsview", default=None)


def text_of(path: str | os.PathLike[str], limit: int | None) -> str | None:
    """The text of a regular file of at most ``limit`` bytes as text mode reads it (UTF-8, undecodable bytes
    replaced, newlines made ``\\n``), through the active recording view (:func:`active`): a project fact
    computed from it is cached with what it read. None when it is missing, not a file or too large."""
    data = active().read_bytes(path, limit=limit)
    if data is None:
        return None
    return decoded(data).replace("\r\n", "\n").replace("\r", "\n")


BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"))


def bom_text(data: bytes) -> str | None:
    """The text of UTF-16/32 bytes that start with a byte-order mark (without it), else None."""
    for mark, codec in BOMS:
        if data.startswith(mark):
            try:
                return data[len(mark):].decode(codec)
            except UnicodeDecodeError:
                return None
    return None


def decoded(data: bytes) -> str:
    """A file's bytes as text: UTF-16/32 with a byte-order mark as that (pip reads a requirements file so, and
    PowerShell's ``>`` writes one), else UTF-8 with undecodable bytes replaced; the scan's own reading
    (:func:`depguard.discover.read_text`) decodes the same way, so a project fact sees what the parser sees."""
    bom = bom_text(data)
    return bom if bom is not None else data.decode("utf-8", errors="replace")


def texts_named(files: Iterable[tuple[Path, str]], names: Container[str], limit: int | None) -> Iterator[tuple[Path, str]]:
    """(path, text) of each of ``files`` ((path on disk, path relative to the scan root)) whose file name is one of
    ``names``, read with :func:`text_of` (a file it cannot read is left out): the manifests an ``[own]`` reader reads."""
    for path, _rel in files:
        if path.name in names:
            text = text_of(path, limit)
            if text is not None:
                yield path, text


def active() -> FileView:
    """The view of the parse in progress in this thread, or a fresh one whose record nobody keeps."""
    view = _ACTIVE.get()
    return view if view is not None else FileView()


class using:
    """``with using(view):`` makes ``view`` the :func:`active` one for the parse inside."""

    def __init__(self, view: FileView) -> None:
        self.view = view
        self._token: contextvars.Token[FileView | None] | None = None

    def __enter__(self) -> FileView:
        self._token = _ACTIVE.set(self.view)
        return self.view

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _ACTIVE.reset(self._token)


def memo(maxsize: int | None = 512) -> Callable[[F], F]:
    """Memoise a helper that reads through :func:`active` for one run (a per-run cache, emptied between served
    runs); each call, hit or miss, adds the record of the memoised computation to the active view."""
    from .runcache import per_run

    def wrap(fn: F) -> F:
        @per_run(maxsize)
        def computed(*args: Any) -> tuple[Any, Group]:
            view = FileView(active().limit)
            with using(view):
                result = fn(*args)
            return result, view.consulted()

        @functools.wraps(fn)
        def call(*args: Any) -> Any:
            result, group = computed(*args)
            view = _ACTIVE.get()
            if view is not None:
                view.add(group)
            return result

        call.cache_clear = computed.cache_clear  # type: ignore[attr-defined]
        return call  # type: ignore[return-value]

    return wrap


# -- facts outside the tree ---------------------------------------------------------------------------------

FACTS: dict[str, Callable[[], str]] = {}  # fact name -> a digest of its current state (registered by its owner)
_FACT_DIGESTS: dict[str, str] = {}  # for this run


def fact_digest(name: str) -> str:
    got = _FACT_DIGESTS.get(name)
    if got is None:
        provider = FACTS.get(name)
        got = _FACT_DIGESTS[name] = provider() if provider is not None else f"unknown:{name}"
    return got


def forget_facts() -> None:
    """Forget this run's fact digests and listings (a served process starts each run afresh)."""
    _FACT_DIGESTS.clear()
    _LISTED.clear()


# -- checking a record against the tree as it is now ---------------------------------------------------------

class Checker:
    """Whether recorded validators still hold, each (question, path) checked once per run."""

    def __init__(self) -> None:
        self._seen: dict[tuple[Any, Any], bool] = {}  # (question, validator) -> whether it holds
        self._groups: dict[int, tuple[Group, bool]] = {}  # id -> (the group, kept alive; whether it holds)
        self._names: dict[str, frozenset[str] | None] = {}  # folder -> its entries' names, case-folded

    def holds(self, group: Group) -> bool:
        """Whether every validator of ``group`` (and of the groups inside it) holds now."""
        try:
            record, inner = group
            items = record.items()
        except (TypeError, ValueError, AttributeError):
            return False  # not the shape this version writes
        known = self._groups.get(id(group))
        if known is not None and known[0] is group:
            return known[1]
        ok = all(self._holds(key, validator) for key, validator in items) and all(self.holds(g) for g in inner)
        self._groups[id(group)] = (group, ok)
        return ok

    def _holds(self, key: Any, validator: Any) -> bool:
        try:
            ok = self._seen.get((key, validator))
            if ok is None:
                ok = self._seen[(key, validator)] = (validator == MISSING and key[0] == "k" and self._absent(key[1])
                                                     or _holds(key, validator))
        except (TypeError, ValueError):  # an unhashable or malformed validator: not this version's
            return False
        return ok

    def _absent(self, path: Any) -> bool:
        """Whether ``path`` is missing by its folder's listing, taken once per run for all the paths looked for
        in that folder (a source file looks for a sibling module for each name it imports): True only when the
        folder lists no entry whose name case-folds to the path's (so a case-insensitive file system's match
        counts as present; a name that is not ASCII, or a folder that cannot be listed, is left to ``stat``)."""
        if not isinstance(path, str):
            return False
        folder, name = os.path.split(path)
        if not name or not name.isascii() or name in (".", ".."):
            return False
        names = self._names.get(folder, _UNLISTED)
        if names is _UNLISTED:
            listing = _listing(folder) if folder else None
            names = self._names[folder] = None if listing is None else frozenset(n.casefold() for n, _ in listing)
        return names is not None and name.casefold() not in names


_UNLISTED: frozenset[str] = frozenset({"\0"})  # a folder not listed yet (no entry name holds a NUL)


def _content_holds(path: str, validator: Any, st: os.stat_result | None) -> bool:
    try:
        size, mtime, ino, racy, want = validator
    except (TypeError, ValueError):
        return False
    if st is None or not statmod.S_ISREG(st.st_mode):
        return False
    if not racy and (st.st_size, st.st_mtime_ns, identity(st)) == (size, mtime, ino):
        return True
    if st.st_size != size:
        return False
    try:
        with open(path, "rb") as fh:
            data = fh.read(size + 1)
    except OSError:
        return False
    return bool(digest(data) == want)


def _holds(key: tuple[str, str], validator: Any) -> bool:
    kind, path = key
    if not isinstance(path, str):
        return False
    if kind == "k":
        return bool(_kind_of(_stat(path)) == validator)
    if kind == "r":
        return _content_holds(path, validator, _stat(path))
    if kind == "l":
        try:
            mtime, ino, racy, want = validator
        except (TypeError, ValueError):
            return False
        st = _stat(path)
        if st is None or not statmod.S_ISDIR(st.st_mode):
            return False
        if not racy and (st.st_mtime_ns, identity(st)) == (mtime, ino):
            return True
        listing = _listing(path)
        return listing is not None and _listing_digest(listing) == want
    if kind == "f":
        return bool(fact_digest(path) == validator)
    return False  # a question this version does not know: never trusted


def racy(st: os.stat_result) -> bool:
    """Whether a stat taken now is too close to the file's last change to vouch for its content later."""
    return _racy(st, time.time_ns())


def content_holds(path: str, validator: Any, st: os.stat_result | None) -> bool:
    """Whether the file at ``path`` (stat ``st``, taken now) still has the content ``validator`` recorded."""
    return _content_holds(path, validator, st)
