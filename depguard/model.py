"""The core types that flow between depguard's stages.

sources -> parsers -> Mention -> dedupe by PackageKey -> RegistryAnswer -> checks -> Finding -> Report

Everything here is a frozen record (:mod:`depguard.records`: a dataclass, made cheaply) with no I/O.
Locations are 1-based (line and column), so SARIF regions and GitHub annotations need no arithmetic; parsers
that work in 0-based rows convert once.
"""

from __future__ import annotations

import enum

from .cstdlib import datetime
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


class _Named(str, enum.Enum):
    """An enum pickled as ``getattr(Class, member_name)``: a parse worker sends tens of thousands of mentions
    back, and the default (``Class(value)``, through Enum's Python-level lookup) made unpickling them a
    third slower in the process that also drives the registry lookups (Python 3.12's
    ``enum.pickle_by_enum_name``, spelled out for 3.10 and 3.11)."""

    def __reduce_ex__(self, protocol: object) -> tuple[Any, ...]:
        return getattr, (type(self), self.name)


class Origin(_Named):
    """What kind of source a mention came from."""

    COMMAND = "command"  # an install or run command (pip install x, npx y)
    IMPORT = "import"  # a source-code import
    MANIFEST = "manifest"  # a declared dependency (requirements.txt, package.json)
    LOCKFILE = "lockfile"  # a resolved dependency (poetry.lock, yarn.lock)
    TEXT = "text"  # free text that is not one of the above
    ARGUMENT = "argument"  # named on the command line (depguard check NAME)


class Existence(_Named):
    EXISTS = "exists"
    MISSING = "missing"
    UNKNOWN = "unknown"


class Verdict(_Named):
    OK = "ok"
    MISSING = "missing"
    SUSPICIOUS = "suspicious"
    INVALID = "invalid"
    NOT_CHECKED = "not-checked"
    ALLOWED = "allowed"

    @property
    def flagged(self) -> bool:
        return self in (Verdict.MISSING, Verdict.SUSPICIOUS, Verdict.INVALID)


@record(frozen=True, order=True)
class Location:
    path: str | None
    line: int | None = None
    column: int | None = None
    end_line: int | None = None
    end_column: int | None = None

    def __str__(self) -> str:
        if self.path is None:
            return "<argument>"
        if self.line is None:
            return self.path
        if self.column is None:
            return f"{self.path}:{self.line}"
        return f"{self.path}:{self.line}:{self.column}"


@record(frozen=True, order=True)
class PackageKey:
    """An ecosystem id and a name normalised the ecosystem's way."""

    ecosystem: str
    name: str

    def __str__(self) -> str:
        return f"{self.ecosystem}:{self.name}"


@record(frozen=True)
class Example:
    """Why a mention in documentation only shows an example (:mod:`depguard.examples`): it is judged, and a
    flag of it is reported as a note (``allowed``) instead: any flag when ``any_verdict``, else only a name
    that is missing or invalid (one somebody registered is judged as usual)."""

    reason: str
    any_verdict: bool = False
    setting: str | None = "docs-examples"  # the setting that judges such mentions strictly, when one does
    # the name comes from another registry that the tree maps it to (a tracked .npmrc's @scope:registry=): any
    # verdict but invalid is reported not checked (DG100) with ``reason``, never a pass nor a note
    unchecked: bool = False
    # with ``unchecked``: the registry the name was looked up in is the likely one, so its ``ok`` passes (a name it
    # lacks or doubts is still not checked): a pre-commit hook's bare entry, judged on PyPI, the hooks' usual registry
    ok_passes: bool = False
    # with ``unchecked``: the other source only adds to the public registry, which the tool asks too and takes what it
    # has from, so a flag of a name the registry has (a look-alike, DG002/DG003) is judged as usual; only a name it
    # lacks is not checked (a Maven build's own <repositories>, a nuget.config's feeds: reviewer r34)
    doubts_judged: bool = False
    # only a look-alike flag (DG002 alone) of it is a note; missing, invalid and every other rule are judged as usual:
    # the project's own distribution installed by its documents (a project cannot imitate a name by being it)
    lookalike_only: bool = False


@record(frozen=True)
class Mention:
    key: PackageKey
    written: str  # the name exactly as it appeared in the source
    location: Location
    origin: Origin
    parser: str
    module: str | None = None  # import name when it differs from the distribution (yaml -> pyyaml)
    spec: str | None = None  # version spec or requirement text, when there is one
    note: str | None = None  # parser context worth showing (e.g. "alias of lodash")
    example: Example | None = None  # documentation showing an example (depguard.examples): a flag is a note


@record(frozen=True)
class RegistryAnswer:
    key: PackageKey
    existence: Existence
    source: str  # which registry or store answered: "PyPI", "npm registry", "cache", "offline index"
    reason: str = ""  # the evidence in words: "HTTP 404 from PyPI", "timed out after 10s"
    asked: str | None = None  # what was asked (a URL, with credentials removed)
    at: datetime | None = None  # when the answer was obtained
    first_release: datetime | None = None
    latest_release: datetime | None = None
    version_count: int | None = None
    downloads: int | None = None
    markers: tuple[str, ...] = ()  # yanked, deprecated, security-placeholder, unpublished, quarantined, ...
    description: str | None = None
    cached: bool = False
    usage: str | None = None  # where ``downloads`` came from ("api.npmjs.org, the last 30 days"), or why there is none
    # the popular name DG002 judges this one a look-alike of, and that name's first release, when the lookup
    # asked for it (an established look-alike only: one that predates its target cannot imitate it)
    lookalike_of: str | None = None
    lookalike_of_since: datetime | None = None
    lookalike_of_description: str | None = None  # that name's registry description ("" when it has none)
    # the accounts that published the package's versions, as the registry recorded them from the publishing
    # account (npm's per-version ``_npmUser``; empty when a version lacks one or the registry gives none), and the
    # accounts that may publish it now (npm's ``maintainers``); for DG002's look-alike, that name's maintainers
    publishers: tuple[str, ...] = ()
    maintainers: tuple[str, ...] = ()
    lookalike_of_maintainers: tuple[str, ...] = ()
    # the look-alike's other popular targets (at most DESCRIBED_TARGETS - 1) with their registry descriptions, when
    # the lookup asked for them: a name resembling several is excused by its own description only when it copies
    # none of theirs
    lookalike_others: tuple[tuple[str, str], ...] = ()
    # the targets asked (``lookalike_of`` and ``lookalike_others``') whose first release came after this package's: it
    # cannot imitate a name published after it (PySide, 2011, beside PySide2, 2018, and PySide6)
    lookalike_predated: tuple[str, ...] = ()
    # read only when the package is asked as the declaring package of a look-alike (depguard/declarers.py): the
    # version of its latest release, and the names that release's dependency lists name (npm: dependencies,
    # devDependencies, optionalDependencies, peerDependencies; PyPI: requires_dist, extras included)
    release: str | None = None
    declares: tuple[str, ...] = ()
    # read with the release: the commands that release installs (npm: its ``bin``), which a runner given one of
    # them in a script of a manifest declaring the package runs (depguard/runner_bins.py)
    commands: tuple[str, ...] = ()
    # the number of calendar years the package's releases were published in, where the registry dates every release
    # (PyPI's upload times), a release within 90 days of the last one counted counting with it (a burst is one event:
    # registries.jsonapi.release_years): a long history spread over years, which DG002 reads where the registry
    # counts nothing
    release_years: int | None = None


@record(frozen=True)
class Finding:
    mention: Mention
    verdict: Verdict
    rule: str  # DG000 ok, DG001 missing, DG002 typosquat, DG003 unestablished, DG004 invalid, ...
    reasons: tuple[str, ...] = ()
    suggestion: str | None = None
    answer: RegistryAnswer | None = None


@record(frozen=True)
class Problem:
    """A failure recorded as a value: the run goes on."""

    message: str
    location: Location | None = None
    kind: str = "parse"  # parse, read, config, registry, limit, config-change (fails the check: see exit_code)

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


RULES: dict[str, str] = {
    "DG000": "package exists and looks established",
    "DG001": "package does not exist on its registry",
    "DG002": "name imitates a popular package (typosquat)",
    "DG003": "package exists but is not established",
    "DG004": "name is not valid for its registry",
    "DG005": "name is on the deny list",
    "DG006": "private-looking name also exists on the public registry (dependency confusion)",
    "DG100": "package could not be checked",
    "DG200": "allowed by configuration or inline suppression",
}


@record(frozen=True)
class Report:
    findings: tuple[Finding, ...] = ()
    problems: tuple[Problem, ...] = ()
    mentions_only: bool = False  # an inventory: nothing was asked
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def count(self, verdict: Verdict) -> int:
        return sum(1 for f in self.findings if f.verdict is verdict)

    def summary(self) -> dict[str, int]:
        """Counts in one unit, packages: ``missing`` is how many packages have a missing mention (a name
        missing in four places is 1), ``packages`` how many were named, ``mentions`` how many places."""
        # keys as (ecosystem, name) and verdicts by value: plain strings hash in C, a dataclass or enum in Python
        keys: dict[str, set[tuple[str, str]]] = {}
        for f in self.findings:
            key = f.mention.key
            pair = (key.ecosystem, key.name)
            found = keys.get(f.verdict._value_)
            if found is None:
                found = keys[f.verdict._value_] = set()
            found.add(pair)
        return summary_of(keys, len(self.findings), len(self.problems))

    def exit_code(self, fail_on: Verdict = Verdict.SUSPICIOUS) -> int:
        """0 clean, 1 flagged at or above fail_on (or the change under review changes depguard's own
        configuration: problem kind ``config-change``), 3 nothing flagged but something not checked."""
        flagging = {Verdict.MISSING, Verdict.INVALID}
        if fail_on is Verdict.SUSPICIOUS:
            flagging.add(Verdict.SUSPICIOUS)
        if any(f.verdict in flagging for f in self.findings) or any(p.kind == "config-change" for p in self.problems):
            return 1
        if any(f.verdict is Verdict.NOT_CHECKED for f in self.findings) or any(
            p.kind in ("read", "parse", "limit", "registry") for p in self.problems
        ):
            return 3
        return 0


def summary_of(packages: dict[str, set[tuple[str, str]]], mentions: int, problems: int) -> dict[str, int]:
    """:meth:`Report.summary` from the (ecosystem, name) pairs judged each verdict (by the verdict's value)."""
    out = {v.value: len(packages.get(v.value, ())) for v in Verdict}
    out["mentions"] = mentions
    out["packages"] = len(set().union(*packages.values()))
    out["problems"] = problems
    return out
