"""Download counts from a registry's own counting service, asked only for names that need one.

A look-alike is judged by how much less used it is than the package it imitates (DG002). Most registry
documents carry a count already (crates.io's ``crate.downloads``, Hex's ``downloads``, RubyGems' per-version
counts: ``[registry.answer] downloads``); npm's packument does not, and its counts come from a separate API
(api.npmjs.org). ``[registry.downloads]`` in ``ecosystem.toml`` declares such a service:

- ``endpoint``: the endpoint key of its base URL (``npm.downloads``; overridden like every registry address
  with ``DEPGUARD_REGISTRY_NPM_DOWNLOADS`` or ``registries."npm.downloads"``);
- ``path``: the one-name route, ``{name}`` encoded as one path segment;
- ``bulk`` / ``bulk_max`` / ``bulk_scoped``: the route for several names joined by ``,`` (``{names}``),
  how many one request may hold, and whether scoped names may be among them (npm: 128, no);
- ``count``: the path of the count in a one-name answer (a bulk answer maps each name to such an answer,
  ``null`` for a name without counts); ``name``: the path of the name the answer is about, when it says
  (compared case-insensitively: an answer about another name is no count);
- ``safe``: characters a name keeps unencoded in the route (default ``@``: npm's scoped ``@a/b`` is sent as
  ``@a%2Fb``; Packagist's ``vendor/name`` keeps its ``/``);
- ``period``: what the count covers, in words ("the last 30 days").

Only the names a check asks for are counted (:func:`depguard.checks.typosquat.needs_downloads`: names that
imitate a popular name and are not on the list), so an ordinary scan sends none of its names there. When
the ecosystem's registry is overridden (a mirror, a private registry, a stand-in) and the counting
service is not, no count is asked: the names of a private registry are not sent to a public service. A
counting service that fails is not asked again in the same run. Counts ride in the registry answer
(``downloads``, with ``usage`` saying where they came from or why there is none) and are cached with it;
an answer whose count could not be had is cached for the missing-answer time only, so the count is asked
again soon (:mod:`depguard.cache`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlsplit

from ..cache import NO_COUNT_MARKER  # asked, but no count was had: such answers are cached briefly
from ..ecosystems import Ecosystem
from ..errors import ConfigError, RateLimited, RegistryError
from ..http import fetch, redact
from ..model import Existence, RegistryAnswer
from ..records import record, replace
from . import Context, fields
from .endpoints import base_url, env_var

BATCH_WINDOW = 0.02  # seconds a count waits for others to share one bulk request


@record(frozen=True)
class DownloadsApi:
    endpoint: str
    path: str
    count: str
    period: str
    bulk: str = ""
    bulk_max: int = 1
    bulk_scoped: bool = False
    name: str = ""
    safe: str = "@"

    @classmethod
    def of(cls, eco: Ecosystem) -> DownloadsApi | None:
        raw = eco.data.get("registry", {}).get("downloads")
        if raw is None:
            return None
        where = f"{eco.folder}/ecosystem.toml: registry.downloads"
        if not isinstance(raw, dict):
            raise ConfigError(f"{where}: expected a table")
        for need in ("endpoint", "path", "count"):
            if not isinstance(raw.get(need), str) or not raw[need]:
                raise ConfigError(f"{where}.{need}: expected a string")
        if "{name}" not in raw["path"]:
            raise ConfigError(f"{where}.path: expected a {{name}} placeholder")
        bulk = raw.get("bulk", "")
        if bulk and (not isinstance(bulk, str) or "{names}" not in bulk):
            raise ConfigError(f"{where}.bulk: expected a route with a {{names}} placeholder")
        bulk_max = raw.get("bulk_max", 1)
        if not isinstance(bulk_max, int) or isinstance(bulk_max, bool) or bulk_max < 1:
            raise ConfigError(f"{where}.bulk_max: expected a positive number")
        safe = raw.get("safe", "@")
        if not isinstance(safe, str) or any(c in safe for c in "?#%.,&="):
            raise ConfigError(f"{where}.safe: expected characters a name may keep in a path (not ?#%.,&=)")
        return cls(raw["endpoint"], raw["path"], raw["count"], str(raw.get("period", "")), bulk, bulk_max,
                   bool(raw.get("bulk_scoped", False)), str(raw.get("name", "")), safe)


def counter_for(eco: Ecosystem, overrides: Mapping[str, str]) -> Counter | None:
    """The run's counter for ``eco`` (None: its registry documents carry counts or none are published). When
    the registry itself is overridden and the counting service is not, the counter asks nothing and says why."""
    api = DownloadsApi.of(eco)
    if api is None:
        return None
    if eco.id in overrides and api.endpoint not in overrides:
        why = (f"{eco.registry.display} is asked at {redact(overrides[eco.id])[:80]}, and its counts are asked only "
               f"where {env_var(api.endpoint)} points")
        return Counter(api, "", api.endpoint, down=why)
    try:
        base = base_url(api.endpoint, overrides, eco)
    except KeyError:
        raise ConfigError(f"no address for {api.endpoint!r}: declare it under [registry.endpoints] of the "
                          f"ecosystem.toml or set registries.{api.endpoint}") from None
    return Counter(api, base, urlsplit(base).netloc.rpartition("@")[2] or base)


class Counter:
    """Counts for one ecosystem in one run: names asked together share bulk requests."""

    def __init__(self, api: DownloadsApi, base: str, display: str, down: str | None = None) -> None:
        self.api = api
        self.base = base
        self.display = display  # the host, as findings name it
        self.down = down  # why the service is not asked (again) in this run
        self._pending: dict[str, list[asyncio.Future[tuple[int | None, str]]]] = {}
        self._flush: asyncio.Task[None] | None = None
        self._done: dict[str, tuple[int | None, str]] = {}

    async def count(self, name: str, ctx: Context) -> tuple[int | None, str]:
        """(the count, where it came from) or (None, why there is none). Never raises."""
        if name in self._done:
            return self._done[name]
        if self.down is not None:
            return None, self.down
        fut: asyncio.Future[tuple[int | None, str]] = asyncio.get_running_loop().create_future()
        self._pending.setdefault(name, []).append(fut)
        if self._flush is None or self._flush.done():
            self._flush = asyncio.ensure_future(self._send_later(ctx))
        return await fut

    async def _send_later(self, ctx: Context) -> None:
        await asyncio.sleep(BATCH_WINDOW)
        pending, self._pending = self._pending, {}
        self._flush = None  # names asked from now on wait for a request of their own
        names = list(pending)
        groups: list[list[str]] = []
        if self.api.bulk and self.api.bulk_max > 1:
            bulk = [n for n in names if self.api.bulk_scoped or not n.startswith("@")]
            groups = [bulk[i:i + self.api.bulk_max] for i in range(0, len(bulk), self.api.bulk_max)]
            names = [n for n in names if n not in set(bulk)]
        groups += [[n] for n in names]
        results = await asyncio.gather(*(self._ask(g, ctx) for g in groups), return_exceptions=True)
        for group, got in zip(groups, results):
            for name in group:
                value = got.get(name, (None, "no answer")) if isinstance(got, dict) else (
                    None, f"internal error: {type(got).__name__}")
                self._done[name] = value
                for fut in pending.get(name, ()):
                    if not fut.done():
                        fut.set_result(value)

    def _url(self, names: list[str]) -> str:
        safe = self.api.safe
        if len(names) == 1:
            return self.base + self.api.path.format(name=quote(names[0], safe=safe))
        return self.base + self.api.bulk.format(names=",".join(quote(n, safe=safe) for n in names))

    async def _ask(self, names: list[str], ctx: Context) -> dict[str, tuple[int | None, str]]:
        if self.down is not None:
            return {n: (None, self.down) for n in names}
        url = self._url(names)
        try:
            fetched = await fetch(ctx.client, url, "application/json", ctx.http)
        except (RateLimited, RegistryError) as exc:
            self.down = f"{self.display} could not be asked ({exc})"
            return {n: (None, self.down) for n in names}
        source = f"{self.display}, {self.api.period}" if self.api.period else self.display
        if fetched.status in (404, 410) and len(names) == 1:
            return {names[0]: (None, f"{self.display} has no count for it (HTTP {fetched.status})")}
        if fetched.status != 200:
            self.down = f"{self.display} answered HTTP {fetched.status} ({redact(url)[:120]})"
            return {n: (None, self.down) for n in names}
        try:
            doc = json.loads(fetched.body)
        except (ValueError, UnicodeDecodeError):
            self.down = f"{self.display} answered something that is not JSON"
            return {n: (None, self.down) for n in names}
        docs: dict[str, Any] = {names[0]: doc} if len(names) == 1 else (doc if isinstance(doc, dict) else {})
        out: dict[str, tuple[int | None, str]] = {}
        for n in names:
            one = docs.get(n)
            count = fields.as_int(fields.first(one, self.api.count)) if isinstance(one, dict) else None
            about = fields.first(one, self.api.name) if self.api.name and isinstance(one, dict) else None
            if count is None or count < 0:
                out[n] = (None, f"{self.display} has no count for it")
            elif self.api.name and (not isinstance(about, str) or about.casefold() != n.casefold()):
                shown = repr(about[:80]) if isinstance(about, str) else "no name"
                out[n] = (None, f"{self.display} answered with the count of {shown}")
            else:
                out[n] = (count, source)
        return out


async def with_count(answer: RegistryAnswer, counter: Counter, ctx: Context) -> RegistryAnswer:
    """``answer`` with its download count (and where it came from), or with why there is none."""
    if answer.existence is not Existence.EXISTS or answer.downloads is not None:
        return answer
    count, usage = await counter.count(answer.key.name, ctx)
    if count is None and not counter.base:  # not asked by configuration: nothing to ask again soon
        return replace(answer, usage=f"no download count: {usage}")
    if count is None:
        return replace(answer, usage=f"no download count: {usage}", markers=(*answer.markers, NO_COUNT_MARKER))
    return replace(answer, downloads=count, usage=usage)
