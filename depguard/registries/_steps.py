"""Helpers for registry clients that need more than one request or a URL built from parts of the name.

:class:`StepRegistry` keeps the generic JSON reading of :mod:`.jsonapi` and adds :meth:`get`, which turns
transport trouble into an ``unknown`` answer instead of raising, so a client can chain requests (module then
distribution, formula then cask, one conda channel after another) and stop at the first clear answer.
"""

from __future__ import annotations

from ..errors import RateLimited, RegistryError
from ..http import Fetched, fetch, redact
from ..model import Existence, PackageKey, RegistryAnswer
from ..records import replace
from . import MISSING_STATUSES, Context
from .jsonapi import JsonRegistry

AUTH_STATUSES = frozenset({401, 403})


class StepRegistry(JsonRegistry):
    async def get(self, key: PackageKey, url: str, ctx: Context, accept: str | None = None) -> Fetched | RegistryAnswer:
        """The response to one GET (any status), or an unknown answer when none could be had."""
        try:
            return await fetch(ctx.client, url, accept or self.config.accept, ctx.http)
        except RateLimited as exc:
            return replace(self.answer(key, Existence.UNKNOWN, str(exc), ctx), asked=redact(url), markers=("rate-limited",))
        except RegistryError as exc:
            return replace(self.answer(key, Existence.UNKNOWN, str(exc), ctx), asked=redact(url))

    async def get_found(self, key: PackageKey, url: str, ctx: Context, what: str = "") -> Fetched | RegistryAnswer:
        """The 200 response, or the answer that ends the lookup: missing for a real "not found" (``what`` says
        what was not there), unknown for anything else."""
        fetched = await self.get(key, url, ctx)
        if isinstance(fetched, RegistryAnswer):
            return fetched
        if self.not_found(fetched):
            return self.gone(key, fetched, ctx, what)
        if fetched.status != 200:
            return self.unclear(key, fetched, ctx)
        return fetched

    def not_found(self, fetched: Fetched) -> bool:
        return fetched.status in MISSING_STATUSES

    def unclear(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        """An answer for a status that is neither found nor a real "not found"."""
        if fetched.status in AUTH_STATUSES:
            why = f"{self.display} refused the request (HTTP {fetched.status}: rate limit or authentication); not a \"not found\""
        else:
            why = f"unexpected HTTP {fetched.status} from {self.display}"
        return replace(self.answer(key, Existence.UNKNOWN, why, ctx), asked=fetched.url)

    def unreadable(self, key: PackageKey, fetched: Fetched, ctx: Context, exc: Exception) -> RegistryAnswer:
        return replace(self.answer(key, Existence.UNKNOWN, f"could not read the answer from {self.display}: {exc}", ctx),
                       asked=fetched.url)

    def read(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        """A 200 read by the generic JSON rules, never raising."""
        try:
            return replace(self.found(key, fetched, ctx), asked=fetched.url)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            return self.unreadable(key, fetched, ctx, exc)

    def gone(self, key: PackageKey, fetched: Fetched, ctx: Context, what: str = "") -> RegistryAnswer:
        """A real "not found": ``what`` says what was not there."""
        why = f"HTTP {fetched.status} from {self.display}" + (f": {what}" if what else "")
        return replace(self.answer(key, Existence.MISSING, why, ctx), asked=fetched.url)

    def not_checked(self, key: PackageKey, reason: str, ctx: Context) -> RegistryAnswer:
        return self.answer(key, Existence.UNKNOWN, reason, ctx)
