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
from collections.abc import Callable, Iterable, Mapping

from .config import Settings
from .cstdlib import datetime, timezone
from .ecosystems import Catalog, catalog
from .errors import ConfigError
from .model import Existence, PackageKey, RegistryAnswer
from .records import replace

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    import httpx

    from .cache import AnswerCache
    from .registries import RegistryClient

Progress = Callable[[int], None]
SILENT_AFTER = 5.0  # seconds without any answer from a registry with requests outstanding before saying so
SILENCE_CHECK = 0.5  # how often that is looked at
STORE_EVERY = 16  # fresh answers are written to the cache in batches of this many as they come
WARM_AFTER = 0.02  # seconds at most that the look-alike work waits for the first requests to go out (httpx's)
AFTER_SENDS = 0.01  # seconds an answer's reading waits for the requests its round of answers let go out


def _now(settings: Settings) -> datetime:
    return settings.now or datetime.now(timezone.utc)


def unknown(key: PackageKey, reason: str, source: str, settings: Settings) -> RegistryAnswer:
    return RegistryAnswer(key=key, existence=Existence.UNKNOWN, source=source, reason=reason, at=_now(settings))


class Resolver:
    """Answers keys submitted over time; use as ``async with Resolver(...) as r: r.submit(keys); await r.finish()``."""

    def __init__(self, settings: Settings, transport: httpx.AsyncBaseTransport | None = None,
                 progress: Progress | None = None, cat: Catalog | None = None,
                 notice: Callable[[str], None] | None = None, cache: AnswerCache | None = None,
                 answered: Callable[[PackageKey], None] | None = None) -> None:
        from .reachability import Hosts

        self.settings = settings
        self.transport = transport
        self.progress = progress
        # told each key a registry answered, once its answer is in ``answers`` (in the loop's thread, while the
        # registry works on the requests in flight: what the caller does with it overlaps the network)
        self.answered = answered
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
        self._cache: AnswerCache | None = cache  # opened here when not given and the settings use one
        self._idle: dict[str, list[Any]] = {}  # ecosystem -> its idle slots (a Context with a client of its own)
        self._slots: list[Any] = []  # every slot made, to close
        self._aux: dict[str, Any] = {}  # ecosystem -> Context for its download counts (made when one is wanted)
        self._counters: dict[str, Any] = {}  # ecosystem -> its download counter (None: none to ask)
        self._since: dict[PackageKey, Any] = {}  # a look-alike's target -> the task asking its first release
        self._started = 0.0
        self._warm: Any = None  # the task that starts the look-alike work beside the first requests
        self._warming: Any = None  # done once that work has loaded the indexes (an asyncio future)
        self._done: Any = None  # a threading.Event set when the run ends: that work stops matching

    async def __aenter__(self) -> Resolver:
        self._started = time.monotonic()
        network_stack()
        if self.settings.use_cache and self._cache is None:
            from .cache import AnswerCache

            self._cache = AnswerCache(self.settings.cache_dir, registries=self.settings.registries,
                                      github_token=self.settings.http.github_token)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._watch is not None:
            self._watch.cancel()
        if self._warm is not None:
            self._warm.cancel()
        if self._done is not None:
            self._done.set()
        for t in self._tasks:
            if not t.done():
                t.cancel()
        for ctx in (*self._slots, *self._aux.values()):
            await ctx.client.aclose()
        if self._cache is not None:
            self._cache.put_many(self._fresh)
            self._fresh.clear()
            self._cache.close(later=True)  # its checkpoint overlaps what the caller does next

    def submit(self, keys: Iterable[PackageKey], cached: Mapping[PackageKey, RegistryAnswer] | None = None) -> None:
        """Start answering every key not seen before (cache first, then offline index or registry).
        ``cached``: what the cache holds of ``keys``, when the caller has read it already."""
        new = [k for k in dict.fromkeys(keys) if k not in self._seen]
        if not new:
            return
        self._seen.update(new)
        if self._cache is not None:
            hits = self._cache.get_many(new) if cached is None else {k: cached[k] for k in new if k in cached}
            self.answers.update(hits)
            if hits and self.progress:
                self.progress(len(hits))
            new = [k for k in new if k not in hits]
        if not new:
            return
        if self.settings.offline:
            from .index import offline_answers

            got = offline_answers(new, self.settings)
            for k in new:
                self.answers[k] = got.get(k) or unknown(k, "offline: not in the cache or a local index", "offline", self.settings)
            return
        import asyncio

        asked = []
        for k in new:
            client = self._client(k.ecosystem)
            if client is None:
                continue
            self.hosts.of(client.base).names += 1  # (a lone name's failure may be its host's: see reachability)
            self._tasks.append(asyncio.ensure_future(self._ask(client, k)))
            asked.append(k)
        if asked and self._warm is None:
            self._warm = asyncio.ensure_future(self._warm_up(asked, self._tasks[-len(asked):]))
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

    def _context(self, connections: int) -> Any:
        from .http import make_client
        from .registries import Context

        http = make_client(self.settings.http, transport=self.transport, connections=connections, hosts=self.hosts)
        return Context(client=http, http=self.settings.http, now=_now(self.settings))

    def _take(self, client: RegistryClient) -> Any:
        """A slot for one request to ``client``'s registry (call under its semaphore, give it back with
        :meth:`_give`): a Context whose HTTP client keeps one connection to the registry (and one for a
        web search). One pool per connection, not one pool of ``concurrency`` connections: httpcore's pool
        looks at every connection for every queued request on each event, which with 16 connections was a
        third of the lookup stage's CPU per request; a pool of one does that work once."""
        idle = self._idle.setdefault(client.ecosystem.id, [])
        if idle:
            return idle.pop()
        ctx = self._context(2)
        self._slots.append(ctx)
        return ctx

    def _give(self, client: RegistryClient, ctx: Any) -> None:
        self._idle[client.ecosystem.id].append(ctx)

    async def _ask(self, client: RegistryClient, key: PackageKey) -> None:
        import asyncio

        read = None
        host = self.hosts.of(client.base)
        waiting = True  # counted in host.names (see submit) until its registry request has ended
        try:
            async with self._sems[key.ecosystem]:
                ctx = self._take(client)
                try:
                    read = await client.requested(key, ctx)
                except Exception as exc:  # a client bug must not become a pass or a crash
                    answer = self._broken(client, key, exc)
                finally:
                    waiting = False
                    host.names -= 1
                try:
                    if self.settings.web_search_url:
                        from .registries.websearch import SearchSettings, confirm_missing

                        answer = self._read(client, key, read) if read is not None else answer
                        read = None
                        answer = await confirm_missing(answer, self.cat.get(key.ecosystem), ctx,
                                                       SearchSettings(self.settings.web_search_url))
                finally:
                    self._give(client, ctx)
        finally:
            if waiting:  # cancelled before its turn
                host.names -= 1
        # The answers of a round of requests arrive together and the loop serves them in turn, each request's
        # steps taking turns with the others'. What is not needed to send the next requests (reading the
        # document, the look-alike matching and counting, storing) waits until those have left, so every
        # connection's next request goes out sooner; it then runs while the registry works on them. (With
        # nobody waiting for a connection there is nothing to let go first: the last answers are not held.)
        await asyncio.sleep(AFTER_SENDS if self._sems[key.ecosystem].locked() else 0)
        if read is not None:
            answer = self._read(client, key, read)
        if self._warming is not None and not self._warming.done():
            await asyncio.wait([self._warming])  # the index being loaded beside, not loaded twice
        answer = await self._counted(answer, client)
        answer = await self._dated(answer, client)
        self.answers[key] = answer
        self._fresh.append(answer)
        if self._cache is not None and len(self._fresh) >= STORE_EVERY:
            # stored while the registry works on the requests in flight, not all at the end of the run
            self._cache.put_many(self._fresh)
            self._fresh.clear()
        if self.progress:
            self.progress(1)
        if self.answered is not None:
            try:
                self.answered(key)
            except Exception:  # noqa: BLE001 - the caller's work ahead; it is done again, and raises, at the end
                pass

    def _broken(self, client: RegistryClient, key: PackageKey, exc: Exception) -> RegistryAnswer:
        """A client bug as an answer: it must not become a pass or a crash."""
        return unknown(key, f"internal error in the {client.display} client: {type(exc).__name__}: {exc}",
                       client.display, self.settings)

    def _read(self, client: RegistryClient, key: PackageKey, read: Callable[[], RegistryAnswer]) -> RegistryAnswer:
        try:
            return read()
        except Exception as exc:  # noqa: BLE001 - see _broken
            return self._broken(client, key, exc)

    async def _warm_up(self, keys: list[PackageKey], tasks: list[Any]) -> None:
        """Load the look-alike index of the asked ecosystems once the first requests have gone out, here in
        the loop's thread (the loop has nothing else to do until their answers come; unpacking the index is
        one long call that holds the GIL, so in another thread it held up the sends of the first answers'
        connections as much, at a moment it did not choose), then match the asked names that are not popular
        themselves in a worker thread, beside the lookups. Not when a registry is already failing (a run that
        gives up never needs it)."""
        import asyncio

        if not await self._first_wave_out(keys, tasks):
            return
        self._warming = loaded = asyncio.get_running_loop().create_future()
        try:
            indexes = _load_indexes(self.cat, keys[:MATCH_AHEAD], self.settings.cache_dir)
        finally:
            loaded.set_result(None)
        if indexes:
            import threading

            # a daemon thread, not the loop's executor: nothing (asyncio.run's end, the interpreter's exit, a
            # hook that ran out of time) waits for a head start
            self._done = threading.Event()
            threading.Thread(target=_match_ahead, name="depguard-lookalikes", daemon=True,
                             args=(indexes, self._done)).start()

    async def _first_wave_out(self, keys: list[PackageKey], tasks: list[Any]) -> bool:
        """Wait until the first requests of ``keys`` (as many as the registries' concurrency lets go at once)
        have been written, as :mod:`depguard.wire` counts them, or every lookup of ``keys`` has ended (one that
        never wrote a request, a registry asked otherwise), or WARM_AFTER at most where a client does not count
        them. Not a time limit where every client counts: on a busy machine sending a wave takes as long as it
        takes, and the index must not be unpacked between its sends. False when a registry is failing
        meanwhile."""
        import asyncio

        wave = 0
        for eco_id, count in _count_by_ecosystem(keys).items():
            client = self._clients.get(eco_id)
            if client is not None:
                wave += min(count, max(1, client.config.concurrency))
        start = time.monotonic()
        while True:
            if any(h.down is not None or h.confirming is not None for h in self.hosts.hosts.values()):
                return False
            lines = [ctx.client.line for ctx in self._slots]
            counted = bool(lines) and None not in lines
            if counted and sum(line.written for line in lines) >= wave:
                return True
            if all(t.done() for t in tasks):
                return True
            waited = time.monotonic() - start
            if not counted and waited >= WARM_AFTER:
                return True
            await asyncio.sleep(0.001 if waited < WARM_AFTER else 0.01)

    async def _counted(self, answer: RegistryAnswer, client: RegistryClient) -> RegistryAnswer:
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

        if not wants_downloads(answer.key, self.settings):
            return answer
        ctx = self._aux.get(eco_id)
        if ctx is None:
            ctx = self._aux[eco_id] = self._context(max(1, client.config.concurrency))
        return await with_count(answer, counter, ctx)

    async def _dated(self, answer: RegistryAnswer, client: RegistryClient) -> RegistryAnswer:
        """The answer with the first release, the description and the maintainers of the popular name it would be
        judged a look-alike of, for an established look-alike or one whose registry names its publishers (DG002: a
        name older than its target cannot imitate it; one whose description is its own, not a copy of the
        target's, is a package of its own; one published by the target's maintainers is theirs), and the descriptions
        of the other popular names it resembles when its own description may speak (see ``targets_wanted``). One
        request per distinct target in a run, the answer cache first; nothing when the best target does not exist."""
        from .checks.typosquat import described_targets, targets_wanted

        targets = targets_wanted(answer, self.settings)
        if not targets:
            return answer
        import asyncio

        keys = [self.cat.key(answer.key.ecosystem, target) for target in targets]
        for key in keys:
            if key not in self._since:
                self._since[key] = asyncio.ensure_future(self._first_release(client, key))
        # a client bug in one target's lookup leaves that target's facts unknown (the best one's: the finding unchanged)
        got = await asyncio.gather(*(self._since[key] for key in keys), return_exceptions=True)
        if not isinstance(got[0], tuple):
            return answer
        since, description, maintainers = got[0]
        # the other targets' descriptions (a target not known is left out: no excuse then, see own_description)
        others = tuple((target, facts[1]) for target, facts in zip(targets[1:], got[1:])
                       if isinstance(facts, tuple)) if described_targets(answer, self.settings) else ()
        first = answer.first_release
        predated = tuple(target for target, facts in zip(targets, got) if first is not None and isinstance(facts, tuple)
                         and facts[0] is not None and first < facts[0])
        return replace(answer, lookalike_of=targets[0], lookalike_of_since=since, lookalike_of_description=description,
                       lookalike_of_maintainers=maintainers, lookalike_others=others, lookalike_predated=predated)

    async def _first_release(self, client: RegistryClient,
                             key: PackageKey) -> tuple[datetime | None, str, tuple[str, ...]] | None:
        """(first release, description, maintainers) of an existing ``key``; None when it does not exist or is not
        known."""
        got = self.answers.get(key) or (self._cache.get_many([key]).get(key) if self._cache is not None else None)
        if got is None:
            async with self._sems[key.ecosystem]:
                ctx = self._take(client)
                try:
                    got = await client.lookup(key, ctx)
                finally:
                    self._give(client, ctx)
        return (got.first_release, got.description or "", got.maintainers) if got.existence is Existence.EXISTS else None

    def _registries_at(self, origin: str) -> tuple[str, int]:
        """The registries of this run asked at ``origin`` ('PyPI', 'PyPI, npm and GitHub') and how many."""
        from .reachability import origin as origin_of

        shown = list(dict.fromkeys(c.display for c in self._clients.values()
                                   if c is not None and origin_of(c.base) == origin))
        if len(shown) > 1:
            return f"{', '.join(shown[:-1])} and {shown[-1]}", len(shown)
        return (shown[0] if shown else "a registry"), 1

    def _host_down(self, origin: str, why: str) -> None:
        host = self.hosts.hosts.get(origin)
        if host is not None and host.noticed:  # said already that it does not answer: one notice per registry
            return
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
            if k not in self.answers:
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


MATCH_AHEAD = 4096  # names matched ahead at most (the index remembers far more)


def network_stack() -> None:
    """Import what registry lookups run on (asyncio, h11 and :mod:`depguard.wire`; httpx only where a request
    needs it: a proxy, HTTP/2) at once, with the collector paused and what they made frozen afterwards
    (:func:`depguard.gcpolicy.held`), rather than piecemeal inside the first requests."""
    from . import gcpolicy

    with gcpolicy.held():
        import asyncio  # noqa: F401

        from . import wire  # noqa: F401


def _count_by_ecosystem(keys: Iterable[PackageKey]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for k in keys:
        counts[k.ecosystem] = counts.get(k.ecosystem, 0) + 1
    return counts


def _load_indexes(cat: Catalog, keys: list[PackageKey], store: Any) -> list[tuple[Any, list[str]]]:
    """The look-alike indexes of ``keys``' ecosystems, loaded (tables unpacked), each with its names of
    ``keys``. Never raises: it is only a head start, the checks do the same work and report any trouble."""
    indexes = []
    try:
        from .checks.typosquat import index_for

        by_eco: dict[str, list[str]] = {}
        for k in keys:
            by_eco.setdefault(k.ecosystem, []).append(k.name)
        for eco_id, names in by_eco.items():
            idx = index_for(cat.get(eco_id), store=store) if eco_id in cat else None
            if idx is not None:
                idx.keys  # noqa: B018 - unpacks the look-alike tables
                indexes.append((idx, names))
    except Exception:  # noqa: BLE001
        return []
    return indexes


def _match_ahead(indexes: list[tuple[Any, list[str]]], done: Any) -> None:
    """Remember the matches of the names of ``indexes`` (the checks and the lookup's look-alike dating ask the
    same index, which remembers them) until ``done`` is set. Never raises (see :func:`_load_indexes`)."""
    try:
        for idx, names in indexes:
            for name in names:
                if done.is_set():
                    return
                if name not in idx.rank:
                    idx.matches(name)
                    time.sleep(0)  # the GIL goes back to the loop between names, not after a 5 ms switch interval
    except Exception:  # noqa: BLE001
        return


def resolve(
    keys: Iterable[PackageKey],
    settings: Settings,
    transport: httpx.AsyncBaseTransport | None = None,
    progress: Progress | None = None,
    cat: Catalog | None = None,
    notice: Callable[[str], None] | None = None,
    answered: Callable[[PackageKey, RegistryAnswer], None] | None = None,
    stored: bool = False,
) -> dict[PackageKey, RegistryAnswer]:
    """Answers for every key (each exactly once). Never raises for registry trouble. ``notice`` is told, once
    per registry, when one cannot be reached or stops answering (see :class:`Resolver`); ``answered``, each
    key a registry answered and its answer, as it comes (not those of the cache). ``stored``: when the answer
    cache holds every answer, they come with the text each was stored as
    (:class:`depguard.verdicts.StoredAnswers`: their judgements may be kept across runs)."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    cache: AnswerCache | None = None
    hits: dict[PackageKey, RegistryAnswer] | None = None
    if settings.use_cache and not settings.offline:
        # a warm run needs neither asyncio nor an HTTP client: answer from the cache first
        from .cache import AnswerCache

        cache = AnswerCache(settings.cache_dir, registries=settings.registries, github_token=settings.http.github_token)
        texts: dict[PackageKey, str] | None = {} if stored else None
        hits = cache.get_many(wanted, texts=texts)
        if len(hits) == len(wanted):
            cache.close()
            if progress:
                progress(len(hits))
            if texts is not None:
                from .verdicts import StoredAnswers

                return StoredAnswers(hits, texts)
            return hits

    async def run() -> dict[PackageKey, RegistryAnswer]:
        r = Resolver(settings, transport, progress, cat, notice, cache=cache)  # the cache read once
        if answered is not None:
            r.answered = lambda key: answered(key, r.answers[key])
        async with r:
            r.submit(wanted, cached=hits)
            return await r.finish()

    network_stack()
    import asyncio

    return asyncio.run(run())
