"""Hackage: ``GET /package/{name}/preferred`` (JSON) lists the versions by preference.

The version count is the sum of the normal, unpreferred and deprecated lists (the generic reader can only
count one list); every version deprecated is marked ``deprecated`` by the rule in ``ecosystem.toml``.
"""

from __future__ import annotations

from ...model import PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context
from ...registries.jsonapi import JsonRegistry


class HackageRegistry(JsonRegistry):
    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        if not isinstance(doc, dict):
            raise ValueError("answer is not a JSON object")
        lists = [n.strip() for n in self.config.answer.get("version_lists", "normal-version").split(",")]
        versions = [v for n in lists for v in (doc.get(n) or []) if isinstance(v, str)]
        if not any(n in doc for n in lists):
            raise ValueError("no version lists in the answer")
        return replace(super().read_document(key, doc, ctx), version_count=len(set(versions)))


CLIENT = HackageRegistry
