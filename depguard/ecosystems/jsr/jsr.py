"""JSR: ``GET https://jsr.io/@{scope}/{package}/meta.json`` (the registry API, not the management API).

The scope and package are two path segments, each quoted on its own. Every version yanked is marked
``all-yanked``.
"""

from __future__ import annotations

from ...model import PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context
from ...registries.jsonapi import JsonRegistry


class JsrRegistry(JsonRegistry):
    def url(self, key: PackageKey) -> str:
        scope, _, package = key.name.removeprefix("@").partition("/")
        return self.base + self.config.path.format(scope=self.encode(scope), package=self.encode(package))

    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        if not isinstance(doc, dict) or not isinstance(doc.get("versions"), dict):
            raise ValueError("no versions object in the answer")
        answer = super().read_document(key, doc, ctx)
        versions = doc["versions"]
        if versions and all(isinstance(v, dict) and v.get("yanked") is True for v in versions.values()):
            answer = replace(answer, markers=(*answer.markers, "all-yanked"))
        return answer


CLIENT = JsrRegistry
