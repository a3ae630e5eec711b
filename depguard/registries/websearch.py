"""The optional web-search fallback: ask a search engine for a name's registry page.

Off by default. The user sets a SearXNG-compatible JSON search URL (``DEPGUARD_WEBSEARCH_URL`` or
``web-search-url``, for example ``https://searx.example/search``; read by depguard.config into
``Settings.web_search_url``); there is no default host. It is asked only about a name the registry
answered *missing* (or, for an ecosystem marked ``[websearch] only = true``, one it could not answer), with
the query ``site:<registry page host> "<name>"``.

A search result alone never makes a name ``ok``. Results count only when they are the registry's own page
for exactly this name (``[websearch] host`` and ``page`` in the ecosystem's data), and only independent
ones count: distinct search engines reporting such a page (SearXNG's ``engines`` per result), or distinct
matching URLs when the backend does not say. With two or more, a *missing* answer becomes *unknown* with the
reason "found only by web search"; with fewer, the registry's answer stands. Search trouble changes nothing.

The lookup stage calls :func:`confirm_missing` on each fresh answer.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote, urlencode, urlsplit

from ..ecosystems import Ecosystem
from ..errors import RegistryError
from ..http import fetch
from ..model import Existence, RegistryAnswer
from ..records import record, replace
from . import Context

NEEDED = 2


@record(frozen=True)
class SearchSettings:
    url: str | None = None  # SearXNG-compatible JSON endpoint; None = off (Settings.web_search_url)


def page_path(eco: Ecosystem, name: str) -> str | None:
    """The path of the registry page for ``name``, or None when the ecosystem names no page."""
    page = eco.data.get("websearch", {}).get("page")
    if not isinstance(page, str):
        return None
    group, _, artifact = name.partition(":")
    return page.format(name=name, group=group, artifact=artifact)


def _page_name(eco: Ecosystem, path: str) -> str | None:
    """The package name a registry page path shows, normalised the ecosystem's way, or None."""
    page = eco.data["websearch"]["page"]
    pattern = re.escape(page).replace(r"\{name\}", "(?P<name>.+)").replace(r"\{group\}", "(?P<group>[^/]+)")
    pattern = pattern.replace(r"\{artifact\}", "(?P<artifact>[^/]+)")
    m = re.fullmatch(pattern, unquote(path).rstrip("/"))
    if not m:
        return None
    found = m.groupdict()
    name = found["name"] if "name" in found else f"{found['group']}:{found['artifact']}"
    return eco.key(name).name.lower()


def independent_hits(doc: object, eco: Ecosystem, name: str) -> set[str]:
    """The independent sources (engines, else URLs) whose results are the registry page for ``name``."""
    host = str(eco.data.get("websearch", {}).get("host", "")).lower()
    results = doc.get("results") if isinstance(doc, dict) else None
    if not host or page_path(eco, name) is None or not isinstance(results, list):
        return set()
    sources: set[str] = set()
    for r in results:
        if not isinstance(r, dict) or not isinstance(r.get("url"), str):
            continue
        parts = urlsplit(r["url"])
        if (parts.hostname or "").lower() != host or _page_name(eco, parts.path) != name.lower():
            continue
        engines = r.get("engines") or ([r["engine"]] if isinstance(r.get("engine"), str) else [])
        names = [e for e in engines if isinstance(e, str)]
        if names:
            sources.update(f"engine:{e}" for e in names)
        else:
            sources.add(f"url:{r['url']}")
    return sources


def wanted(answer: RegistryAnswer, eco: Ecosystem) -> bool:
    if answer.existence is Existence.MISSING:
        return True
    return answer.existence is Existence.UNKNOWN and bool(eco.data.get("websearch", {}).get("only"))


async def confirm_missing(answer: RegistryAnswer, eco: Ecosystem, ctx: Context, search: SearchSettings) -> RegistryAnswer:
    """``answer``, or (when two independent results show the registry page) an unknown answer saying so."""
    if not search.url or not wanted(answer, eco) or page_path(eco, answer.key.name) is None:
        return answer
    host = eco.data["websearch"]["host"]
    query = f'site:{host} "{answer.key.name}"'
    url = f"{search.url}{'&' if '?' in search.url else '?'}{urlencode({'q': query, 'format': 'json'})}"
    try:
        fetched = await fetch(ctx.client, url, "application/json", ctx.http)
        doc = json.loads(fetched.body) if fetched.status == 200 else None
    except (RegistryError, ValueError):
        return answer
    hits = independent_hits(doc, eco, answer.key.name)
    if len(hits) < NEEDED:
        return answer
    return replace(answer, existence=Existence.UNKNOWN, markers=(*answer.markers, "web-search"),
                   reason=f"found only by web search ({len(hits)} independent results for {host}"
                          f"{page_path(eco, answer.key.name)}); the registry said: {answer.reason}")
