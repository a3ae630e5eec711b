"""Offline name indexes: a compact local set of every name an ecosystem's registry holds.

``depguard index build ECOSYSTEM --from FILE`` builds one from a listing the user saved (one name per line,
a JSON list of names, or a JSON document such as PyPI's Simple API project list); ``depguard index pull
ECOSYSTEM`` downloads the listing where the registry publishes one (declared as data in the ecosystem's
``[index]`` table). With ``--offline`` depguard answers from the cache and these indexes only:

- a name in the index is ``exists`` (marked ``offline``),
- a name absent from an index younger than ``index-max-age-days`` (default 30) is ``missing``,
- anything else (no index, or an index too old to trust for absence) is ``unknown`` -> not checked.

Each index is one SQLite file (``<data dir>/index/<ecosystem>.sqlite3``, a WITHOUT ROWID table of
normalised names): opening it costs nothing, a lookup is one B-tree probe, and a million names take about
20 MB on disk (`benchmarks/index_bench.py`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .config import Settings
from .ecosystems import Ecosystem, catalog
from .errors import ConfigError, InputError
from .model import Existence, PackageKey, RegistryAnswer
from .records import record


def index_dir() -> Path:
    """Where indexes live: ``DEPGUARD_INDEX_DIR``, else ``index/`` in the user data directory (which
    ``DEPGUARD_DATA_DIR`` moves, as it moves the refreshed popular lists)."""
    env = os.environ.get("DEPGUARD_INDEX_DIR")
    if env:
        return Path(env)
    from .popular import data_dir

    return data_dir() / "index"


@record(frozen=True)
class IndexInfo:
    ecosystem: str
    path: Path
    count: int
    built_at: datetime
    source: str

    def age(self, now: datetime) -> timedelta:
        return now - self.built_at


def index_path(ecosystem: str, directory: Path | None = None) -> Path:
    return (directory or index_dir()) / f"{ecosystem}.sqlite3"


def names_from_listing(data: bytes, names_path: str | None = None) -> Iterator[str]:
    """Names from a listing: JSON (a list, or a document read at ``names_path``), else one name per line."""
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff")
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"listing looks like JSON but is not valid JSON: {exc.msg} (line {exc.lineno})") from None
        from .registries import fields

        if names_path:
            found = fields.values(doc, names_path)
        elif isinstance(doc, list):
            found = iter(doc)
        elif isinstance(doc, dict) and isinstance(doc.get("projects"), list):  # PEP 691 project list
            found = fields.values(doc, "projects.*.name")
        elif isinstance(doc, dict) and isinstance(doc.get("packageNames"), list):  # Packagist list.json
            found = iter(doc["packageNames"])
        elif isinstance(doc, dict) and isinstance(doc.get("packages"), list):  # pub package-names
            found = iter(doc["packages"])
        else:
            raise InputError("JSON listing: expected a list of names or a known listing document")
        for item in found:
            if isinstance(item, str):
                yield item
            elif isinstance(item, dict) and isinstance(item.get("name"), str):
                yield item["name"]
        return
    for line in text.splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            yield name.split()[0]


def build(eco: Ecosystem, names: Iterable[str], source: str, directory: Path | None = None,
          now: datetime | None = None) -> IndexInfo:
    """Write the index for ``eco`` from ``names`` (normalised, invalid ones dropped). Replaces atomically."""
    target = index_path(eco.id, directory)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    rule = eco.name_rule
    built = now or datetime.now(timezone.utc)
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("CREATE TABLE names (name TEXT PRIMARY KEY) WITHOUT ROWID")
        conn.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT)")

        def valid() -> Iterator[tuple[str]]:
            for raw in names:
                n = rule.normalise(raw)
                if rule.invalid_reason(n) is None:
                    yield (n,)

        conn.executemany("INSERT OR IGNORE INTO names VALUES (?)", valid())
        count = conn.execute("SELECT count(*) FROM names").fetchone()[0]
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("ecosystem", eco.id), ("built_at", built.isoformat()), ("source", source), ("count", str(count)),
        ])
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()
    if count == 0:
        tmp.unlink(missing_ok=True)
        raise InputError(f"the listing for {eco.display} held no valid names; index not written")
    os.replace(tmp, target)
    return IndexInfo(eco.id, target, count, built, source)


class NameIndex:
    """An opened index; ``contains`` is one indexed lookup."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            meta = dict(self.conn.execute("SELECT k, v FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise ConfigError(f"{path}: not a depguard index ({exc}); rebuild it with `depguard index build`") from None
        self.info = IndexInfo(meta.get("ecosystem", path.stem), path, int(meta.get("count", "0")),
                              datetime.fromisoformat(meta["built_at"]), meta.get("source", ""))

    def contains(self, name: str) -> bool:
        return self.conn.execute("SELECT 1 FROM names WHERE name = ?", (name,)).fetchone() is not None

    def contains_many(self, names: list[str]) -> set[str]:
        found: set[str] = set()
        for i in range(0, len(names), 500):
            chunk = names[i:i + 500]
            rows = self.conn.execute(f"SELECT name FROM names WHERE name IN ({','.join('?' * len(chunk))})", chunk)
            found.update(r[0] for r in rows)
        return found

    def close(self) -> None:
        self.conn.close()


def open_index(ecosystem: str, directory: Path | None = None) -> NameIndex | None:
    path = index_path(ecosystem, directory)
    return NameIndex(path) if path.is_file() else None


def offline_answers(keys: list[PackageKey], settings: Settings, directory: Path | None = None) -> dict[PackageKey, RegistryAnswer]:
    """Answers from local indexes for the keys an index can decide; the others are left out."""
    now = settings.now or datetime.now(timezone.utc)
    max_age = timedelta(days=settings.index_max_age_days)
    out: dict[PackageKey, RegistryAnswer] = {}
    by_eco: dict[str, list[PackageKey]] = {}
    for k in keys:
        by_eco.setdefault(k.ecosystem, []).append(k)
    for eco_id, eco_keys in by_eco.items():
        idx = open_index(eco_id, directory)
        if idx is None:
            continue
        try:
            info = idx.info
            present = idx.contains_many([k.name for k in eco_keys])
            built = info.built_at.strftime("%Y-%m-%d")
            fresh = info.age(now) <= max_age
            for k in eco_keys:
                if k.name in present:
                    out[k] = RegistryAnswer(k, Existence.EXISTS, "offline index", f"listed in the local {eco_id} index "
                                            f"({info.count:,} names, built {built})", at=info.built_at, markers=("offline",))
                elif fresh:
                    out[k] = RegistryAnswer(k, Existence.MISSING, "offline index", f"not in the local {eco_id} index "
                                            f"({info.count:,} names, built {built})", at=info.built_at, markers=("offline",))
                else:
                    out[k] = RegistryAnswer(k, Existence.UNKNOWN, "offline index", f"not in the local {eco_id} index, "
                                            f"which is {info.age(now).days} days old (limit {settings.index_max_age_days}); "
                                            "absence is not trusted", at=info.built_at, markers=("offline",))
        finally:
            idx.close()
    return out


# --- pulling a listing from a registry ---------------------------------------------------------------

def pull_spec(eco: Ecosystem) -> dict:
    spec = eco.data.get("index")
    if not isinstance(spec, dict) or "path" not in spec:
        publishing = [e.id for e in catalog() if isinstance(e.data.get("index"), dict) and "path" in e.data["index"]]
        raise ConfigError(f"{eco.display} publishes no name listing depguard knows how to pull; "
                          f"build the index from a saved listing with `depguard index build {eco.id} --from FILE` "
                          f"(registries with a listing: {', '.join(publishing) or 'none'})")
    return spec


async def _download(url: str, accept: str, settings: Settings, transport=None) -> bytes:
    from .errors import RegistryError
    from .http import fetch, make_client
    from .records import replace

    http = replace(settings.http, max_body=max(settings.http.max_body, 1024 * 1024 * 1024), deadline=max(settings.http.deadline, 600))
    async with make_client(http, transport=transport) as client:
        try:
            got = await fetch(client, url, accept, http)
        except RegistryError as exc:
            raise InputError(f"could not download the listing: {exc}") from None
    if got.status != 200:
        raise InputError(f"could not download the listing: HTTP {got.status} from {got.url}")
    return got.body


def pull(eco: Ecosystem, settings: Settings, directory: Path | None = None, transport=None) -> IndexInfo:
    from .registries.endpoints import base_url

    spec = pull_spec(eco)
    key = spec.get("endpoint", eco.id)
    url = base_url(key, settings.registries, eco) + spec["path"]
    import asyncio

    body = asyncio.run(_download(url, spec.get("accept", "application/json"), settings, transport))
    from .http import redact

    return build(eco, names_from_listing(body, spec.get("names")), f"pulled from {redact(url)}", directory, settings.now)

