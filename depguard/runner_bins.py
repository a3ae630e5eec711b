"""A runner given a command that a dependency of its script's manifest installs (DG001, issue 12).

A manifest's scripts run with the manifest's dependencies installed and their commands on ``PATH`` (npm run puts
``node_modules/.bin`` there; the ``[scripts]`` table of an ``ecosystem.toml`` names the manifest, its scripts
object and its dependency objects), and a runner that runs an installed command before it fetches a package of
that name (npx: ``runs_installed_bins`` in ``[commands]``) runs the dependency's command. Open MCT's CouchDB
plug-in declares ``@cloudant/couchbackup`` and its scripts run ``npx couchbackup`` and ``npx couchrestore``: both
are commands of that package (its ``bin``), neither is a package of the registry. Without a lockfile recording
the ``bin`` of what it installs (:mod:`depguard.ecosystems.npm.locked_bins`), which commands a dependency installs
is written only in the registry: so when a runner in a manifest's script is given a name the registry does not
have (DG001), the registry is asked once about each package that manifest declares, and the commands of its
latest release (``[registry.release] commands``, npm's ``bin``) are read. If one of them is the name, the finding
becomes a note (``allowed``, DG200) saying which dependency installs it.

Not excused: a name no declared dependency's latest release installs (an invented command is still flagged), a
runner that always fetches (``fetching_runners``: ``pnpm dlx``), an install of the name, a document or a workflow
running it (a reader may run it where nothing is installed), a dependency the registry does not have, and every
finding when the registry could not be asked (a lookup that fails changes nothing). Registry data: the commands
are read as plain names only (:func:`depguard.registries.jsonapi.read_commands`); the manifest's dependency names
are checked against the ecosystem's name rule before they reach a registry client.
"""

from __future__ import annotations

import json
from pathlib import Path

from .config import Settings
from .declarers import noted
from .model import Existence, Finding, Origin, PackageKey, Report, Verdict
from .records import replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    import httpx

    from .compactscan import CompactScan
    from .discover import FileEntry

RUNS = "runs the package"  # how a runner's mention is noted (depguard.commands.mentions_of_targets)
MAX_DEPENDENCIES = 256  # declared packages asked about for one manifest at most


def _script_parsers() -> dict[str, tuple[str, tuple[str, ...]]]:
    """The parser name of each declared manifest's scripts (``package.json:scripts``) -> (ecosystem, the
    manifest's objects of dependencies), from the ``[scripts]`` tables."""
    from .ecosystems import catalog

    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for eco in catalog():
        table = eco.data.get("scripts")
        if isinstance(table, dict) and isinstance(table.get("manifest"), str):
            deps = tuple(str(d) for d in table.get("dependencies", ()) if isinstance(d, str))
            out[f"{table['manifest']}:{table.get('table', 'scripts')}"] = (eco.id, deps)
    return out


def _runs_installed(eco_id: str, note: str | None) -> bool:
    """Whether a mention noted ``note`` is a runner's that runs an installed command before it fetches."""
    from .commands.declared import ecosystem

    facts = ecosystem(eco_id)
    return bool(note and note.startswith(RUNS) and facts is not None and facts.runs_installed_bins and not (
        facts.fetching_runners is not None and facts.fetching_runners.search(note)))


def candidates(findings: Sequence[Finding]) -> list[int]:
    """Index of each missing name (DG001) a runner is given in a declared manifest's script."""
    parsers = _script_parsers()
    out = []
    for i, f in enumerate(findings):
        m = f.mention
        if (f.verdict is Verdict.MISSING and m.origin is Origin.COMMAND and m.parser in parsers
                and parsers[m.parser][0] == m.key.ecosystem and m.location.path is not None
                and _runs_installed(m.key.ecosystem, m.note)):
            out.append(i)
    return out


def declared(path: Path, tables: Sequence[str], limit: int) -> list[str]:
    """The package names the manifest at ``path`` declares in its objects ``tables``, as written."""
    from .fsview import text_of

    text = text_of(path, limit)
    try:
        data = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return []
    if not isinstance(data, dict):
        return []
    names: dict[str, None] = {}
    for table in tables:
        got = data.get(table)
        if isinstance(got, dict):
            names.update((n, None) for n in got if isinstance(n, str) and n)
    return list(names)[:MAX_DEPENDENCIES]


def weigh(report: Report, entries: Sequence[FileEntry], settings: Settings,
          transport: httpx.AsyncBaseTransport | None = None) -> tuple[Report, bool]:
    """``report`` with each missing name a runner is given in a manifest's script that the latest release of a
    package that manifest declares installs as a command made a note (see the module's docstring); the same
    report when nothing is; and whether the registry was asked (as :func:`depguard.declarers.weigh`)."""
    from .declarers import ask
    from .ecosystems import catalog

    findings = list(report.findings)
    wanted = candidates(findings)
    if not wanted:
        return report, False
    parsers = _script_parsers()
    cat = catalog()
    files: dict[str, Path] = {}
    for e in entries:
        files.setdefault(e.shown, e.path)
        files.setdefault(str(e.path), e.path)
    deps: dict[str, list[tuple[PackageKey, str]]] = {}  # manifest path as shown -> its declared packages
    for i in wanted:
        m = findings[i].mention
        where = str(m.location.path)
        if where in deps:
            continue
        eco_id, tables = parsers[str(m.parser)]
        path = files.get(where)
        eco = cat.get(eco_id)
        names = declared(path, tables, settings.max_file_bytes) if path is not None else []
        deps[where] = [(eco.key(n), n) for n in names if eco.name_rule.invalid_reason(n) is None]
    keys = sorted({k for got in deps.values() for k, _ in got}, key=lambda k: (k.ecosystem, k.name))
    answers = ask(keys, settings, transport) if keys else {}
    changed = False
    for i in wanted:
        f = findings[i]
        where = str(f.mention.location.path)
        for key, written in deps.get(where, ()):
            answer = answers.get(key)
            if (answer is not None and answer.existence is Existence.EXISTS and key != f.mention.key
                    and f.mention.written in answer.commands):
                findings[i] = noted(f, (
                    f"{written} {answer.release} on {answer.source} installs the command {f.mention.written}, and "
                    f"{Path(where).name} declares {written}: its scripts run with its dependencies' commands "
                    f"installed, which the runner runs before it fetches a package; would be missing (DG001), a note, "
                    f"not a failure"))
                changed = True
                break
    return (replace(report, findings=tuple(findings)) if changed else report), bool(keys)


def compact_candidate(compact: CompactScan) -> bool:
    """Whether a compact scan (:mod:`depguard.compactscan`) holds a name a runner is given in a manifest's script
    that the registry answered missing: then the scan takes the full path, which weighs it (:func:`weigh`)."""
    parsers = _script_parsers()
    answers = compact.answers or {}
    for fields in compact.heads.values():
        key = fields["key"]
        if (fields["origin"] is Origin.COMMAND and fields.get("parser") in parsers
                and _runs_installed(key.ecosystem, fields.get("note"))):
            answer = answers.get(key)
            if answer is not None and answer.existence is Existence.MISSING:
                return True
    return False
