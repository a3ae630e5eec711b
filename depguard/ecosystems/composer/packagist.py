"""Packagist's p2 metadata: ``/p2/vendor/package.json`` holds tagged releases under ``packages[name]``.

A package with only branch versions has its versions in ``/p2/vendor/package~dev.json``; that file is asked
before a name is called missing, so a dev-only package is not reported as a hallucination.
"""

from __future__ import annotations

from ...errors import RateLimited, RegistryError
from ...http import fetch
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import MISSING_STATUSES, Context, load_json
from ...registries.segmented import SegmentedJsonRegistry


class PackagistRegistry(SegmentedJsonRegistry):
    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        versions = doc.get("packages", {}).get(key.name) if isinstance(doc, dict) and isinstance(doc.get("packages"), dict) else None
        if not isinstance(versions, list):
            raise ValueError(f"no packages[{key.name!r}] list in the answer")
        return super().read_document(key, doc, ctx)

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        tagged = await super().lookup(key, ctx)
        if tagged.existence is Existence.UNKNOWN or (tagged.existence is Existence.EXISTS and tagged.version_count):
            return tagged
        parts = self.split(key.name)
        assert parts is not None  # super().lookup answered unknown otherwise
        url = self.url_for(self.config.path.replace("{name}", "{name}~dev"), parts)
        try:
            fetched = await fetch(ctx.client, url, self.accept(key), ctx.http)
        except (RateLimited, RegistryError) as exc:
            return replace(self.answer(key, Existence.UNKNOWN, f"branch versions could not be read: {exc}", ctx), asked=url)
        if fetched.status in MISSING_STATUSES:
            return tagged if tagged.existence is Existence.MISSING else replace(
                tagged, existence=Existence.MISSING, reason=f"{self.display} lists no versions of {key.name}")
        if fetched.status != 200:
            return replace(self.answer(key, Existence.UNKNOWN, f"unexpected HTTP {fetched.status} from {self.display}", ctx), asked=url)
        try:
            dev = self.read_document(key, load_json(fetched), ctx)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            return replace(self.answer(key, Existence.UNKNOWN, f"could not read the answer from {self.display}: {exc}", ctx), asked=url)
        if not dev.version_count:
            return replace(dev, existence=Existence.MISSING, reason=f"{self.display} lists no versions of {key.name}", asked=url)
        return replace(dev, markers=(*dev.markers, "dev-versions-only"), asked=url,
                       reason=f"HTTP 200 from {self.display} (branch versions only)")


CLIENT = PackagistRegistry
