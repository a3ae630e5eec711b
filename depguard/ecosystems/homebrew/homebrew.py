"""Homebrew: formulae at ``/api/formula/{name}.json``, casks at ``/api/cask/{token}.json``.

A plain name is asked as a formula, then as a cask (``brew install`` finds both); ``homebrew/cask/<token>``
only as a cask and ``homebrew/core/<name>`` only as a formula. Other taps (``user/repo/name``) live in their
own repositories and are not in the API, so they are not checked. Install counts are the 365-day analytics,
summed over the formula's option variants.
"""

from __future__ import annotations

from ...errors import ConfigError
from ...http import Fetched
from ...model import PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context, fields, load_json
from ...registries._steps import StepRegistry

CORE = "homebrew/core/"
CASK = "homebrew/cask/"


class HomebrewRegistry(StepRegistry):
    def document_name(self, key: PackageKey) -> str:
        return key.name.removeprefix(CORE).removeprefix(CASK)

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        name = key.name
        kinds: tuple[str, ...] = ("formula", "cask")
        if name.startswith(CORE):
            name, kinds = name[len(CORE):], ("formula",)
        elif name.startswith(CASK):
            name, kinds = name[len(CASK):], ("cask",)
        elif "/" in name:
            tap = "/".join(name.split("/")[:2])
            return self.not_checked(key, f"{name.split('/')[-1]} comes from the third-party tap {tap}, which is not in formulae.brew.sh", ctx)
        last = None
        for kind in kinds:
            path = self.config.path if kind == "formula" else self.config.options.get("cask_path", "/api/cask/{name}.json")
            fetched = await self.get(key, self.base + path.format(name=self.encode(name)), ctx)
            if isinstance(fetched, RegistryAnswer):
                return fetched
            if self.not_found(fetched):
                last = fetched
                continue
            if fetched.status != 200:
                return self.unclear(key, fetched, ctx)
            answer = self.read(key, fetched, ctx)
            note = "cask" if kind == "cask" else "formula"
            return replace(answer, downloads=self._installs(fetched), reason=f"{answer.reason} ({note})")
        if last is not None and "formula" in kinds:
            aliased = await self._alias(key, name, ctx)
            if aliased is not None:
                return aliased
        what = "no formula or cask" if len(kinds) == 2 else f"no {kinds[0]}"
        return self.gone(key, last, ctx, f"{what} named {name}") if last is not None else self.not_checked(key, "nothing asked", ctx)

    def _installs(self, fetched: Fetched) -> int | None:
        """The 365-day install count, summed over the formula's option variants."""
        try:
            counts = [fields.as_int(v) for v in fields.values(load_json(fetched), self.config.answer.get("downloads", ""))]
        except ValueError:
            counts = []
        return sum(c for c in counts if c is not None) if any(c is not None for c in counts) else None

    async def _alias(self, key: PackageKey, name: str, ctx: Context) -> RegistryAnswer | None:
        """The formula ``name`` is an alias of (homebrew-core's ``Aliases/<name>``, a link to ``../Formula/x/<formula>.rb``),
        read as that formula's answer (whose ``aliases`` list names ``name``: the identity rule checks it); None when
        there is no such alias (a 404), an unknown answer when the alias could not be asked."""
        try:
            base = self.endpoint("homebrew.aliases")
        except ConfigError:
            return None
        fetched = await self.get(key, f"{base}/{self.encode(name)}", ctx, accept="text/plain")
        if isinstance(fetched, RegistryAnswer):
            return fetched
        if self.not_found(fetched):
            return None
        if fetched.status != 200:
            return self.unclear(key, fetched, ctx)
        target = fetched.text().strip().rpartition("/")[2]
        if "\n" in target or not target.endswith(".rb") or target[:-3] in ("", name):
            return None
        target = target[:-3]
        got = await self.get(key, self.base + self.config.path.format(name=self.encode(target)), ctx)
        if isinstance(got, RegistryAnswer):
            return got
        if got.status != 200:
            return None if self.not_found(got) else self.unclear(key, got, ctx)
        answer = self.read(key, got, ctx)
        return replace(answer, downloads=self._installs(got), reason=f"{answer.reason} (formula {target}, an alias)")


CLIENT = HomebrewRegistry
