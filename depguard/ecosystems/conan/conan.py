"""ConanCenter: Conan's v2 remote search, ``GET /v2/conans/search?q=NAME/*&ignorecase=False``.

This is the request the conan client makes for ``conan search NAME -r conancenter``
(conan-io/conan ``conan/internal/rest/client_routes.py``); the server answers ``{"results": [reference, ...]}``
(``conans/server/rest/controller/v2/search.py``), one reference per recipe version; Artifactory, which serves
ConanCenter, writes "no user/channel" as ``@_/_`` (the conan client's ``search`` strips it). So:

- a list holding references named NAME without user/channel: exists, one version per distinct version;
- an empty list, or a 404: missing (no recipe of that name on ConanCenter);
- anything else (no ``results`` list, references to other recipes only): unknown with the reason.

The name is sent url-quoted inside the query; the name rule keeps ``*`` and ``?`` out of it.
"""

from __future__ import annotations

from ...http import Fetched
from ...model import Existence, PackageKey, RegistryAnswer
from ...registries import Context, HttpRegistry, load_json
from .reference import parse_reference


def _reference(text: str) -> tuple[str, str, bool] | None:
    """(name, version, whether it has no user/channel) of a reference in a search answer."""
    ref = parse_reference(text)
    return None if ref is None else (ref.name, ref.version, ref.on_conancenter)


class ConanRegistry(HttpRegistry):
    def found(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        doc = load_json(fetched)
        results = doc.get("results") if isinstance(doc, dict) else None
        if not isinstance(results, list):
            return self.not_described(key, "the answer has no list of results", ctx, fetched)
        if not results:
            return self.answer(key, Existence.MISSING, f"{self.display} has no recipe named {key.name!r} (0 results)", ctx)
        refs = [r for r in (_reference(t) for t in results if isinstance(t, str)) if r is not None]
        versions = {version for name, version, public in refs if name == key.name and public}
        if not versions:
            return self.not_described(key, f"its {len(results)} results name no recipe {key.name!r}", ctx, fetched)
        return self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display}", ctx, version_count=len(versions))


CLIENT = ConanRegistry
