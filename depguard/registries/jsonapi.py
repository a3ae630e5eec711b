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
from ..ecosystems import NameRule
from ..http import Fetched
from ..model import Existence, PackageKey, RegistryAnswer
from ..records import replace
from . import Context, HttpRegistry, apply_markers, fields, load_json

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any


class JsonRegistry(HttpRegistry):
    # set by depguard.declarers for a package asked as the declaring package of a look-alike: the answer then also
    # carries its latest release's version and dependency names ([registry.release] of the ecosystem.toml)
    reads_release = False

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
            if self.reads_release:
                table = self.ecosystem.data.get("registry", {}).get("release")
                if isinstance(table, dict):
                    release, declares = read_release(doc, table, self.ecosystem.name_rule)
                    answer = replace(answer, release=release, declares=declares,
                                     commands=read_commands(doc, table, key.name))
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
            publishers=publishers, maintainers=maintainers, release_years=release_years(times),
        )


# releases less than this many days after the last one counted belong to it (a burst of uploads, a woken name's few)
RELEASE_GROUP_DAYS = 90


def release_years(times: Iterable[datetime]) -> int | None:
    """The number of calendar years a package's releases were published in, a release less than
    :data:`RELEASE_GROUP_DAYS` after the last one counted counting with it (DG002's long history,
    :func:`depguard.checks.typosquat.long_history`): a burst of uploads, or a dormant name's releases when it wakes,
    is one event dated by its first upload, however a New Year falls in it (reviewer r33: releases on 31 December
    and 1 January counted two years, so a name woken after years showed three). None without dated releases."""
    years: set[int] = set()
    last: datetime | None = None
    for t in sorted(times):
        if last is None or (t - last).days >= RELEASE_GROUP_DAYS:
            years.add(t.year)
            last = t
    return len(years) or None


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


VERSION = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9.+!_-]{0,63}")
MAX_DECLARED = 4096  # dependency names read off one release at most (the answer is cached with them)
REQUIREMENT_NAME = lazyre.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(@)?")


def read_release(doc: Any, table: dict[str, Any], rule: NameRule) -> tuple[str | None, tuple[str, ...]]:
    """(the latest release's version, the normalised names its dependency lists name) from a registry document,
    by the ecosystem's ``[registry.release]`` table (``version``, ``document``, ``lists``, ``entries``); (None, ())
    when the document does not say. Registry data: a name that is not valid for the ecosystem is left out, and
    so is a requirement that installs from a URL (``x @ https://…``: not the registry's ``x``)."""
    version, release = _release(doc, table)
    if version is None or release is None:
        return None, ()
    names: dict[str, None] = {}
    for listed in table.get("lists", ()):
        entries = release.get(listed) if isinstance(listed, str) else None
        for name in _entry_names(entries, str(table.get("entries", "keys")), str(table.get("alias", ""))):
            if rule.invalid_reason(name) is None:
                names.setdefault(rule.normalise(name), None)
            if len(names) >= MAX_DECLARED:
                return version, tuple(names)
    return version, tuple(names)


def _release(doc: Any, table: dict[str, Any]) -> tuple[str | None, dict[str, Any] | None]:
    """(the latest release's version, its document) by ``[registry.release]``'s ``version`` and ``document``."""
    version = fields.first(doc, str(table.get("version", "")))
    if not isinstance(version, str) or not VERSION.fullmatch(version):  # shown to the user: plain text only
        return None, None
    where = str(table.get("document", ""))
    if "{version}" in where:
        holder, _, rest = where.partition(".{version}")
        versions = fields.first(doc, holder)
        release = versions.get(version) if isinstance(versions, dict) and not rest else None
    else:
        release = fields.first(doc, where) if where else doc
    return (version, release) if isinstance(release, dict) else (None, None)


COMMAND = lazyre.compile(r"[A-Za-z0-9_][A-Za-z0-9._+-]{0,127}")  # a command a release installs: plain text only


def read_commands(doc: Any, table: dict[str, Any], name: str) -> tuple[str, ...]:
    """The commands the latest release installs, from the key ``commands`` of ``[registry.release]`` names in its
    document (npm's ``bin``: an object keyed by command, or a string, one command named as the package ``name``
    without its scope); () when the document does not say. Registry data: a name that is no plain command is left
    out."""
    where = table.get("commands")
    _, release = _release(doc, table) if isinstance(where, str) else (None, None)
    if release is None:
        return ()
    got = release.get(str(where))
    names = [name.rpartition("/")[2]] if isinstance(got, str) and got else list(got) if isinstance(got, dict) else []
    return tuple(dict.fromkeys(c for c in names if isinstance(c, str) and COMMAND.fullmatch(c)))[:MAX_DECLARED]


def _entry_names(entries: Any, kind: str, alias: str) -> Iterable[str]:
    """The package names of one dependency list: an object keyed by name (``keys``; a value starting with the
    ``alias`` prefix, npm's ``npm:name@range``, installs ``name`` in the key's place) or a list of PEP 508
    requirements (``requirements``)."""
    if kind == "keys" and isinstance(entries, dict):
        for name, value in entries.items():
            if alias and isinstance(value, str) and value.startswith(alias):
                target = value[len(alias):]
                at = target.rfind("@")
                name = target[:at] if at > 0 else target
            if isinstance(name, str) and name:
                yield name
    elif kind == "requirements" and isinstance(entries, list):
        for req in entries:
            m = REQUIREMENT_NAME.match(req) if isinstance(req, str) else None
            if m and not m.group(3):
                yield m.group(1)


CLIENT = JsonRegistry
