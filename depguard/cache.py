"""The answer cache: SQLite in the user cache directory (``DEPGUARD_CACHE_DIR`` overrides).

Only facts are stored: ``exists`` and ``missing`` answers, never ``unknown`` ones. Existing names are kept
longer than missing ones, because a missing name can be registered by an attacker tomorrow. Several
depguard processes may share the file (pre-commit runs hooks in parallel): WAL mode, a busy timeout and
short transactions keep it consistent. A file that SQLite cannot read is moved aside and rebuilt, with a
warning, instead of failing the run.

Every answer is stored under the registry that gave it (:func:`depguard.registries.endpoints.registry_identity`:
the base URL, and for a URL with credentials the user name and a digest of the password keyed by a random
secret kept beside the cache), so an answer from a mirror or a test registry is never served for public PyPI,
nor the other way round. Caches written before answers were keyed so (table ``answers``) simply miss.

The folder and its files are user-only (0700/0600). A folder or file owned by another user is not used: an
answer planted there would be a quiet pass.
"""

from __future__ import annotations

import json
import os
import stat
import time
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path

from .cstdlib import datetime, sqlite3, timedelta, timezone
from .model import Existence, PackageKey, RegistryAnswer
from .records import field_names, record

SCHEMA_VERSION = 2
NO_COUNT_MARKER = "no-download-count"  # depguard.registries.downloads: asked, but no count was had
TABLE = "registry_answers"  # keyed by (registry, ecosystem, name); schema 1's "answers" lacked the registry
KEY_FILE = "registry-key"  # the random secret that keys credential digests (never the credentials)
CHECK_EVERY = 24 * 3600  # seconds between integrity checks of the cache file
OPEN_WAIT = 10.0  # seconds opening the cache is tried again while another process holds its lock


EXISTS_TTL = timedelta(days=7)  # how long an answer "exists" is served from the cache
MISSING_TTL = timedelta(hours=1)  # and "missing": short, a missing name can be registered tomorrow (the
# GitHub Action's cache key changes every MISSING_TTL, see action.yml; each entry's expiry is checked on read)


class CacheWarning(UserWarning):
    pass


class ForeignCache(sqlite3.DatabaseError):
    """The cache file is a symlink or another user's: not used, never moved aside or rebuilt in place."""


@record(frozen=True)
class CacheStats:
    path: str
    entries: int
    exists: int
    missing: int
    expired: int
    size_bytes: int


def default_dir() -> Path:
    from .paths import cache_dir

    return cache_dir()


def _encode(answer: RegistryAnswer) -> str:
    data = {name: getattr(answer, name) for name in field_names(RegistryAnswer) if name not in ("key", "cached")}
    for k in ("at", "first_release", "latest_release", "lookalike_of_since"):
        if data[k] is not None:
            data[k] = data[k].isoformat()
    data["existence"] = answer.existence.value
    data["markers"] = list(answer.markers)
    return json.dumps(data, sort_keys=True)


def _decode(key: PackageKey, payload: str) -> RegistryAnswer:
    data = json.loads(payload)
    for k in ("at", "first_release", "latest_release", "lookalike_of_since"):
        if data.get(k):
            data[k] = datetime.fromisoformat(data[k])
    data["existence"] = Existence(data["existence"])
    for k in ("markers", "publishers", "maintainers", "lookalike_of_maintainers", "declares", "commands", "lookalike_predated"):
        if k in data:
            data[k] = tuple(data[k])
    if "lookalike_others" in data:
        data["lookalike_others"] = tuple((str(n), str(d)) for n, d in data["lookalike_others"])
    return RegistryAnswer(key=key, cached=True, **data)


class AnswerCache:
    def __init__(
        self,
        directory: Path | None = None,
        exists_ttl: timedelta = EXISTS_TTL,
        missing_ttl: timedelta = MISSING_TTL,
        registries: Mapping[str, str] | None = None,
        github_token: str | None = None,
    ) -> None:
        self.directory = Path(directory) if directory else default_dir()
        self.path = self.directory / "answers.sqlite3"
        self.exists_ttl = exists_ttl
        self.missing_ttl = missing_ttl
        self.registries = dict(registries or {})  # the run's endpoint overrides (Settings.registries)
        self._github_token = github_token  # only its keyed digest reaches the cache key, never the file
        self._conn: sqlite3.Connection | None = None
        self._registry_ids: dict[str, str] = {}

    def registry_of(self, ecosystem: str) -> str:
        """The identity of the registry that answers ``ecosystem`` in this run (the cache key's first part)."""
        found = self._registry_ids.get(ecosystem)
        if found is None:
            from .registries.endpoints import registry_identity

            found = self._registry_ids[ecosystem] = registry_identity(ecosystem, self.registries, self._secret(),
                                                                      self._github_token)
        return found

    def _secret(self) -> bytes:
        if not self._github_token and not any("@" in url for url in self.registries.values()):
            return b""  # no credentials to digest
        path = self.directory / KEY_FILE
        try:
            return path.read_bytes()
        except FileNotFoundError:
            pass
        self._private_dir()
        import secrets  # only the first run with credentials makes a key

        key = secrets.token_bytes(32)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            return path.read_bytes()
        with os.fdopen(fd, "wb") as fh:
            fh.write(key)
        return key

    def _private_dir(self) -> None:
        """Create the folder user-only; refuse one another user owns (its answers could be planted)."""
        from .errors import ConfigError
        from .paths import make_private

        try:
            make_private(self.directory)
        except ConfigError as exc:
            raise ForeignCache(str(exc)) from None

    # connection handling --------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        self._private_dir()
        try:
            conn = self._open_waiting()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, ForeignCache) or not _damaged(exc):
                raise  # still busy, an I/O error: the caller goes on without the cache; the file stays
            self._set_aside(exc)
            conn = self._open_waiting()
        self._conn = conn
        return conn

    def _open_waiting(self) -> sqlite3.Connection:
        """:meth:`_open`, tried again while the file is busy. SQLite answers some lock conflicts at once instead
        of through the busy timeout (switching a new file to WAL while another process opens it, a write-ahead
        log being recovered): processes starting together on one cache (pre-commit's parallel hooks, CI
        matrix jobs) met it and each went on without the cache. Waits at most ``OPEN_WAIT`` seconds in all."""
        deadline = time.monotonic() + OPEN_WAIT
        pause = 0.02
        while True:
            try:
                return self._open()
            except sqlite3.OperationalError as exc:
                if not _passing(exc) or time.monotonic() + pause > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.5)

    def _private_files(self) -> None:
        """The database and its journals: created 0600, never through a symlink, never another user's."""
        if not self.path.exists():
            try:
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
            except FileExistsError:
                pass
        for suffix in ("", "-wal", "-shm"):
            file = Path(str(self.path) + suffix)
            try:
                st = os.lstat(file)
            except FileNotFoundError:
                continue
            if stat.S_ISLNK(st.st_mode) or (hasattr(os, "geteuid") and st.st_uid != os.geteuid()):
                raise ForeignCache(f"{file} is a symbolic link or belongs to another user; the cache is not used")
            if stat.S_IMODE(st.st_mode) & 0o077:
                os.chmod(file, 0o600)

    def _open(self) -> sqlite3.Connection:
        self._private_files()
        # one connection per AnswerCache, used by one thread at a time; close(later=True) closes it in another
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA busy_timeout = 30000")
            # switching to WAL takes the file's exclusive lock: only when the file is not in WAL mode yet
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {TABLE, "meta"} <= tables:
                conn.execute(
                    f"CREATE TABLE IF NOT EXISTS {TABLE} (registry TEXT NOT NULL, ecosystem TEXT NOT NULL,"
                    " name TEXT NOT NULL, existence TEXT NOT NULL, payload TEXT NOT NULL, stored REAL NOT NULL,"
                    " expires REAL NOT NULL, PRIMARY KEY (registry, ecosystem, name))"
                )
                conn.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
            meta = dict(conn.execute("SELECT k, v FROM meta WHERE k IN ('schema', 'checked')").fetchall())
            if meta.get("schema") != str(SCHEMA_VERSION):
                if "answers" in tables:  # schema 1's answers, not keyed by registry, are never served: emptied
                    conn.execute("DELETE FROM answers")  # (kept as a table for an older depguard sharing the file)
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            # the integrity check reads the whole file: once a day, not on every run (a damaged page met by
            # a query raises too, and is handled like a file that will not open)
            try:
                checked = float(meta.get("checked", "0"))
            except ValueError:
                checked = 0.0
            if not 0 <= time.time() - checked < CHECK_EVERY:
                row = conn.execute("PRAGMA quick_check").fetchone()
                if row is None or row[0] != "ok":
                    raise sqlite3.DatabaseError(f"integrity check failed: {row[0] if row else 'no result'}")
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('checked', ?)", (repr(time.time()),))
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _set_aside(self, exc: Exception) -> None:
        # only for a damaged file (:func:`_damaged`): other processes sharing the cache may have it open, and
        # moving a healthy database and its journals from under them loses their answers and can damage it
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"answers.corrupt-{stamp}-{os.getpid()}.sqlite3")
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(self.path) + suffix)
            if src.exists():
                try:
                    src.replace(Path(str(aside) + suffix))
                except OSError:
                    src.unlink(missing_ok=True)
        warnings.warn(f"depguard cache {self.path} was unreadable ({exc}); moved aside to {aside} and rebuilt", CacheWarning, stacklevel=3)

    def close(self, later: bool = False) -> None:
        """Close the connection. Closing the last one checkpoints the write-ahead log (an fsync: 3-37 ms
        measured on a loaded machine); ``later``: in a thread of its own, so that the caller goes on (a cold
        run's judging and report) meanwhile. The interpreter's exit waits for it; nothing is lost."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        if later:
            import threading

            threading.Thread(target=conn.close, name="depguard-cache-close").start()
        else:
            conn.close()

    # reading and writing ---------------------------------------------------------------------------
    def get_many(self, keys: Iterable[PackageKey], now: float | None = None,
                 texts: dict[PackageKey, str] | None = None) -> dict[PackageKey, RegistryAnswer]:
        """Fresh answers for as many of ``keys`` as the cache holds, read in bulk; ``texts`` is given the text
        each answer was stored as (the answer is a function of its key and that text)."""
        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return {}
        now = time.time() if now is None else now
        out: dict[PackageKey, RegistryAnswer] = {}
        try:
            conn = self._connect()
            by_eco: dict[str, list[str]] = {}
            for k in wanted:
                by_eco.setdefault(k.ecosystem, []).append(k.name)
            for eco, names in by_eco.items():
                for i in range(0, len(names), 500):
                    chunk = names[i : i + 500]
                    marks = ",".join("?" * len(chunk))
                    rows = conn.execute(
                        f"SELECT name, payload FROM {TABLE} WHERE registry = ? AND ecosystem = ? AND expires > ?"
                        f" AND name IN ({marks})",
                        (self.registry_of(eco), eco, now, *chunk),
                    ).fetchall()
                    for name, payload in rows:
                        key = PackageKey(eco, name)
                        try:
                            out[key] = _decode(key, payload)
                        except (ValueError, TypeError, KeyError):
                            continue
                        if texts is not None:
                            texts[key] = payload
        except sqlite3.DatabaseError as exc:
            self._recover(exc)
        return out

    def put_many(self, answers: Iterable[RegistryAnswer], now: float | None = None) -> int:
        now = time.time() if now is None else now
        try:
            rows = []
            for a in answers:
                if a.existence is Existence.UNKNOWN or a.cached:
                    continue  # a failure is never stored as a fact
                # an existing name whose download count could not be had is kept only as long as a missing
                # one, so the count is asked again soon (depguard.registries.downloads)
                brief = a.existence is not Existence.EXISTS or NO_COUNT_MARKER in a.markers
                ttl = self.missing_ttl if brief else self.exists_ttl
                rows.append((self.registry_of(a.key.ecosystem), a.key.ecosystem, a.key.name, a.existence.value,
                             _encode(a), now, now + ttl.total_seconds()))
            if not rows:
                return 0
            conn = self._connect()
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.executemany(f"INSERT OR REPLACE INTO {TABLE} VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.DatabaseError as exc:
            self._recover(exc)
            return 0
        return len(rows)

    def _recover(self, exc: Exception) -> None:
        if isinstance(exc, ForeignCache):
            warnings.warn(f"depguard cache not used: {exc}", CacheWarning, stacklevel=3)
            return
        if not _damaged(exc):
            warnings.warn(f"depguard cache {self.path} is busy; continuing without it ({exc})", CacheWarning, stacklevel=3)
            return
        self.close()
        self._set_aside(exc)

    def stats(self) -> CacheStats:
        conn = self._connect()
        now = time.time()
        total = conn.execute(f"SELECT count(*) FROM {TABLE}").fetchone()[0]
        exists = conn.execute(f"SELECT count(*) FROM {TABLE} WHERE existence = 'exists'").fetchone()[0]
        missing = conn.execute(f"SELECT count(*) FROM {TABLE} WHERE existence = 'missing'").fetchone()[0]
        expired = conn.execute(f"SELECT count(*) FROM {TABLE} WHERE expires <= ?", (now,)).fetchone()[0]
        size = sum(Path(str(self.path) + s).stat().st_size for s in ("", "-wal") if Path(str(self.path) + s).exists())
        return CacheStats(str(self.path), total, exists, missing, expired, size)

    def clear(self) -> int:
        conn = self._connect()
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            n = conn.execute(f"DELETE FROM {TABLE}").rowcount
        conn.execute("VACUUM")
        return n


def age_of(answer: RegistryAnswer, now: datetime | None = None) -> timedelta | None:
    if answer.at is None:
        return None
    return (now or datetime.now(timezone.utc)) - answer.at


def _passing(exc: sqlite3.OperationalError) -> bool:
    """Whether an operational error is a lock another process holds (SQLite's BUSY and LOCKED), which passes."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED and their extended codes
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _damaged(exc: Exception) -> bool:
    """Whether a database error says the file itself is damaged or no database (SQLite's CORRUPT and NOTADB, and the
    failed integrity check, raised as ``DatabaseError``), as opposed to a passing condition (``OperationalError``:
    locked, busy, an I/O error, which another process sharing the cache may cause, pre-commit running hooks in
    parallel): only a damaged file is set aside."""
    return not isinstance(exc, sqlite3.OperationalError)
