"""Registry clients: ask an ecosystem's registry whether a name exists and how established it is.

A client is chosen by the ``registry.client`` value of the ecosystem's ``ecosystem.toml``: the value names a
module whose ``CLIENT`` attribute is the class, either a generic one of this package or the one an ecosystem
package declares (``ECOSYSTEM.registry``, e.g. ``depguard/ecosystems/go/goproxy.py``). Most registries fit
:mod:`.jsonapi` (GET a URL, 404 means missing, a few JSON fields tell age and versions); the others get a
small module of their own, in their ecosystem's folder.

The HTTP-to-answer mapping is written once, in :class:`HttpRegistry`: 200 -> facts, 404/410 -> missing,
anything else -> unknown with a reason. A 200 counts only when it is a real document about the asked package
(:mod:`.identity`, declared per ecosystem in ``[registry.identity]``); ``{}``, an error object, HTML, a
document without versions or one about another name is unknown with the reason. A client never raises:
failures become answers with existence unknown, which the checks turn into ``not-checked``.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from urllib.parse import quote

from ..cstdlib import datetime, timezone
from ..ecosystems import Ecosystem, MarkerRule
from ..errors import ConfigError, RateLimited, RegistryError
from ..http import Fetched, HttpSettings, fetch
from ..model import Existence, PackageKey, RegistryAnswer
from ..records import record, replace
from . import fields
from .endpoints import base_url

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    from ..http import Client

MISSING_STATUSES = frozenset({404, 410})


@record(frozen=True)
class Context:
    """What a client needs for one lookup: the shared HTTP client, settings and the clock."""

    client: Client
    http: HttpSettings
    now: datetime


class RegistryClient(ABC):
    """Answers existence questions for one ecosystem. ``lookup`` never raises."""

    def __init__(self, ecosystem: Ecosystem, overrides: Mapping[str, str] | None = None) -> None:
        self.ecosystem = ecosystem
        self.config = ecosystem.registry
        self.overrides = dict(overrides or {})
        self.base = self.endpoint(ecosystem.id)
        from .identity import Identity

        self.identity = Identity.of(ecosystem)

    def endpoint(self, key: str) -> str:
        try:
            return base_url(key, self.overrides, self.ecosystem)
        except KeyError:
            raise ConfigError(
                f"no registry address for {key!r}: declare it ([registry] url or [registry.endpoints] of the "
                f"ecosystem.toml) or set registries.{key}"
            ) from None

    @property
    def display(self) -> str:
        return self.config.display

    @abstractmethod
    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer: ...

    async def requested(self, key: PackageKey, ctx: Context) -> Callable[[], RegistryAnswer]:
        """:meth:`lookup` in two steps: the requests now, and what reads their answer, to call once the
        connection is given back (see :class:`HttpRegistry`). Here the answer is read at once."""
        answer = await self.lookup(key, ctx)
        return lambda: answer

    # helpers shared by subclasses
    def answer(self, key: PackageKey, existence: Existence, reason: str, ctx: Context, **facts: Any) -> RegistryAnswer:
        return RegistryAnswer(key=key, existence=existence, source=self.display, reason=reason, at=ctx.now, **facts)

    def encode(self, name: str) -> str:
        """Quote a name as one path segment: '/', '?', '#', '%' and '..' can never change the path (quote() keeps a
        dot segment, ``.`` or ``..``, as it is: its dots are escaped, and the name rule already refuses such a name)."""
        quoted = quote(name, safe=self.config.safe)
        return quoted.replace(".", "%2E") if quoted in (".", "..") else quoted

    def document_name(self, key: PackageKey) -> str:
        """The name the registry's document gives for ``key`` (clients whose keys carry more override it)."""
        return key.name

    def name_problem(self, key: PackageKey, doc: object, fetched: Fetched) -> str | None:
        """Why a 200 document is not about ``key`` (see :mod:`.identity`), or None."""
        return self.identity.name_problem(self.document_name(key), doc, self.ecosystem.name_rule.normalise,
                                          fetched.redirected)

    def not_described(self, key: PackageKey, why: str, ctx: Context, fetched: Fetched | None = None) -> RegistryAnswer:
        """A 200 that is not a real answer about ``key``: existence unknown, with the reason."""
        answer = self.answer(key, Existence.UNKNOWN, f"{self.display} answered HTTP 200, but {why}", ctx)
        return replace(answer, asked=fetched.url) if fetched is not None else answer


class HttpRegistry(RegistryClient):
    """One GET per lookup; subclasses say which URL and how to read a 200."""

    def url(self, key: PackageKey) -> str:
        return self.base + self.config.path.format(name=self.encode(key.name))

    def accept(self, key: PackageKey) -> str:
        return self.config.accept

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        return (await self._get(key, ctx))()

    async def requested(self, key: PackageKey, ctx: Context) -> Callable[[], RegistryAnswer]:
        """The GET now; the document (JSON decoding and reading it: tens of milliseconds for a popular PyPI
        project's) is read when the returned function is called, after the connection went back to the
        requests still waiting for one. A subclass with a ``lookup`` of its own keeps it whole."""
        if type(self).lookup is not HttpRegistry.lookup:
            return await super().requested(key, ctx)
        return await self._get(key, ctx)

    async def _get(self, key: PackageKey, ctx: Context) -> Callable[[], RegistryAnswer]:
        url = self.url(key)
        try:
            fetched = await fetch(ctx.client, url, self.accept(key), ctx.http)
        except RateLimited as exc:
            failed = replace(self.answer(key, Existence.UNKNOWN, str(exc), ctx), asked=_redacted(url),
                             markers=("rate-limited",))
            return lambda: failed
        except RegistryError as exc:
            failed = replace(self.answer(key, Existence.UNKNOWN, str(exc), ctx), asked=_redacted(url))
            return lambda: failed
        return lambda: replace(self.interpret(key, fetched, ctx), asked=fetched.url)

    async def ask_elsewhere(self, key: PackageKey, ctx: Context, url: str, display: str) -> RegistryAnswer:
        """``key``, which this registry lacks, asked at ``url`` of another repository the ecosystem's tools also
        resolve from (``display``, in words), whose answer reads as this registry's: a 404 or 410 there is missing,
        a 200 exists with that repository as its source, anything else unknown naming both."""
        try:
            fetched = await fetch(ctx.client, url, self.accept(key), ctx.http)
        except (RateLimited, RegistryError) as exc:
            return replace(self.answer(key, Existence.UNKNOWN, f"not on {self.display}, and {display} could not "
                                       f"be asked: {exc}", ctx), asked=url)
        if fetched.status in MISSING_STATUSES:
            return replace(self.answer(key, Existence.MISSING, f"HTTP {fetched.status} from {display}", ctx), asked=url)
        answer = self.interpret(key, fetched, ctx)
        if answer.existence is Existence.EXISTS:
            return replace(answer, source=display, reason=f"HTTP 200 from {display} (not on {self.display})",
                           asked=fetched.url)
        return replace(answer, reason=f"not on {self.display}; {display}: {answer.reason}", asked=fetched.url)

    def interpret(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        status = fetched.status
        if status in MISSING_STATUSES:
            return self.answer(key, Existence.MISSING, f"HTTP {status} from {self.display}", ctx)
        if status != 200:
            return self.answer(key, Existence.UNKNOWN, f"unexpected HTTP {status} from {self.display}", ctx)
        try:
            return self.found(key, fetched, ctx)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            return self.answer(key, Existence.UNKNOWN, f"could not read the answer from {self.display}: {exc}", ctx)

    @abstractmethod
    def found(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        """Read a 200 answer. May raise ValueError for an answer that cannot be understood."""


def _redacted(url: str) -> str:
    from ..http import redact

    return redact(url)


def load_json(fetched: Fetched) -> Any:
    if not fetched.body.strip():
        raise ValueError("empty body")
    try:
        return json.loads(fetched.body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"not JSON ({exc.msg if hasattr(exc, 'msg') else exc})") from None


def apply_markers(doc: Any, rules: tuple[MarkerRule, ...]) -> tuple[tuple[str, ...], str | None]:
    """The markers whose rule matches, and the existence override of the first that has one."""
    found: list[str] = []
    override: str | None = None
    for rule in rules:
        vals = list(fields.values(doc, rule.path))
        if rule.when == "present":
            hit = any(v not in (None, False, "", [], {}) for v in vals)
        elif rule.when == "empty":
            hit = bool(vals) and all(v in (None, "", [], {}) for v in vals)
        elif rule.when == "equals":
            hit = any(v == rule.value for v in vals)
        elif rule.when == "contains":
            hit = any(isinstance(v, str) and str(rule.value) in v for v in vals)
        elif rule.when == "all":  # every item the path fans out over, an item without the field included
            items = fields.each(doc, rule.path)
            hit = bool(items) and all(bool(v) for v in items)
        elif rule.when == "any":
            hit = any(bool(v) for v in vals)
        else:
            raise ConfigError(f"unknown marker condition {rule.when!r} for {rule.marker}")
        if hit:
            if rule.marker not in found:
                found.append(rule.marker)
            if rule.existence and override is None:
                override = rule.existence
    return tuple(found), override


def client_for(ecosystem: Ecosystem, overrides: Mapping[str, str] | None = None) -> RegistryClient:
    module_name = ecosystem.registry.client
    if not module_name.isidentifier():
        raise ConfigError(f"{ecosystem.folder}/ecosystem.toml: bad registry.client {module_name!r}")
    declared = _declared_clients().get(module_name)
    try:
        module = importlib.import_module(declared or f"{__name__}.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{module_name}":
            raise
        raise ConfigError(
            f"{ecosystem.folder}/ecosystem.toml: registry.client {module_name!r} names no module in depguard.registries "
            "and no ecosystem package declares one by that name"
        ) from None
    return module.CLIENT(ecosystem, overrides)


def _declared_clients() -> dict[str, str]:
    """Client name (the module's own name) -> module, of the clients the ecosystem packages declare."""
    from ..ecosystems import declarations

    out: dict[str, str] = {}
    for package in declarations():
        if package.registry:
            module = package.module(package.registry)
            out[module.rpartition(".")[2]] = module
    return out


def utcnow() -> datetime:
    return datetime.now(timezone.utc)
