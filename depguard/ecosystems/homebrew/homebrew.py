"""Homebrew: formulae at ``/api/formula/{name}.json``, casks at ``/api/cask/{token}.json``.

A plain name is asked as a formula, then as a cask (``brew install`` finds both); ``homebrew/cask/<token>``
only as a cask and ``homebrew/core/<name>`` only as a formula. Other taps (``user/repo/name``) live in their
own repositories and are not in the API, so they are not checked. Install counts are the 365-day analytics,
summed over the formula's option variants.
"""

from __future__ import annotations

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
            try:
                counts = [fields.as_int(v) for v in fields.values(load_json(fetched), self.config.answer.get("downloads", ""))]
            except ValueError:
                counts = []
            total = sum(c for c in counts if c is not None) if any(c is not None for c in counts) else None
            note = "cask" if kind == "cask" else "formula"
            return replace(answer, downloads=total, reason=f"{answer.reason} ({note})")
        what = "no formula or cask" if len(kinds) == 2 else f"no {kinds[0]}"
        return self.gone(key, last, ctx, f"{what} named {name}") if last is not None else self.not_checked(key, "nothing asked", ctx)


CLIENT = HomebrewRegistry
