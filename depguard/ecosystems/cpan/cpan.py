"""CPAN through MetaCPAN: a module is mapped to its distribution, then the distribution's releases are read.

1. ``GET /v1/module/{Module::Name}``: 404 means no indexed file declares the module; 200 names the
   ``distribution`` and tells whether the module is ``deprecated`` or only on BackPAN.
2. ``GET /v1/release/_search?q=distribution:"{Dist}"`` sorted by date: ``hits.total`` releases, the first
   hit is the first release. A search answers 200 even when nothing matches: zero hits for a name asked
   as a distribution (``Foo-Bar``, or a bare word no module has) is the "missing" answer.
"""

from __future__ import annotations

from urllib.parse import urlencode

from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context, fields, load_json
from ...registries._steps import StepRegistry


def _total(doc: dict) -> int | None:
    total = fields.first(doc, "hits.total")
    if isinstance(total, dict):  # newer Elasticsearch: {"value": n, "relation": "eq"}
        total = total.get("value")
    return fields.as_int(total)


class MetaCpan(StepRegistry):
    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        name = key.name
        module_doc: dict | None = None
        dist = name
        if "-" not in name:
            fetched = await self.get(key, self.base + self.config.path.format(name=self.encode(name)), ctx)
            if isinstance(fetched, RegistryAnswer):
                return fetched
            if fetched.status == 200:
                try:
                    module_doc = load_json(fetched)
                    dist = module_doc["distribution"]
                    if not isinstance(dist, str) or not dist:
                        raise ValueError("no distribution in the module answer")
                    declared = [m.get("name") for m in module_doc.get("module") or [] if isinstance(m, dict)]
                    if name not in declared:
                        return self.not_described(key, f"the file it names declares {declared[:3]!r}, not {name!r}",
                                                  ctx, fetched)
                except (ValueError, KeyError, TypeError) as exc:
                    return self.unreadable(key, fetched, ctx, exc)
            elif self.not_found(fetched):
                if "::" in name:
                    return self.gone(key, fetched, ctx, f"no module {name}")
            else:
                return self.unclear(key, fetched, ctx)
        return await self._releases(key, dist, module_doc, ctx)

    async def _releases(self, key: PackageKey, dist: str, module_doc: dict | None, ctx: Context) -> RegistryAnswer:
        size = int(self.config.options.get("release_search_size", 500))
        query = urlencode({"q": f'distribution:"{dist}"', "size": size, "sort": "date:asc",
                           "_source": "date,status,version,maturity"})
        url = self.base + self.config.options.get("release_search", "/v1/release/_search") + "?" + query
        fetched = await self.get(key, url, ctx)
        facts = self._module_facts(module_doc)
        if isinstance(fetched, RegistryAnswer) or fetched.status != 200:
            if module_doc is not None:  # the module answer alone proves existence
                return self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display} (module of {dist})", ctx,
                                   **facts)
            return fetched if isinstance(fetched, RegistryAnswer) else self.unclear(key, fetched, ctx)
        try:
            doc = load_json(fetched)
            if not isinstance(doc, dict) or "hits" not in doc:
                raise ValueError("not a search answer")
            total = _total(doc)
        except ValueError as exc:
            return self.unreadable(key, fetched, ctx, exc)
        hits = [h.get("_source", {}) for h in fields.first(doc, "hits.hits") or [] if isinstance(h, dict)]
        if not total:
            if module_doc is not None:
                return replace(self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display} (module of {dist})", ctx,
                                           **facts), asked=fetched.url)
            return replace(self.answer(key, Existence.MISSING,
                                       f"{self.display} has no module or distribution named {dist} (search: 0 hits)", ctx),
                           asked=fetched.url)
        times = [t for t in (fields.parse_time(h.get("date")) for h in hits if isinstance(h, dict)) if t]
        first = times[0] if times else None
        latest = max(times) if times and total <= len(hits) else facts.get("latest_release")
        markers = list(facts.get("markers", ()))
        statuses = [h.get("status") for h in hits if isinstance(h, dict)]
        if statuses and total <= len(hits) and all(s == "backpan" for s in statuses) and "backpan-only" not in markers:
            markers.append("backpan-only")
        facts.update(first_release=first, latest_release=latest, version_count=total, markers=tuple(markers))
        via = f" (module of {dist})" if module_doc is not None and dist != key.name else ""
        return replace(self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display}{via}", ctx, **facts),
                       asked=fetched.url)

    @staticmethod
    def _module_facts(doc: dict | None) -> dict:
        if not doc:
            return {}
        markers = []
        if doc.get("deprecated") is True:
            markers.append("deprecated")
        if doc.get("status") == "backpan":
            markers.append("backpan-only")
        abstract = doc.get("abstract")
        return {"latest_release": fields.parse_time(doc.get("date")), "markers": tuple(markers),
                "description": abstract[:300] if isinstance(abstract, str) else None}


CLIENT = MetaCpan
