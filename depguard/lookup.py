"""The lookup stage: unique package keys -> registry answers.

Order of sources: the answer cache (read in bulk) -> the offline index (when ``--offline``) -> the registry
(concurrently, bounded per registry, one pooled HTTP client for the run). Each key is asked at most once.
Anything that could not be answered is an answer with existence ``unknown`` and its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from .config import Settings
from .ecosystems import Catalog, catalog
from .errors import ConfigError
from .model import Existence, PackageKey, RegistryAnswer

if TYPE_CHECKING:
    import httpx

Progress = Callable[[int], None]


def _now(settings: Settings) -> datetime:
    return settings.now or datetime.now(timezone.utc)


def unknown(key: PackageKey, reason: str, source: str, settings: Settings) -> RegistryAnswer:
    return RegistryAnswer(key=key, existence=Existence.UNKNOWN, source=source, reason=reason, at=_now(settings))


def resolve(
    keys: Iterable[PackageKey],
    settings: Settings,
    transport: httpx.AsyncBaseTransport | None = None,
    progress: Progress | None = None,
    cat: Catalog | None = None,
) -> dict[PackageKey, RegistryAnswer]:
    """Answers for every key (each exactly once). Never raises for registry trouble."""
    cat = cat or catalog()
    wanted = list(dict.fromkeys(keys))
    answers: dict[PackageKey, RegistryAnswer] = {}
    cache = None
    if settings.use_cache and wanted:
        from .cache import AnswerCache

        cache = AnswerCache(settings.cache_dir)
        answers.update(cache.get_many(wanted))
        if progress and answers:
            progress(len(answers))
    todo = [k for k in wanted if k not in answers]
    if todo and settings.offline:
        from .index import offline_answers

        answers.update(offline_answers(todo, settings))
        todo = [k for k in todo if k not in answers]
        for k in todo:
            answers[k] = unknown(k, "offline: not in the cache or a local index", "offline", settings)
        todo = []
    if todo:
        import asyncio

        fresh = asyncio.run(_ask_all(todo, settings, cat, transport, progress))
        answers.update(fresh)
        if cache is not None:
            cache.put_many(fresh.values())
    if cache is not None:
        cache.close()
    return answers


async def _ask_all(
    keys: list[PackageKey],
    settings: Settings,
    cat: Catalog,
    transport: httpx.AsyncBaseTransport | None,
    progress: Progress | None,
) -> dict[PackageKey, RegistryAnswer]:
    import asyncio

    from .http import make_client
    from .registries import Context, client_for

    by_eco: dict[str, list[PackageKey]] = {}
    for k in keys:
        by_eco.setdefault(k.ecosystem, []).append(k)
    out: dict[PackageKey, RegistryAnswer] = {}
    clients = {}
    for eco_id in by_eco:
        try:
            clients[eco_id] = client_for(cat.get(eco_id), settings.registries)
        except ConfigError as exc:
            for k in by_eco[eco_id]:
                out[k] = unknown(k, str(exc), eco_id, settings)
    async with make_client(settings.http, transport=transport) as http:
        ctx = Context(client=http, http=settings.http, now=_now(settings))

        async def ask(client, sem, key: PackageKey) -> None:
            async with sem:
                try:
                    out[key] = await client.lookup(key, ctx)
                except Exception as exc:  # a client bug must not become a pass or a crash
                    out[key] = unknown(key, f"internal error in the {client.display} client: {type(exc).__name__}: {exc}",
                                       client.display, settings)
            if progress:
                progress(1)

        tasks = []
        for eco_id, eco_keys in by_eco.items():
            client = clients.get(eco_id)
            if client is None:
                continue
            sem = asyncio.Semaphore(max(1, client.config.concurrency))
            tasks.extend(asyncio.ensure_future(ask(client, sem, k)) for k in eco_keys)
        if tasks:
            done, pending = await asyncio.wait(tasks, timeout=settings.deadline)
            for t in pending:
                t.cancel()
            if pending:
                await asyncio.gather(*pending, return_exceptions=True)
    for k in keys:
        if k not in out:
            out[k] = unknown(k, f"scan deadline of {settings.deadline:g}s reached before an answer", "deadline", settings)
    return out
