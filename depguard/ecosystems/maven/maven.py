"""Maven Central's repository layout: ``{group as path}/{artifact}/maven-metadata.xml``.

The name is ``groupId:artifactId``. The metadata (read with defusedxml) gives the versions and
``lastUpdated``. A few old artifacts have no metadata file, so a 404 there is followed by a look at the
artifact's directory before the name is called missing. Metadata naming another groupId:artifactId, or no
version, and a folder page listing no version folder, are not-checked (a proxy's or portal's page), never
"exists".

A name Maven Central lacks is then asked of the two repositories every Gradle build also resolves from by
default, in the same layout: Google's Maven repository (``google()``: AndroidX, the Android Gradle plugin,
Firebase and Play services are published there only, so ``androidx.core:core-ktx`` and
``com.android.tools.build:gradle`` were DG001 against Maven Central alone; held-out set 227, Android apps) and the
Gradle Plugin Portal (``gradlePluginPortal()``: plugins, their ``<id>:<id>.gradle.plugin`` markers, which Gradle
lockfiles and verification metadata list), and, for JitPack's groups (``com.github.User:Repo``), JitPack, which
builds a GitHub repository on demand and lists the versions it has built. A name is missing only when none of them
has it; one they cannot be asked about is not-checked.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

from ...errors import RateLimited, RegistryError
from ...http import Fetched, fetch
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import MISSING_STATUSES, Context, HttpRegistry

BAD = frozenset({"", ".", ".."})
# a version folder in a repository listing: href="1.0/" (what a portal's or proxy's HTML page lacks)
# where else a Gradle build looks: (endpoint purpose, display, the groups it is asked for; () for all), in order after
# Maven Central: google() and gradlePluginPortal(), which builds use by default, and JitPack for its own groups
# (`maven { url 'https://jitpack.io' }` then `com.github.User:Repo:Tag`, built from the GitHub repository on demand;
# its metadata lists the versions it has built: rainbow's com.github.NovaCrypto:BIP39, held-out set 227)
ELSEWHERE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("google", "Google's Maven repository", ()), ("plugins", "the Gradle Plugin Portal", ()),
    ("jitpack", "JitPack", ("com.github.", "org.bitbucket.", "com.gitlab.")))
FOLDER_ENTRY = re.compile(r"""href=["']?(?:\./)?[0-9][^"'/<>?#]*/["'>\s]""")


def coordinates(name: str) -> tuple[str, str] | None:
    group, sep, artifact = name.partition(":")
    if not sep or ":" in artifact or group in BAD or artifact in BAD or any(p in BAD for p in group.split(".")):
        return None
    return group, artifact


class MavenRegistry(HttpRegistry):
    def artifact_dir(self, key: PackageKey) -> str:
        coords = coordinates(key.name)
        if coords is None:
            raise ValueError(f"{key.name!r} is not groupId:artifactId")
        group, artifact = coords
        return self.base + "/" + "/".join(self.encode(p) for p in group.split(".")) + "/" + self.encode(artifact)

    def url(self, key: PackageKey) -> str:
        return self.artifact_dir(key) + "/maven-metadata.xml"

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        if coordinates(key.name) is None:
            return self.answer(key, Existence.UNKNOWN, f"{key.name!r} is not groupId:artifactId", ctx)
        answer = await self._central(key, ctx)
        if answer.existence is not Existence.MISSING:
            return answer
        return await self._elsewhere(key, ctx, answer)

    async def _elsewhere(self, key: PackageKey, ctx: Context, missing: RegistryAnswer) -> RegistryAnswer:
        """Maven Central has no ``key``: the first of :data:`ELSEWHERE` that has its metadata, else ``missing``."""
        path = self.url(key)[len(self.base):]
        for purpose, display, groups in ELSEWHERE:
            if groups and not key.name.startswith(groups):
                continue
            answer = await self.ask_elsewhere(key, ctx, self.endpoint(f"{self.ecosystem.id}.{purpose}") + path, display)
            if answer.existence is not Existence.MISSING:
                return answer
        return missing

    async def _central(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        answer = await super().lookup(key, ctx)
        if answer.existence is not Existence.MISSING:
            return answer
        listing = self.artifact_dir(key) + "/"
        try:
            fetched = await fetch(ctx.client, listing, "text/html", ctx.http)
        except (RateLimited, RegistryError):
            return answer
        if fetched.status == 200 and not FOLDER_ENTRY.search(fetched.text()):
            return replace(self.not_described(key, "the artifact folder lists no version folder", ctx), asked=listing)
        if fetched.status == 200:
            return replace(self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display} (artifact folder without metadata)",
                                       ctx, markers=("no-metadata",)), asked=listing)
        if fetched.status in MISSING_STATUSES:
            return answer
        return replace(self.answer(key, Existence.UNKNOWN, f"metadata missing and the folder answered HTTP {fetched.status}", ctx),
                       asked=listing)

    def found(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        from xml.etree.ElementTree import ParseError

        from defusedxml import ElementTree
        from defusedxml.common import DefusedXmlException

        try:
            root = ElementTree.fromstring(fetched.body)
        except (ParseError, DefusedXmlException) as exc:
            raise ValueError(f"not readable XML ({exc})") from None
        if root.tag.rsplit("}", 1)[-1] != "metadata":
            raise ValueError(f"unexpected root element <{root.tag}>")
        def texts(tag: str) -> list[str]:
            return [el.text.strip() for el in root if el.tag.rsplit("}", 1)[-1] == tag and el.text and el.text.strip()]

        group, artifact = coordinates(key.name) or ("", "")
        if texts("groupId") != [group] or texts("artifactId") != [artifact]:
            named = ":".join((texts("groupId") or ["?"])[:1] + (texts("artifactId") or ["?"])[:1])
            return self.not_described(key, f"its metadata describes {named!r}, not {key.name!r}", ctx, fetched)
        updated = None
        for el in root.iter():
            if el.tag.rsplit("}", 1)[-1] == "lastUpdated" and el.text and el.text.strip().isdigit():
                try:
                    updated = datetime.strptime(el.text.strip()[:14], "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)
                except ValueError:
                    updated = None
        # <versioning><versions> lists them all; the top-level <version> of old files names only one
        listed = [c.text for el in root.iter() if el.tag.rsplit("}", 1)[-1] == "versions" for c in el if c.text]
        if not listed and not texts("version"):
            return self.not_described(key, "its metadata lists no versions", ctx, fetched)
        return self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display}", ctx,
                           version_count=len(listed) or None, latest_release=updated)


CLIENT = MavenRegistry
