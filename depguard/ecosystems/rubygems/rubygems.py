"""rubygems.org: ``/api/v1/versions/{name}.json`` lists every published version.

The list gives the version count, first and latest release (``created_at``) and, summed, the downloads.
A missing gem (and one whose versions are all yanked) is a 404 with the plain-text body
``This rubygem could not be found.``, even on this ``.json`` route: the status decides, never the body.
"""

from __future__ import annotations

from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context
from ...registries.jsonapi import JsonRegistry


class RubyGemsRegistry(JsonRegistry):
    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        if not isinstance(doc, list):
            raise ValueError("the versions answer is not a list")
        answer = super().read_document(key, doc, ctx)
        if answer.existence is not Existence.EXISTS:
            return answer
        counts = [v.get("downloads_count") for v in doc if isinstance(v, dict)]
        total = sum(c for c in counts if isinstance(c, int) and not isinstance(c, bool))
        markers = answer.markers
        if doc and all(isinstance(v, dict) and v.get("prerelease") is True for v in doc):
            markers = (*markers, "prerelease-only")
        return replace(answer, downloads=total if counts else None, markers=markers,
                       usage=f"{self.display}, all time (summed over versions)" if counts else None)


CLIENT = RubyGemsRegistry
