"""JSON registries whose names are several path segments: ``vendor/package`` (Packagist), ``owner/repo``
(GitHub). Each segment is quoted on its own, so a name can never add, drop or climb a path level; a name
with an empty, ``.`` or ``..`` segment is answered unknown without asking.
"""

from __future__ import annotations

from ..model import Existence, PackageKey, RegistryAnswer
from . import Context
from .jsonapi import JsonRegistry

BAD_SEGMENTS = frozenset({"", ".", ".."})


class SegmentedJsonRegistry(JsonRegistry):
    separator = "/"
    segments = 2

    def split(self, name: str) -> list[str] | None:
        parts = name.split(self.separator)
        if len(parts) != self.segments or any(p in BAD_SEGMENTS for p in parts):
            return None
        return parts

    def url_for(self, path: str, parts: list[str]) -> str:
        return self.base + path.format(name="/".join(self.encode(p) for p in parts))

    def url(self, key: PackageKey) -> str:
        parts = self.split(key.name)
        if parts is None:
            raise ValueError(f"{key.name!r} is not {self.segments} '{self.separator}'-separated segments")
        return self.url_for(self.config.path, parts)

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        if self.split(key.name) is None:
            return self.answer(key, Existence.UNKNOWN, f"{key.name!r} is not a name {self.display} can be asked for", ctx)
        return await super().lookup(key, ctx)


CLIENT = SegmentedJsonRegistry
