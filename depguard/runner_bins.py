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

A manifest's script has the commands of the manifests above it as well: npm run puts the ``node_modules/.bin`` of
every folder from the manifest's up to the root on ``PATH`` (pnpm and yarn 1 the workspace root's), and npx looks for
the command in the ``node_modules/.bin`` of each folder above it before it fetches. Roo-Code's end-to-end test package
(apps/vscode-e2e/package.json) runs ``npx dotenvx run -f .env.local -- …`` in a script, and the monorepo's root
package.json declares ``@dotenvx/dotenvx``, whose ``bin`` is ``dotenvx``: so the registry is also asked about the
packages the manifests above it in the scanned tree declare (the script's own first).

The same holds for a runner in a script (a CI workflow, a shell script, a Dockerfile: a format of kind ``script``)
after an earlier command of that script installed the project of the folder the runner runs in (``npm ci``, ``npm
update``, ``yarn``: :attr:`depguard.commands.Target.project`, shown at the end of the mention's note):
serverless-python-requirements' PR workflow runs ``npm update --no-save`` at the root and later ``npx
dump-release-notes-from-cc-changelog``, a command of the declared devDependency github-release-from-cc-changelog.
That project's manifest is read from the script's folder, then from the scan root (where a CI step starts).

And for a runner in a shell script that a manifest's script runs by its path: npm run starts it with the same
``PATH``. grpc-web's package.json runs ``./scripts/generate_test_files.sh`` in its ``test-jsunit`` script, and that
script runs ``npx closure-make-deps``, a command of the declared google-closure-deps: so the registry is asked about
the packages of the manifest whose script runs the file (and of those above it), as for that manifest's own script.

And for a runner in a document after the page installed packages of its ecosystem (an install command above it):
the page's reader has their commands installed. Upstash's Docusaurus page says ``npm install
@upstash/docusaurus-theme-upstash-search``, then ``npx index-docs-upstash``, that package's bin; awesome-cursorrules'
Semiotic rule ``npm install semiotic``, then ``npx semiotic-ai``. The registry is asked about the packages the page
installed above the runner, as about a manifest's.

Not excused: a name no declared dependency's latest release installs (an invented command is still flagged), a
runner that always fetches (``fetching_runners``: ``pnpm dlx``) or is given a version (``npx x@latest``), an
install of the name, a document running it with no install of that package above it (a reader may run it where
nothing is installed), a script's runner
with no install of the project of its folder before it, a dependency the registry does not have, and every
finding when the registry could not be asked (a lookup that fails changes nothing). Registry data: the commands
are read as plain names only (:func:`depguard.registries.jsonapi.read_commands`); the manifest's dependency names
are checked against the ecosystem's name rule before they reach a registry client.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from . import lazyre
from .config import Settings
from .declarers import judged_first_mentions, noted
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


def _manifests() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each ecosystem's manifest whose scripts run with its dependencies' commands installed (``package.json``) and
    its objects of dependencies, from the ``[scripts]`` tables: ecosystem id -> (file name, objects)."""
    return {eco: (manifest.partition(":")[0], deps) for manifest, (eco, deps) in _script_parsers().items()}


def _runs_installed(eco_id: str, note: str | None) -> bool:
    """Whether a mention noted ``note`` is a runner's that runs an installed command before it fetches."""
    from .commands import PROJECT_INSTALLED
    from .commands.declared import ecosystem

    facts = ecosystem(eco_id)
    runner = (note or "").partition(PROJECT_INSTALLED)[0]
    return bool(runner.startswith(RUNS) and facts is not None and facts.runs_installed_bins and not (
        facts.fetching_runners is not None and facts.fetching_runners.search(runner)))


def installed_project(parser: str | None, note: str | None) -> str | None:
    """The folder (relative to where the script starts) whose project a script installed before the runner noted
    ``note`` runs in it (:data:`depguard.commands.PROJECT_INSTALLED`), when ``parser`` reads scripts (a CI
    workflow, a shell script, a Dockerfile: formats of kind ``script``, whose earlier lines ran); None for a
    document's command (a reader may run it where nothing is installed) and for any other runner."""
    from .commands import PROJECT_INSTALLED

    before, found, folder = (note or "").partition(PROJECT_INSTALLED)
    if not found or not folder or not before.startswith(RUNS) or parser is None:
        return None
    return folder if _script_kind(parser) else None


PAGE = "text:"  # the parsers of documents (depguard.text): a page read by its reader from the top


def _page(parser: str | None) -> bool:
    return bool(parser and parser.startswith(PAGE))


Installs = dict[tuple[str, str], list[tuple[tuple[int, int], PackageKey, str]]]


def page_install_index(findings: Sequence[Finding]) -> Installs:
    """(page, ecosystem) -> the packages its install commands name, each once at its first place on the page (line,
    column), in the order of those places: what :func:`page_installs` looks up for each runner of the page."""
    first: dict[tuple[str, str], dict[PackageKey, tuple[tuple[int, int], str]]] = {}
    for f in findings:
        o = f.mention
        if o.origin is Origin.COMMAND and _page(o.parser) and not (o.note or "").startswith(RUNS):
            at = (o.location.line or 0, o.location.column or 0)
            keys = first.setdefault((str(o.location.path), o.key.ecosystem), {})
            if o.key not in keys or at < keys[o.key][0]:
                keys[o.key] = (at, o.written)
    return {page: sorted((at, key, written) for key, (at, written) in keys.items()) for page, keys in first.items()}


def page_installs(findings: Sequence[Finding], i: int, index: Installs | None = None) -> list[tuple[PackageKey, str]]:
    """The packages of the runner's ecosystem that the page holding the runner of ``findings[i]`` installs before it
    (an install command above its line, or before it on that line), as keys and as written, the first
    :data:`MAX_DEPENDENCIES` in the page's order; none for a runner that is not a document's. ``index``: the
    findings' :func:`page_install_index`, made once for all of a report's runners (reviewer r31: looking through every
    finding for each runner took a page of n installs and n runners n*n steps, 4,000 of each 92 s)."""
    m = findings[i].mention
    if not _page(m.parser):
        return []
    if index is None:
        index = page_install_index(findings)
    at = (m.location.line or 0, m.location.column or 0)
    out: list[tuple[PackageKey, str]] = []
    for place, key, written in index.get((str(m.location.path), m.key.ecosystem), ()):
        if place >= at or len(out) >= MAX_DEPENDENCIES:
            break
        if key != m.key:
            out.append((key, written))
    return out


def _weighed(f: Finding) -> bool:
    """Whether ``f`` is a runner's finding that the commands of what is installed can explain: a name the registry
    lacks (DG001), or one it has and doubts (suspicious: a look-alike, DG002, or unestablished, DG003). The runner runs
    the installed command before it looks at the registry, so the registry's package of that name is not what runs:
    held-out spot set 297's Storybook skill installs @storybook/test-runner, then runs `npx test-storybook`, its bin,
    and npm also has a little-used `test-storybook` that DG002 compares with @storybook/test."""
    return f.verdict is Verdict.MISSING or f.verdict is Verdict.SUSPICIOUS


def candidates(findings: Sequence[Finding], run_by: dict[str, tuple[str, str]] | None = None) -> list[int]:
    """Index of each missing name (DG001) a runner is given in a declared manifest's script, or in a script after
    the script installed the project of the folder the runner runs in, or in a script a manifest's script runs
    (``run_by``: the script's path -> (that manifest, its ecosystem), :func:`scripts_run_by_manifests`), or in a
    document after the page installed a package of the runner's ecosystem."""
    parsers = _script_parsers()
    manifests = _manifests()
    index: Installs | None = None
    out = []
    for i, f in enumerate(findings):
        m = f.mention
        if not (_weighed(f) and m.origin is Origin.COMMAND and m.location.path is not None
                and _runs_installed(m.key.ecosystem, m.note)):
            continue
        if (m.parser in parsers and parsers[m.parser][0] == m.key.ecosystem) or (
                m.key.ecosystem in manifests and installed_project(m.parser, m.note) is not None) or (
                run_by and run_by.get(str(m.location.path), ("", ""))[1] == m.key.ecosystem):
            out.append(i)
            continue
        if _page(m.parser):
            index = page_install_index(findings) if index is None else index
            if page_installs(findings, i, index):
                out.append(i)
    return out


# the words of a manifest's script that may name a file it runs: no blanks, quotes, operators or redirections
SCRIPT_WORD = lazyre.compile(r"""[^\s;&|()<>'"`]+""")
MAX_SCRIPT_WORDS = 1000  # words of one manifest's scripts looked at


def _script_kind(parser: str | None) -> bool:
    """Whether ``parser`` reads scripts (a format of kind ``script``: a shell script, a CI workflow, a Dockerfile)."""
    from .parsers import get_format

    try:
        return parser is not None and get_format(parser).kind == "script"
    except (KeyError, RuntimeError):
        return False


def scripts_run_by_manifests(findings: Sequence[Finding], entries: Sequence[FileEntry],
                             limit: int) -> dict[str, tuple[str, str]]:
    """The scanned scripts holding a missing runner's name (a script's, not a manifest's or a page's) that a script of
    a manifest with scripts (``package.json``) runs by their path from the manifest's folder
    (``./scripts/generate_test_files.sh``, ``bash scripts/x.sh``): the script's path as its findings show it ->
    (that manifest's path as the scan's files are keyed, its ecosystem). Read only when there is such a runner."""
    from .fsview import text_of

    parsers = _script_parsers()
    wanted = {str(f.mention.location.path) for f in findings
              if _weighed(f) and f.mention.origin is Origin.COMMAND and f.mention.location.path
              is not None and f.mention.parser not in parsers and _runs_installed(f.mention.key.ecosystem, f.mention.note)
              and _script_kind(f.mention.parser)}
    if not wanted:
        return {}
    shown_of: dict[str, str] = {}  # the script's file on disk -> its path as its findings show it
    for e in entries:
        for key in (e.shown, str(e.path)):
            if key in wanted:
                shown_of[os.path.normpath(str(e.path))] = key
    out: dict[str, tuple[str, str]] = {}
    for manifest, (eco_id, _deps) in parsers.items():
        name, _, table = manifest.partition(":")
        for e in entries:
            if e.path.name != name:
                continue
            text = text_of(e.path, limit)
            try:
                data = json.loads(text) if text and table in text else None
            except (ValueError, RecursionError):
                continue
            scripts = data.get(table) if isinstance(data, dict) else None
            if not isinstance(scripts, dict):
                continue
            words = [w for body in scripts.values() if isinstance(body, str) for w in SCRIPT_WORD.findall(body)]
            for word in words[:MAX_SCRIPT_WORDS]:
                if "/" not in word and "." not in word:
                    continue  # a command's name, not a path
                script = shown_of.get(os.path.normpath(os.path.join(e.path.parent, word)))
                if script is not None:
                    out.setdefault(script, (e.shown, eco_id))
    return out


def _project_manifest(entry: FileEntry, folder: str, manifest: str, files: dict[str, Path]) -> str | None:
    """The manifest (its path as the scan's files are keyed) of the project the script ``entry`` installed in
    ``folder``: the folder read from the script's own folder, then from the scan root (a CI step starts at the
    checkout's root), as the script's relative package lists are read (depguard/parsers/named_lists.py); only a
    file of the scan inside its root."""
    root = os.path.abspath(entry.root)
    for base in (entry.path.parent, entry.root):
        path = os.path.normpath(os.path.join(base, folder, manifest))
        if os.path.abspath(path).startswith(root.rstrip(os.sep) + os.sep) and path in files:
            return path
    return None


def _manifests_above(entry: FileEntry, manifest: str, files: dict[str, Path]) -> list[str]:
    """The manifests named ``manifest`` (their paths as the scan's files are keyed) in the folders above the one of
    the scanned file ``entry``, nearest first, up to its scan root: npm run puts each such folder's
    ``node_modules/.bin`` on a script's ``PATH`` and npx looks there before it fetches."""
    if entry.root not in entry.path.parents:
        return []
    out: list[str] = []
    folder = entry.path.parent
    while folder != entry.root:
        folder = folder.parent
        if str(folder / manifest) in files:
            out.append(str(folder / manifest))
    return out


def _relative(path: str, by_shown: dict[str, FileEntry]) -> str:
    """``path`` (a scanned file's) as shown relative to its scan root."""
    entry = by_shown.get(path)
    return Path(os.path.relpath(entry.path, entry.root)).as_posix() if entry is not None else Path(path).name


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
    run_by = scripts_run_by_manifests(findings, entries, settings.max_file_bytes)
    wanted = candidates(findings, run_by)
    if not wanted:
        return report, False
    parsers = _script_parsers()
    cat = catalog()
    files: dict[str, Path] = {}
    by_shown: dict[str, FileEntry] = {}
    for e in entries:
        files.setdefault(e.shown, e.path)
        files.setdefault(str(e.path), e.path)
        by_shown.setdefault(e.shown, e)
        by_shown.setdefault(str(e.path), e)
    manifests = _manifests()
    # manifest path as shown -> its declared packages (and those of the manifests above it, for a manifest's script),
    # each with the manifest (as shown) that declares it
    deps: dict[str, list[tuple[PackageKey, str, str]]] = {}
    manifest_of: dict[int, str] = {}  # finding index -> the manifest whose dependencies' commands are installed
    index = page_install_index(findings)
    for i in wanted:
        m = findings[i].mention
        where = str(m.location.path)
        installed = page_installs(findings, i, index)
        shown: str | None
        if installed:  # the packages the page installed above the runner: keyed by the runner's place
            shown = f"{PAGE}{where}:{m.location.line}:{m.location.column}"
            manifest_of[i] = shown
            deps[shown] = [(k, w, shown) for k, w in installed
                           if cat.get(k.ecosystem).name_rule.invalid_reason(w) is None]
            continue
        above: list[str] = []
        if m.parser in parsers:
            eco_id, tables = parsers[str(m.parser)]
            shown = where
            entry = by_shown.get(where)
            if entry is not None:
                above = _manifests_above(entry, Path(where).name, files)
        elif installed_project(m.parser, m.note) is None and where in run_by:  # a script a manifest's script runs
            shown, eco_id = run_by[where]
            tables = manifests[eco_id][1]
            entry = by_shown.get(shown)
            if entry is not None:
                above = _manifests_above(entry, Path(shown).name, files)
        else:
            eco_id = m.key.ecosystem
            name, tables = manifests[eco_id]
            entry = by_shown.get(where)
            shown = (_project_manifest(entry, str(installed_project(m.parser, m.note)), name, files)
                     if entry is not None else None)
        if shown is None:
            continue
        manifest_of[i] = shown
        if shown in deps:
            continue
        eco = cat.get(eco_id)
        got: list[tuple[PackageKey, str, str]] = []
        for manifest in (shown, *above):
            path = files.get(manifest)
            names = declared(path, tables, settings.max_file_bytes) if path is not None else []
            got += [(eco.key(n), n, manifest) for n in names if eco.name_rule.invalid_reason(n) is None]
        deps[shown] = got
    keys = sorted({k for got in deps.values() for k, _, _ in got}, key=lambda k: (k.ecosystem, k.name))
    answers = ask(keys, settings, transport) if keys else {}
    changed = False
    for i, shown in manifest_of.items():
        f = findings[i]
        where = str(f.mention.location.path)
        for key, written, declarer in deps.get(shown, ()):
            answer = answers.get(key)
            if (answer is not None and answer.existence is Existence.EXISTS and key != f.mention.key
                    and f.mention.written in answer.commands):
                how = (f"{Path(where).name} installs {written} above it: the page's reader has its commands "
                       "installed" if shown.startswith(PAGE) else
                       f"{_relative(declarer, by_shown)}, above {_relative(where, by_shown)}, declares {written}: "
                       "a manifest's scripts run with the commands of the manifests above it installed"
                       if declarer != shown else
                       f"{_relative(shown, by_shown)}, whose script runs {Path(where).name}, declares {written}: its "
                       "scripts run with its dependencies' commands installed"
                       if run_by.get(where, ("",))[0] == shown and installed_project(f.mention.parser, f.mention.note) is None
                       else
                       f"{Path(where).name} declares {written}: its scripts run with its dependencies' commands "
                       "installed" if shown == where else
                       f"{_relative(shown, by_shown)} declares {written}, which {Path(where).name} installs before "
                       "it runs the runner there: its dependencies' commands are installed")
                findings[i] = noted(f, (
                    f"{written} {answer.release} on {answer.source} installs the command {f.mention.written}, and "
                    f"{how}, which the runner runs before it fetches a package; would be {f.verdict.value} "
                    f"({f.rule}), a note, not a failure"))
                changed = True
                break
    return (replace(report, findings=tuple(findings)) if changed else report), bool(keys)


def compact_candidate(compact: CompactScan) -> bool:
    """Whether a compact scan (:mod:`depguard.compactscan`) holds a name a runner is given in a manifest's script
    that the registry answered missing, or answered and its pair is judged suspicious (:func:`_weighed`; judged now,
    for its first mention, as :func:`depguard.declarers.compact_lookalike` judges a manifest's pairs): then the scan
    takes the full path, which weighs it (:func:`weigh`)."""
    parsers = _script_parsers()
    manifests = _manifests()
    answers = compact.answers or {}
    existing: set[int] = set()  # runners' heads the registry has: judged below, when the scan can judge them
    for h, fields in compact.heads.items():
        key = fields["key"]
        parser = fields.get("parser")
        if (fields["origin"] is Origin.COMMAND and _runs_installed(key.ecosystem, fields.get("note")) and (
                parser in parsers or _page(parser)
                or (key.ecosystem in manifests and installed_project(parser, fields.get("note")) is not None))):
            answer = answers.get(key)
            if answer is not None and answer.existence is Existence.MISSING:
                return True
            if answer is not None and answer.existence is Existence.EXISTS:
                existing.add(h)
    return any(f.verdict is Verdict.SUSPICIOUS for f in judged_first_mentions(compact, existing))
