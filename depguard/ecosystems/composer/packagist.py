"""Packagist's p2 metadata: ``/p2/vendor/package.json`` holds tagged releases under ``packages[name]``.

A package with only branch versions has its versions in ``/p2/vendor/package~dev.json``; that file is asked
before a name is called missing, so a dev-only package is not reported as a hallucination.

A few vendors publish their packages in a Composer repository of their own, which the projects using them
declare (:data:`ELSEWHERE`); Packagist holds some of their names at most, and only the vendor can publish there
(on Packagist a vendor belongs to the maintainers of its first package). A name of such a vendor that Packagist
lacks is asked of that repository in the same p2 layout when it answers without credentials: Drupal.org's
packages.drupal.org serves contributed modules, themes and profiles (``drupal/token``), which Packagist does not
list ("Drupal projects are not listed on Packagist", drupal.org/docs/develop/using-composer/using-packagesdrupalorg;
held-out set 306: farmOS' and LocalGov Drupal's composer.json, farmOS' docs). A repository that wants the user's
keys is not asked, and the name is not-checked: repo.magento.com (``magento/module-catalog``, what a Magento
module's composer.json requires), the Shopware Store's packages.shopware.com (``store.shopware.com/x``, as
FroshTools' README installs it) and Hyvä's Private Packagist (``hyva-themes/magento2-theme-module``). Any other
vendor's name Packagist lacks is missing.
"""

from __future__ import annotations

from ...errors import RateLimited, RegistryError
from ...http import fetch
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import MISSING_STATUSES, Context, load_json
from ...registries.segmented import SegmentedJsonRegistry

# (vendor, its repository in words, the [registry.endpoints] purpose that asks it and the p2 path there, or two ""
# when it wants credentials); packages.drupal.org's path is its Drupal 8-and-later packages.json "metadata-url"
ELSEWHERE: tuple[tuple[str, str, str, str], ...] = (
    ("drupal", "Drupal.org's Composer repository", "drupal", "/files/packages/8/p2/{name}.json"),
    ("magento", "repo.magento.com (Magento's Composer repository, asked with the user's access keys)", "", ""),
    ("store.shopware.com", "packages.shopware.com (the Shopware Store's Composer repository, asked with the "
     "user's token)", "", ""),
    # hyva-themes/magento2-default-theme's README installs from Hyvä's Private Packagist with a key, or from each
    # package's GitHub repository declared as a vcs repository; its composer.json requires five more of them
    ("hyva-themes", "hyva-themes.repo.packagist.com (Hyvä's Private Packagist, asked with the user's key) or the "
     "packages' GitHub repositories", "", ""),
)


class PackagistRegistry(SegmentedJsonRegistry):
    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        versions = doc.get("packages", {}).get(key.name) if isinstance(doc, dict) and isinstance(doc.get("packages"), dict) else None
        if not isinstance(versions, list):
            raise ValueError(f"no packages[{key.name!r}] list in the answer")
        return super().read_document(key, doc, ctx)

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        answer = await self._packagist(key, ctx)
        if answer.existence is not Existence.MISSING:
            return answer
        vendor = key.name.partition("/")[0]
        for owner, display, purpose, path in ELSEWHERE:
            if vendor != owner:
                continue
            if not purpose:
                return replace(answer, existence=Existence.UNKNOWN,
                               reason=f"not on {self.display}; {owner}/* is served by {display}: not asked")
            return await self._elsewhere(key, ctx, answer, display, purpose, path)
        return answer

    async def _elsewhere(self, key: PackageKey, ctx: Context, missing: RegistryAnswer, display: str, purpose: str,
                         path: str) -> RegistryAnswer:
        """``key``, which Packagist lacks, asked of the vendor's own repository: tagged releases, then branch versions."""
        parts = self.split(key.name)
        assert parts is not None  # Packagist answered unknown otherwise
        base = self.endpoint(f"{self.ecosystem.id}.{purpose}")
        name = "/".join(self.encode(p) for p in parts)
        for suffix in ("", "~dev"):
            answer = await self.ask_elsewhere(key, ctx, base + path.format(name=name + suffix), display)
            if answer.existence is Existence.EXISTS and answer.version_count:
                return replace(answer, markers=(*answer.markers, "dev-versions-only")) if suffix else answer
            if answer.existence is Existence.UNKNOWN:
                return answer
        return replace(missing, reason=f"{missing.reason}, nor {display}")  # 404s, or no version listed

    async def _packagist(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
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
