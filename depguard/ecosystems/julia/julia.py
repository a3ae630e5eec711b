"""Julia's General registry, read as files: ``{Letter}/{Name}/Package.toml`` then ``Versions.toml``.

The registry is a Git repository; its directories are the upper-cased first letter of the name. A 404 for
Package.toml is the "not registered" answer. Versions.toml gives the version count and yanked versions
(every version yanked is ``all-yanked``); when it cannot be read the package still exists.
"""

from __future__ import annotations

from ...compat import tomllib
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context
from ...registries._steps import StepRegistry


def _toml(body: bytes) -> dict:
    try:
        return tomllib.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"not TOML ({exc})") from None


class JuliaGeneral(StepRegistry):
    def _url(self, template: str, name: str) -> str:
        return self.base + template.format(letter=self.encode(name[:1].upper()), name=self.encode(name))

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        name = key.name
        fetched = await self.get_found(key, self._url(self.config.path, name), ctx, f"{name} is not registered")
        if isinstance(fetched, RegistryAnswer):
            return fetched
        try:
            package = _toml(fetched.body)
        except ValueError as exc:
            return self.unreadable(key, fetched, ctx, exc)
        if package.get("name") != name or not isinstance(package.get("uuid"), str):
            return self.unreadable(key, fetched, ctx, ValueError(f"Package.toml names {package.get('name')!r}"))
        asked = fetched.url
        repo = package.get("repo") if isinstance(package.get("repo"), str) else None
        found = replace(self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display}", ctx,
                                    description=f"repository {repo}" if repo else None), asked=asked)
        versions_url = self._url(self.config.options.get("versions_path", "/{letter}/{name}/Versions.toml"), name)
        more = await self.get(key, versions_url, ctx)
        if isinstance(more, RegistryAnswer) or more.status != 200:
            return found
        try:
            versions = _toml(more.body)
        except ValueError:
            return found
        entries = [v for v in versions.values() if isinstance(v, dict)]
        markers: tuple[str, ...] = ()
        if entries and all(v.get("yanked") is True for v in entries):
            markers = ("all-yanked",)
        return replace(found, version_count=len(entries), markers=markers)


CLIENT = JuliaGeneral
