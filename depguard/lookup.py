"""The lookup stage: unique package keys -> registry answers.

Order of sources: the answer cache (read in bulk, keyed by the registry each ecosystem is asked at in this
run: see :mod:`depguard.cache`) -> the offline index (when ``--offline``) -> the registry
(concurrently, bounded per registry, one pooled HTTP client for the run). Each key is asked at most once.
Anything that could not be answered is an answer with existence ``unknown`` and its reason.

:class:`Resolver` takes keys as they are found (a scan streams them in while it is still reading files), so
the registry round trips overlap the parsing; :func:`resolve` is the one-shot form.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from .config import Settings
from .ecosystems import Catalog, catalog
from .errors import ConfigError
from .model import Existence, PackageKey, RegistryAnswer

if TYPE_CHECKING:
    import httpx

    from .cache import AnswerCache
    from .registries import RegistryClient

Progress = Callable[[int], None]
SILENT_AFTER = 5.0  # seconds without any answer from a registry with requests outstanding before saying so
SILENCE_CHECK = 0.5  # how often that is looked at


def _now(settings: Settings) -> datetime:
    return settings.now or datetime.now(timezone.utc)


def unknown(key: PackageKey, reason: str, source: str, settings: Settings) -> RegistryAnswer:
    return RegistryAnswer(key=key, existence=Existence.UNKNOWN, source=source, reason=reason, at=_now(settings))


class Resolver:
    """Answers keys submitted over time; use as ``async with Resolver(...) as r: r.submit(keys); await r.finish()``."""

    def __init__(self, settings: Settings, transport: httpx.AsyncBaseTransport | None = None,
                 progress: Progress | None = None, cat: Catalog | None = None,
                 notice: Callable[[str], None] | None = None) -> None:
        from .reachability import Hosts

        self.settings = settings
        self.transport = transport
        self.progress = progress
        # said once per registry, as soon as it is known: one is unreachable, or has not answered for a while
        self.notice = notice
        self.hosts = Hosts(on_down=self._host_down)  # shared by every registry client of the run
        self._watch: Any = None
        self.cat = cat or catalog()
        self.answers: dict[PackageKey, RegistryAnswer] = {}
        self._seen: set[PackageKey] = set()
        self._fresh: list[RegistryAnswer] = []
        self._tasks: list[Any] = []
        self._clients: dict[str, RegistryClient | None] = {}  # None: its configuration is broken
        self._sems: dict[str, Any] = {}
        self._cache: AnswerCache | None = None
        self._ctxs: dict[str, Any] = {}  # ecosystem -> Context with that registry's own HTTP client
        self._counters: dict[str, Any] = {}  # ecosystem -> its download counter (None: none to ask)
        self._since: dict[PackageKey, Any] = {}  # a look-alike's target -> the task asking its first release
        self._started = 0.0
        # called with the keys the cache could not answer; True when it takes them (they are then not
        # asked here, and not part of this Resolver's answers)
        self.delegate: Callable[[list[PackageKey]], bool] | None = None
        self._delegated: set[PackageKey] = set()

    async def __aenter__(self) -> Resolver:
        self._started = time.monotonic()
        if self.settings.use_cache:
            from .cache import AnswerCache

            self._cache = AnswerCache(self.settings.cache_dir, registries=self.settings.registries,
                                      github_token=self.settings.http.github_token)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._watch is not None:
            self._watch.cancel()
        for t in self._tasks:
            if not t.done():
                t.cancel()
        for ctx in self._ctxs.values():
            await ctx.client.aclose()
        if self._cache is not None:
            self._cache.put_many(self._fresh)
            self._cache.close()

    def submit(self, keys: Iterable[PackageKey]) -> None:
        """Start answering every key not seen before (cache first, then offline index or registry)."""
        new = [k for k in dict.fromkeys(keys) if k not in self._seen]
        if not new:
            return
        self._seen.update(new)
        if self._cache is not None:
            hits = self._cache.get_many(new)
            self.answers.update(hits)
            if hits and self.progress:
                self.progress(len(hits))
            new = [k for k in new if k not in hits]
        if not new:
            return
        if self.delegate is not None and not self.settings.offline and self.delegate(new):
            self._delegated.update(new)
            return  # taken by another process (see depguard.lookup_process)
        if self.settings.offline:
            from .index import offline_answers

            got = offline_answers(new, self.settings)
            for k in new:
                self.answers[k] = got.get(k) or unknown(k, "offline: not in the cache or a local index", "offline", self.settings)
            return
        import asyncio

        for k in new:
            client = self._client(k.ecosystem)
            if client is None:
                continue
            self._tasks.append(asyncio.ensure_future(self._ask(client, k)))
        if self.notice is not None and (self._watch is None or self._watch.done()):
            self._watch = asyncio.ensure_future(self._watch_hosts())

    def _client(self, eco_id: str) -> RegistryClient | None:
        if eco_id in self._clients:
            return self._clients[eco_id]
        import asyncio

        from .registries import client_for

        try:
            client = client_for(self.cat.get(eco_id), self.settings.registries)
        except ConfigError as exc:
            self._clients[eco_id] = None
            self._config_errors = getattr(self, "_config_errors", {})
            self._config_errors[eco_id] = str(exc)
            return None
        self._clients[eco_id] = client
        self._sems[eco_id] = asyncio.Semaphore(max(1, client.config.concurrency))
        return client

    def _context(self, client: RegistryClient) -> Any:
        """One pooled HTTP client per registry, holding as many connections as the registry is asked at
        once: httpcore's pool does work per pooled connection and queued request on every event, so one
        pool for all registries, sized for the busiest, costs CPU on each of thousands of requests."""
        ctx = self._ctxs.get(client.ecosystem.id)
        if ctx is None:
            from .http import make_client
            from .registries import Context

            http = make_client(self.settings.http, transport=self.transport, connections=max(1, client.config.concurrency),
                               hosts=self.hosts)
            ctx = self._ctxs[client.ecosystem.id] = Context(client=http, http=self.settings.http, now=_now(self.settings))
        return ctx

    async def _ask(self, client: RegistryClient, key: PackageKey) -> None:
        ctx = self._context(client)
        async with self._sems[key.ecosystem]:
            try:
                answer = await client.lookup(key, ctx)
            except Exception as exc:  # a client bug must not become a pass or a crash
                answer = unknown(key, f"internal error in the {client.display} client: {type(exc).__name__}: {exc}",
                                 client.display, self.settings)
            if self.settings.web_search_url:
                from .registries.websearch import SearchSettings, confirm_missing

                answer = await confirm_missing(answer, self.cat.get(key.ecosystem), ctx,
                                               SearchSettings(self.settings.web_search_url))
        answer = await self._counted(answer, ctx)
        answer = await self._dated(answer, client, ctx)
        self.answers[key] = answer
        self._fresh.append(answer)
        if self.progress:
            self.progress(1)

    async def _counted(self, answer: RegistryAnswer, ctx: Any) -> RegistryAnswer:
        """The answer with a download count from the ecosystem's counting service, when a check needs one for
        this name (a look-alike candidate) and the registry's document carried none (:mod:`.registries.downloads`)."""
        if answer.existence is not Existence.EXISTS or answer.downloads is not None:
            return answer
        eco_id = answer.key.ecosystem
        if eco_id not in self._counters:
            from .registries.downloads import counter_for

            self._counters[eco_id] = counter_for(self.cat.get(eco_id), self.settings.registries)
        counter = self._counters[eco_id]
        if counter is None:
            return answer
        from .checks import wants_downloads
        from .registries.downloads import with_count

        return await with_count(answer, counter, ctx) if wants_downloads(answer.key, self.settings) else answer

    async def _dated(self, answer: RegistryAnswer, client: RegistryClient, ctx: Any) -> RegistryAnswer:
        """The answer with the first release and the description of the popular name it would be judged a
        look-alike of, for an established look-alike only (DG002: a name older than its target cannot imitate
        it; one whose description is its own, not a copy of the target's, is a package of its own). One request
        per distinct target in a run, the answer cache first; nothing when the target does not exist."""
        from .checks.typosquat import since_wanted

        target = since_wanted(answer, self.settings)
        if target is None:
            return answer
        import asyncio

        key = self.cat.key(answer.key.ecosystem, target)
        if key not in self._since:
            self._since[key] = asyncio.ensure_future(self._first_release(client, key, ctx))
        try:
            facts = await self._since[key]
        except Exception:  # a client bug: the target's facts stay unknown, the finding unchanged
            return answer
        if facts is None:
            return answer
        since, description = facts
        return replace(answer, lookalike_of=target, lookalike_of_since=since, lookalike_of_description=description)

    async def _first_release(self, client: RegistryClient, key: PackageKey,
                             ctx: Any) -> tuple[datetime | None, str] | None:
        """(first release, description) of an existing ``key``; None when it does not exist or is not known."""
        got = self.answers.get(key) or (self._cache.get_many([key]).get(key) if self._cache is not None else None)
        if got is None:
            async with self._sems[key.ecosystem]:
                got = await client.lookup(key, ctx)
        return (got.first_release, got.description or "") if got.existence is Existence.EXISTS else None

    def _registries_at(self, origin: str) -> tuple[str, int]:
        """The registries of this run asked at ``origin`` ('PyPI', 'PyPI, npm and GitHub') and how many."""
        from .reachability import origin as origin_of

        shown = list(dict.fromkeys(c.display for c in self._clients.values()
                                   if c is not None and origin_of(c.base) == origin))
        if len(shown) > 1:
            return f"{', '.join(shown[:-1])} and {shown[-1]}", len(shown)
        return (shown[0] if shown else "a registry"), 1

    def _host_down(self, origin: str, why: str) -> None:
        if self.notice is not None:
            names, count = self._registries_at(origin)
            self.notice(f"{names} ({origin}) cannot be reached ({why}): {'their' if count > 1 else 'its'} packages "
                        "are not checked in this run")

    async def _watch_hosts(self) -> None:
        """Say once per registry when it has had requests outstanding and answered nothing for a while."""
        import asyncio

        while any(not t.done() for t in self._tasks):
            await asyncio.sleep(SILENCE_CHECK)
            for host in self.hosts.silent(SILENT_AFTER):
                host.noticed = True
                waiting = "" if self.settings.deadline is None else (
                    f"; names it has not answered by the deadline ({self.settings.deadline:g}s, --deadline) "
                    "will be not checked")
                self.notice(f"{self._registries_at(host.origin)[0]} ({host.origin}) has not answered for "  # type: ignore[misc]
                            f"{SILENT_AFTER:g}s{waiting}")

    async def finish(self) -> dict[PackageKey, RegistryAnswer]:
        """Wait for every submitted key (up to the settings' deadline, counted from the start)."""
        import asyncio

        pending = [t for t in self._tasks if not t.done()]
        if pending:
            timeout = None
            if self.settings.deadline is not None:
                timeout = max(0.0, self.settings.deadline - (time.monotonic() - self._started))
            _, still = await asyncio.wait(pending, timeout=timeout)
            for t in still:
                t.cancel()
            if still:
                await asyncio.gather(*still, return_exceptions=True)
        errors = getattr(self, "_config_errors", {})
        for k in self._seen:
            if k not in self.answers and k not in self._delegated:
                if k.ecosystem in errors:
                    self.answers[k] = unknown(k, errors[k.ecosystem], k.ecosystem, self.settings)
                elif self.settings.deadline is not None:  # said as the registry's, at its address: one outage line
                    client = self._clients.get(k.ecosystem)
                    answer = unknown(k, f"deadline of {self.settings.deadline:g}s for the registry lookups reached "
                                        "before an answer (--deadline)", client.display if client else "deadline",
                                     self.settings)
                    self.answers[k] = replace(answer, asked=client.base) if client else answer
                else:  # its lookup was cancelled (the run is being interrupted)
                    self.answers[k] = unknown(k, "the lookup was interrupted before an answer", "interrupted", self.settings)
        return self.answers


def resolve(
    keys: Iterable[PackageKey],
    settings: Settings,
    transport: httpx.AsyncBaseTransport | None = None,
    progress: Progress | None = None,
    cat: Catalog | None = None,
    notice: Callable[[str], None] | None = None,
) -> dict[PackageKey, RegistryAnswer]:
    """Answers for every key (each exactly once). Never raises for registry trouble. ``notice`` is told, once
    per registry, when one cannot be reached or stops answering (see :class:`Resolver`)."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    if settings.use_cache and not settings.offline:
        # a warm run needs neither asyncio nor an HTTP client: answer from the cache first
        from .cache import AnswerCache

        cache = AnswerCache(settings.cache_dir, registries=settings.registries, github_token=settings.http.github_token)
        hits = cache.get_many(wanted)
        cache.close()
        if len(hits) == len(wanted):
            if progress:
                progress(len(hits))
            return hits
    from . import aio

    async def run() -> dict[PackageKey, RegistryAnswer]:
        async with Resolver(settings, transport, progress, cat, notice) as r:
            r.submit(wanted)
            return await r.finish()

    return aio.run(run())
