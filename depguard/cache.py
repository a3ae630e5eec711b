"""The answer cache: SQLite in the user cache directory (``DEPGUARD_CACHE_DIR`` overrides).

Only facts are stored: ``exists`` and ``missing`` answers, never ``unknown`` ones. Existing names are kept
longer than missing ones, because a missing name can be registered by an attacker tomorrow. Several
depguard processes may share the file (pre-commit runs hooks in parallel): WAL mode, a busy timeout and
short transactions keep it consistent. A file that SQLite cannot read is moved aside and rebuilt, with a
warning, instead of failing the run.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import warnings
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .model import Existence, PackageKey, RegistryAnswer

SCHEMA_VERSION = 1
CHECK_EVERY = 24 * 3600  # seconds between integrity checks of the cache file


class CacheWarning(UserWarning):
    pass


@dataclass(frozen=True)
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
    data = asdict(answer)
    data.pop("key")
    data.pop("cached")
    for k in ("at", "first_release", "latest_release"):
        if data[k] is not None:
            data[k] = data[k].isoformat()
    data["existence"] = answer.existence.value
    data["markers"] = list(answer.markers)
    return json.dumps(data, sort_keys=True)


def _decode(key: PackageKey, payload: str) -> RegistryAnswer:
    data = json.loads(payload)
    for k in ("at", "first_release", "latest_release"):
        if data.get(k):
            data[k] = datetime.fromisoformat(data[k])
    data["existence"] = Existence(data["existence"])
    data["markers"] = tuple(data.get("markers", ()))
    return RegistryAnswer(key=key, cached=True, **data)


class AnswerCache:
    def __init__(
        self,
        directory: Path | None = None,
        exists_ttl: timedelta = timedelta(days=7),
        missing_ttl: timedelta = timedelta(hours=1),
    ) -> None:
        self.directory = Path(directory) if directory else default_dir()
        self.path = self.directory / "answers.sqlite3"
        self.exists_ttl = exists_ttl
        self.missing_ttl = missing_ttl
        self._conn: sqlite3.Connection | None = None

    # connection handling --------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        self.directory.mkdir(parents=True, exist_ok=True)
        try:
            conn = self._open()
        except sqlite3.DatabaseError as exc:
            self._set_aside(exc)
            conn = self._open()
        self._conn = conn
        return conn

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout = 30000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"answers", "meta"} <= tables:
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS answers (ecosystem TEXT NOT NULL, name TEXT NOT NULL,"
                    " existence TEXT NOT NULL, payload TEXT NOT NULL, stored REAL NOT NULL, expires REAL NOT NULL,"
                    " PRIMARY KEY (ecosystem, name))"
                )
                conn.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
            meta = dict(conn.execute("SELECT k, v FROM meta WHERE k IN ('schema', 'checked')").fetchall())
            if "schema" not in meta:
                conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
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

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # reading and writing ---------------------------------------------------------------------------
    def get_many(self, keys: Iterable[PackageKey], now: float | None = None) -> dict[PackageKey, RegistryAnswer]:
        """Fresh answers for as many of ``keys`` as the cache holds, read in bulk."""
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
                        f"SELECT name, payload FROM answers WHERE ecosystem = ? AND expires > ? AND name IN ({marks})",
                        (eco, now, *chunk),
                    ).fetchall()
                    for name, payload in rows:
                        key = PackageKey(eco, name)
                        try:
                            out[key] = _decode(key, payload)
                        except (ValueError, TypeError, KeyError):
                            continue
        except sqlite3.DatabaseError as exc:
            self._recover(exc)
        return out

    def put_many(self, answers: Iterable[RegistryAnswer], now: float | None = None) -> int:
        now = time.time() if now is None else now
        rows = []
        for a in answers:
            if a.existence is Existence.UNKNOWN or a.cached:
                continue  # a failure is never stored as a fact
            ttl = self.exists_ttl if a.existence is Existence.EXISTS else self.missing_ttl
            rows.append((a.key.ecosystem, a.key.name, a.existence.value, _encode(a), now, now + ttl.total_seconds()))
        if not rows:
            return 0
        try:
            conn = self._connect()
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.executemany("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.DatabaseError as exc:
            self._recover(exc)
            return 0
        return len(rows)

    def _recover(self, exc: Exception) -> None:
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
            warnings.warn(f"depguard cache {self.path} is busy; continuing without it ({exc})", CacheWarning, stacklevel=3)
            return
        self.close()
        self._set_aside(exc)

    def stats(self) -> CacheStats:
        conn = self._connect()
        now = time.time()
        total = conn.execute("SELECT count(*) FROM answers").fetchone()[0]
        exists = conn.execute("SELECT count(*) FROM answers WHERE existence = 'exists'").fetchone()[0]
        missing = conn.execute("SELECT count(*) FROM answers WHERE existence = 'missing'").fetchone()[0]
        expired = conn.execute("SELECT count(*) FROM answers WHERE expires <= ?", (now,)).fetchone()[0]
        size = sum(Path(str(self.path) + s).stat().st_size for s in ("", "-wal") if Path(str(self.path) + s).exists())
        return CacheStats(str(self.path), total, exists, missing, expired, size)

    def clear(self) -> int:
        conn = self._connect()
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            n = conn.execute("DELETE FROM answers").rowcount
        conn.execute("VACUUM")
        return n


def age_of(answer: RegistryAnswer, now: datetime | None = None) -> timedelta | None:
    if answer.at is None:
        return None
    return (now or datetime.now(timezone.utc)) - answer.at
