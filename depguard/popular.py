"""Popular-package lists: the data the typosquat check compares names against.

Each ecosystem may ship ``depguard/ecosystems/<id>/<popular.file>`` (named in the ``[popular]`` table of its
``ecosystem.toml``). ``depguard popular update`` writes a fresher list, fetched from the registry's own
popularity ordering, to the user data directory (``DEPGUARD_DATA_DIR`` overrides); the loader prefers that
file when it is present and was taken no earlier than the shipped one. Nothing is ever written into the
installed package.

The file format::

    # depguard popular-package list
    # ecosystem: npm
    # source: <where the ordering came from>
    # taken: 2026-11            (YYYY-MM or YYYY-MM-DD)
    # count: 30000
    # format: one normalised name per line, most popular first; name<TAB>downloads where the count is known
    semver<TAB>2399072936
    ansi-styles<TAB>2165311120

Blank lines and further ``#`` lines are ignored; a malformed count is read as unknown.

The ``[popular]`` table says where a registry's ordering lives (all optional except for ``update``)::

    [popular]
    file = "popular.txt"          # the shipped list, in this folder
    source = "..."                # words for the README and the header
    url_key = "cargo"             # endpoint key of the base URL (default: the ecosystem id; see registries/endpoints.py)
    path = "/api/v1/crates?sort=downloads&per_page={per_page}&page={page}"   # {page}, {skip}, {per_page}
    names = "crates.*.id"         # where the names are in one answer (fields.py paths)
    downloads = "crates.*.downloads"
    next = "meta.next_page"       # optional: follow this link (relative to the page) instead of counting pages
    per_page = 100
    first_page = 1
    limit = 5000                  # names to keep
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin

from .cstdlib import date, datetime, timezone
from .ecosystems import Ecosystem
from .errors import ConfigError, RegistryError
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    import httpx

    from .config import Settings

FORMAT_LINE = "one normalised name per line, most popular first; name<TAB>downloads where the count is known"
DEFAULT_LIMIT = 5000
MAX_LIMIT = 100_000


@record(frozen=True)
class PopularList:
    ecosystem: str
    names: tuple[str, ...]  # most popular first
    downloads: tuple[int | None, ...] | None = None  # parallel to names; None when the list has no counts
    source: str = ""
    taken: str = ""  # YYYY-MM or YYYY-MM-DD
    path: Path | None = field(default=None, compare=False)

    @property
    def has_downloads(self) -> bool:
        return self.downloads is not None and any(d is not None for d in self.downloads)

    def taken_date(self) -> date | None:
        return parse_taken(self.taken)


def parse_taken(text: str) -> date | None:
    text = text.strip()
    for fmt, size in (("%Y-%m-%d", 10), ("%Y-%m", 7)):
        try:
            return datetime.strptime(text[:size], fmt).date()
        except ValueError:
            continue
    return None


def parse_list(text: str, ecosystem: str = "", path: Path | None = None) -> PopularList:
    header: dict[str, str] = {}
    names: list[str] = []
    downloads: list[int | None] = []
    seen: set[str] = set()
    for line in text.splitlines():
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep and key.strip().lower() not in header:
                header[key.strip().lower()] = value.strip()
            continue
        name, _, count = line.strip().partition("\t")
        name = name.strip()
        if not name or name in seen:
            continue
        seen.add(name)
        names.append(name)
        count = count.strip()
        downloads.append(int(count) if count.isdigit() else None)
    return PopularList(
        ecosystem=header.get("ecosystem", ecosystem),
        names=tuple(names),
        downloads=tuple(downloads) if any(d is not None for d in downloads) else None,
        source=header.get("source", ""),
        taken=header.get("taken", ""),
        path=path,
    )


def render_list(plist: PopularList) -> str:
    lines = [
        "# depguard popular-package list",
        f"# ecosystem: {plist.ecosystem}",
        f"# source: {plist.source}",
        f"# taken: {plist.taken}",
        f"# count: {len(plist.names)}",
        f"# format: {FORMAT_LINE}",
    ]
    counts = plist.downloads if plist.has_downloads else None
    for i, name in enumerate(plist.names):
        dl = counts[i] if counts is not None else None
        lines.append(f"{name}\t{dl}" if dl is not None else name)
    return "\n".join(lines) + "\n"


def write_list(plist: PopularList, path: Path) -> None:
    """Write atomically (a reader never sees half a list)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(render_list(plist), encoding="utf-8")
    os.replace(tmp, path)


# --- where lists live ------------------------------------------------------------------------------

def data_dir() -> Path:
    """The user data directory for refreshed lists (``DEPGUARD_DATA_DIR`` overrides)."""
    env = os.environ.get("DEPGUARD_DATA_DIR")
    if env:
        return Path(env)
    from .paths import _platformdirs, linux_user_dir

    return linux_user_dir("XDG_DATA_HOME", "~/.local/share") or _platformdirs("user_data_dir")


def user_list_path(eco: Ecosystem, root: Path | None = None) -> Path:
    return (root or data_dir()) / "popular" / f"{eco.id}.txt"


def shipped_list_path(eco: Ecosystem) -> Path | None:
    return eco.data_file(eco.popular_file) if eco.popular_file else None


_LOADED: dict[tuple[str, ...], PopularList | None] = {}


def _read(path: Path, eco_id: str) -> PopularList | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (eco_id, str(path), str(stat.st_mtime_ns), str(stat.st_size))
    if key not in _LOADED:
        try:
            _LOADED[key] = parse_list(path.read_text(encoding="utf-8", errors="replace"), eco_id, path)
        except OSError:
            _LOADED[key] = None
    return _LOADED[key]


def load(eco: Ecosystem, root: Path | None = None) -> PopularList | None:
    """The popular list to use for ``eco``: the user's refreshed one when present and not older, else the shipped one."""
    shipped = _read(p, eco.id) if (p := shipped_list_path(eco)) else None
    user = _read(user_list_path(eco, root), eco.id)
    if user is None or not user.names:
        return shipped
    if shipped is None or not shipped.names:
        return user
    u, s = user.taken_date(), shipped.taken_date()
    if u is not None and s is not None and u < s:
        return shipped
    return user


# --- fetching a registry's own ordering ------------------------------------------------------------

@record(frozen=True)
class PopularSource:
    url_key: str
    path: str
    names: str
    downloads: str | None = None
    next: str | None = None
    per_page: int = 100
    first_page: int = 1
    limit: int = DEFAULT_LIMIT

    @classmethod
    def of(cls, eco: Ecosystem) -> PopularSource | None:
        table = eco.data.get("popular", {})
        if not isinstance(table, dict) or "path" not in table:
            return None
        where = f"{eco.folder}/ecosystem.toml: [popular]"
        if "names" not in table:
            raise ConfigError(f"{where}: 'path' is set but 'names' (where the names are in an answer) is not")
        try:
            src = cls(
                url_key=str(table.get("url_key", eco.id)),
                path=str(table["path"]),
                names=str(table["names"]),
                downloads=str(table["downloads"]) if "downloads" in table else None,
                next=str(table["next"]) if "next" in table else None,
                per_page=int(table.get("per_page", 100)),
                first_page=int(table.get("first_page", 1)),
                limit=int(table.get("limit", DEFAULT_LIMIT)),
            )
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{where}: {exc}") from None
        try:
            src.page_url("", src.first_page)
        except (KeyError, IndexError, ValueError) as exc:
            raise ConfigError(f"{where}: path may hold only {{page}}, {{skip}} and {{per_page}} ({exc})") from None
        if not 0 < src.limit <= MAX_LIMIT or src.per_page <= 0:
            raise ConfigError(f"{where}: limit must be 1..{MAX_LIMIT} and per_page positive")
        if not src.path.startswith("/"):
            raise ConfigError(f"{where}: path must start with '/'")
        return src

    @property
    def paged(self) -> bool:
        return "{page}" in self.path or "{skip}" in self.path

    def page_url(self, base: str, page: int) -> str:
        skip = (page - self.first_page) * self.per_page
        return base + self.path.format(page=page, skip=skip, per_page=self.per_page)


def _split_items(path: str) -> tuple[str, str]:
    """``crates.*.id`` -> (``crates``, ``id``): the list of items and the field within one item."""
    if path == "*":
        return "", ""
    if path.startswith("*."):
        return "", path[2:]
    head, sep, tail = path.rpartition(".*.")
    if sep:
        return head, tail
    if path.endswith(".*"):
        return path[:-2], ""
    return path, ""


def read_page(doc: Any, src: PopularSource) -> list[tuple[Any, Any]]:
    """(name, downloads) pairs of one answer, in the registry's order. Downloads are read per item."""
    from .registries import fields

    items_path, name_field = _split_items(src.names)
    dl_items, dl_field = _split_items(src.downloads) if src.downloads else (None, None)
    items = fields.first(doc, items_path) if items_path else doc
    if isinstance(items, dict):
        items = list(items.values())
    if not isinstance(items, list):
        return []
    out = []
    for item in items:
        name = fields.first(item, name_field)
        dl = fields.first(item, dl_field) if dl_items == items_path and dl_field is not None else None
        out.append((name, dl))
    return out


@record(frozen=True)
class UpdateResult:
    ecosystem: str
    path: Path
    count: int
    pages: int
    source: str


def update(
    eco: Ecosystem,
    settings: Settings,
    transport: httpx.AsyncBaseTransport | None = None,
    root: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> UpdateResult:
    """Fetch ``eco``'s popularity ordering and write it to the user data directory. Raises RegistryError."""

    src = PopularSource.of(eco)
    if src is None:
        raise ConfigError(f"{eco.id}: its ecosystem.toml names no registry popularity ordering ([popular] path)")
    import asyncio

    return asyncio.run(_update(eco, src, settings, transport, root, progress))


async def _update(eco, src: PopularSource, settings, transport, root, progress) -> UpdateResult:
    from .http import fetch, make_client, redact
    from .registries import load_json
    from .registries.endpoints import base_url

    try:
        base = base_url(src.url_key, settings.registries, eco)
    except KeyError:
        raise ConfigError(f"{eco.id}: no address for [popular] url_key {src.url_key!r} (no [registry] url or "
                          "[registry.endpoints] entry declares it)") from None
    names: list[str] = []
    downloads: list[int | None] = []
    seen: set[str] = set()
    max_pages = math.ceil(src.limit / src.per_page) + 5
    page = src.first_page
    start = src.page_url(base, page)
    url: str | None = start
    first_url = redact(start)
    pages = 0
    async with make_client(settings.http, transport) as client:
        while url is not None and pages < max_pages and len(names) < src.limit:
            fetched = await fetch(client, url, "application/json", settings.http)
            if fetched.status != 200:
                raise RegistryError(f"HTTP {fetched.status} from {redact(url)}")
            try:
                doc = load_json(fetched)
            except ValueError as exc:
                raise RegistryError(f"could not read {redact(url)}: {exc}") from None
            pages += 1
            added = 0
            for raw, dl in read_page(doc, src):
                if not isinstance(raw, str) or eco.name_rule.invalid_reason(raw):
                    continue
                name = eco.name_rule.normalise(raw)
                if name in seen:
                    continue
                seen.add(name)
                names.append(name)
                downloads.append(_count(dl))
                added += 1
                if len(names) >= src.limit:
                    break
            if progress:
                progress(len(names), src.limit)
            if added == 0:
                break
            if src.next:
                from .registries import fields

                link = fields.first(doc, src.next)
                url = urljoin(url, link) if isinstance(link, str) and link else None
                if url is not None and urljoin(base + "/", "/") != urljoin(url, "/"):
                    raise RegistryError(f"refused a next-page link to another host ({redact(url)})")
            elif src.paged:
                page += 1
                url = src.page_url(base, page)
            else:
                url = None
    if not names:
        raise RegistryError(f"no package names in the answer from {first_url}")
    now = settings.now or datetime.now(timezone.utc)
    plist = PopularList(eco.id, tuple(names), tuple(downloads) if any(d is not None for d in downloads) else None,
                        source=f"{eco.registry.display} popularity ordering, {first_url}", taken=now.strftime("%Y-%m-%d"))
    path = user_list_path(eco, root)
    write_list(plist, path)
    return UpdateResult(eco.id, path, len(names), pages, plist.source)


def _count(value: Any) -> int | None:
    from .registries.fields import as_int

    n = as_int(value)
    return n if n is not None and n >= 0 else None
