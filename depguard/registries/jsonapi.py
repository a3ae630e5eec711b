"""The generic JSON registry: GET ``base + path``, 404/410 missing, facts read by the paths in the TOML.

``[registry.answer]`` keys understood here:

- ``versions``: path to the versions object (a dict or list; its length is the version count)
- ``version_count``: path to a number, when the registry gives one directly
- ``release_times``: path fanning out to every release time (first and latest release are min and max)
- ``first_release`` / ``latest_release``: paths to single times (used when present)
- ``downloads``: path to a download count; ``downloads_period``: what it covers, in words ("all time"),
  given as where the count came from (the answer's ``usage``)
- ``description``: path to a one-line description
- ``deprecation``: path fanning out to each version's deprecation message (npm's ``versions.*.deprecated``):
  when every version carries one, the last is added to the description ("(deprecated: renamed to X)"), so
  the checks read a message that sends the reader to the real package
- ``publishers``: path fanning out to the account that published each version (npm's ``versions.*._npmUser.name``,
  which the registry records from the publishing account: a package's own files cannot set it); none at all when
  any version lacks one, since a partial list would speak for versions it does not cover
- ``maintainers``: path fanning out to the accounts that may publish the package now (npm's ``maintainers.*.name``)
- ``exists_when``: path that must be present in a 200 for the package to count as existing (for search
  APIs that answer 200 with zero hits); absent means the registry said it has no such package.

``[[registry.markers]]`` rules add markers (deprecated, yanked, security-placeholder ...) and may turn a 200
into missing (npm's unpublished tombstones). ``[registry.identity]`` (see :mod:`.identity`) says what makes a
200 a document about the asked package; any other 200 is unknown with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import lazyre
from ..http import Fetched
from ..model import Existence, PackageKey, RegistryAnswer
from . import Context, HttpRegistry, apply_markers, fields, load_json


class JsonRegistry(HttpRegistry):
    def found(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        doc = load_json(fetched)
        wanted = (dict, list) if self.config.options.get("document") == "list" else dict
        if not isinstance(doc, wanted):
            raise ValueError("answer is not a JSON object")
        why = self.name_problem(key, doc, fetched)
        if why:
            return self.not_described(key, why, ctx, fetched)
        answer = self.read_document(key, doc, ctx)
        if answer.existence is Existence.EXISTS:  # after the markers: a tombstone is missing, not degenerate
            why = self.identity.versions_problem(doc)
            if why:
                return self.not_described(key, why, ctx, fetched)
        return answer

    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        spec = self.config.answer
        exists_when = spec.get("exists_when")
        if exists_when and not any(v not in (None, 0, "", [], {}) for v in fields.values(doc, exists_when)):
            return self.answer(key, Existence.MISSING, f"{self.display} answered 200 with no such package", ctx)
        markers, override = apply_markers(doc, self.config.markers)
        times = fields.times(doc, spec["release_times"]) if "release_times" in spec else []
        first = fields.parse_time(fields.first(doc, spec["first_release"])) if "first_release" in spec else None
        latest = fields.parse_time(fields.first(doc, spec["latest_release"])) if "latest_release" in spec else None
        first = first or (min(times) if times else None)
        latest = latest or (max(times) if times else None)
        count = None
        if "version_count" in spec:
            count = fields.as_int(fields.first(doc, spec["version_count"]))
        if count is None and "versions" in spec:
            count = fields.count(doc, spec["versions"])
        downloads = fields.as_int(fields.first(doc, spec["downloads"])) if "downloads" in spec else None
        description = fields.first(doc, spec["description"]) if "description" in spec else None
        if not isinstance(description, str):
            description = None
        notes = fields.each(doc, spec["deprecation"]) if "deprecation" in spec else []
        if notes and all(isinstance(n, str) and n.strip() for n in notes):  # every version deprecated
            said = " ".join(notes[-1].split())[:200]
            description = f"{description} (deprecated: {said})" if description else f"deprecated: {said}"
        if override == "missing":
            when = f" ({', '.join(markers)})" if markers else ""
            return self.answer(
                key, Existence.MISSING, f"{self.display} answered 200 but the package is gone{when}", ctx,
                first_release=first, latest_release=latest, markers=markers, description=description,
            )
        publishers = accounts(fields.each(doc, spec["publishers"]), every=True) if "publishers" in spec else ()
        maintainers = accounts(fields.values(doc, spec["maintainers"])) if "maintainers" in spec else ()
        usage = None
        if downloads is not None:
            usage = f"{self.display}, {spec['downloads_period']}" if "downloads_period" in spec else self.display
        return self.answer(
            key, Existence.EXISTS, f"HTTP 200 from {self.display}", ctx,
            first_release=first, latest_release=latest, version_count=count, downloads=downloads,
            markers=markers, description=description[:300] if description else None, usage=usage,
            publishers=publishers, maintainers=maintainers,
        )


ACCOUNT = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,213}")  # npm user names: letters, digits, '.', '_', '-'
MAX_ACCOUNTS = 64


def accounts(names: Iterable[object], every: bool = False) -> tuple[str, ...]:
    """The distinct account names among ``names`` (registry data: anything not a plain account name is left
    out), at most MAX_ACCOUNTS; with ``every``, none at all when one of them is missing or not a name, or when
    there are more (a partial list of who published is no list)."""
    out: dict[str, None] = {}
    for name in names:
        if isinstance(name, str) and ACCOUNT.fullmatch(name):
            out.setdefault(name.lower(), None)
        elif every:
            return ()
        if len(out) > MAX_ACCOUNTS:
            return () if every else tuple(list(out)[:MAX_ACCOUNTS])
    return tuple(out)


CLIENT = JsonRegistry
