"""NuGet V3: the flat container answers whether an ID exists, the registration index tells when and how.

``/v3-flatcontainer/{lowercase id}/index.json`` lists every version (listed and unlisted); 404 means the
source has no version of that ID. When it exists, the registration index is asked once more for facts:
publication times (unlisted versions carry the year 1900 and are left out), whether every version is
unlisted, and deprecation of the latest version. Large packages keep their registration in separate pages,
which are not fetched; trouble with that second request never changes the existence answer.
"""

from __future__ import annotations

from ...errors import RateLimited, RegistryError
from ...http import fetch
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context, fields, load_json
from ...registries.jsonapi import JsonRegistry


class NuGetRegistry(JsonRegistry):
    def encode(self, name: str) -> str:
        return super().encode(name.lower())

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        answer = await super().lookup(key, ctx)
        path = self.config.options.get("registration_path")
        if answer.existence is not Existence.EXISTS or not path:
            return answer
        url = self.base + path.format(name=self.encode(key.name))
        try:
            fetched = await fetch(ctx.client, url, "application/json", ctx.http)
            if fetched.status != 200:
                return answer
            doc = load_json(fetched)
        except (RateLimited, RegistryError, ValueError):
            return answer
        return self.with_registration(answer, doc)

    @staticmethod
    def with_registration(answer: RegistryAnswer, doc: object) -> RegistryAnswer:
        entries = [e for e in fields.values(doc, "items.*.items.*.catalogEntry") if isinstance(e, dict)]
        if not entries:
            return answer
        times = [t for t in (fields.parse_time(e.get("published")) for e in entries) if t and t.year > 1900]
        markers = list(answer.markers)
        if all(_unlisted(e) for e in entries):
            markers.append("all-unlisted")
        if entries[-1].get("deprecation"):
            markers.append("deprecated")
        if entries[-1].get("vulnerabilities"):
            markers.append("vulnerable")
        return replace(answer, first_release=min(times) if times else answer.first_release,
                       latest_release=max(times) if times else answer.latest_release, markers=tuple(markers))


def _unlisted(entry: dict) -> bool:
    if entry.get("listed") is False:
        return True
    published = fields.parse_time(entry.get("published"))
    return published is not None and published.year <= 1900


CLIENT = NuGetRegistry
