"""A look-alike that the declaring package's own published release names (DG002, issue 12).

A manifest names the package it is (package.json ``"name"``, pyproject.toml ``[project]``/``[tool.poetry]``
``name``, setup.cfg ``[metadata] name``, a ``setup(name="…")`` literal: the ``[declarer]`` table of each
``ecosystem.toml``). When DG002 flags a name that such a manifest declares, the registry is asked once about
the package the manifest says it is (the declarer). If the declarer is

- on its ecosystem's popular list (the shipped list, or the one ``depguard popular update`` fetched),
- established as DG002 counts it (first release at least ``typosquat-established-days`` ago, at least
  ``typosquat-established-versions`` releases) and carries no registry marker (deprecated, placeholder …),

and the dependency lists of its latest published release (npm: ``dependencies``, ``devDependencies``,
``optionalDependencies``, ``peerDependencies``; PyPI: ``requires_dist``, extras included; ``[registry.release]``)
name the flagged package, the finding becomes a note (``allowed``, DG200) that says so: "vite 8.4.1 on the npm
registry declares fresh-import". That list is a registry fact set by the declarer's maintainers when they
published; the scanned tree (which may be the pull request under review) cannot write it.

What it does not excuse, by construction:

- a pull request that adds a look-alike to a popular project's manifest: the published release does not name
  it yet, so it is flagged as before;
- a tree that claims a popular package's name it is not: it gains exactly what that package's release declares
  (names its maintainers chose), nothing of its own;
- a look-alike that DG003 also flags (young, placeholder, every release deprecated …), one the registry marks,
  or one named anywhere else than a manifest with its own name (a command, an import, a requirements file: the
  tree's imports, lockfile entries and commands of a name excused in a manifest are notes with it, never alone);
- anything in ``scan --diff``, the pre-commit hook, ``check``, ``text`` or an agent hook: they judge a change
  or a name strictly; this runs in a full ``scan`` of a tree (and ``scan_paths``) only.

The trade-off: a look-alike that a popular package has already shipped in a release (a maintainer's typo, or
a squat slipped into a compromised release) is not flagged in that package's own tree. That is a real but
separate problem: the release is what every user of the package installs, and depguard still flags the name in
any tree that declares it (where its own manifest is not that package). ``judge-declared-lookalikes = true``
judges such names strictly everywhere.

A second piece of evidence needs no registry: the look-alike is another dependency's own plug-in. When the name
is a package the same manifest declares, then a separator and the very words its target ends with
(``stylint-loader``, webpack's loader for the Stylus linter ``stylint``, beside ``"stylint": "~1.5.9"`` in cncjs's
package.json; DG002: two edits from ``tslint-loader``), the words that differ from the target are the name of a
package the project uses, not a misspelling of the target's: a typo of ``tslint-loader`` does not come with a
``stylint`` dependency. The finding becomes a note saying so (:func:`plugins_of_declared`). Not excused: a name
whose own words after the declared one differ from the target's (``babel-loaders`` beside ``babel``: a typo of
``babel-loader``), a declared name that is itself flagged, one declared only by another manifest, and the same
paths as above (``scan --diff``, hooks, ``judge-declared-lookalikes = true``).

Untrusted input: the manifest's name is checked against the ecosystem's name rule and only ever reaches a URL
through the registry client's quoting (one path segment); the registry document's names are checked the same
way. A declarer lookup that fails (a registry error, a timeout, no release in the document) changes nothing:
the finding stays as it was, never a pass. Answers are kept in the answer cache like any other (with the
release they describe); an answer cached by an ordinary lookup, which did not read the release, is asked again.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from .config import Settings
from .model import Existence, Finding, Mention, Origin, PackageKey, RegistryAnswer, Report, Verdict
from .records import replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence

    import httpx

    from .checks import CheckContext
    from .compactscan import CompactScan
    from .discover import FileEntry

NOTE_RULE = "DG200"


def compact_lookalike(compact: CompactScan, settings: Settings) -> bool:
    """Whether a compact scan (:mod:`depguard.compactscan`, which judges its pairs only when its text is written)
    holds a look-alike (DG002) that a manifest names: its manifest pairs are judged now, each for its first
    mention (the judging's memo, as the text would judge them); then the scan takes the full path, which weighs
    the declarers (:func:`weigh`)."""
    if compact.judging is None or settings.judge_declared_lookalikes:
        return False
    wanted = {h for h, fields in compact.heads.items() if fields["origin"] is Origin.MANIFEST}
    return any(f.rule == "DG002" and f.verdict is Verdict.SUSPICIOUS for f in judged_first_mentions(compact, wanted))


def judged_first_mentions(compact: CompactScan, wanted: set[int]) -> Iterator[Finding]:
    """The finding of each ``wanted`` head's first mention in a compact scan, judged now by the scan's judging (its
    memo, as the text would judge it), in the order the scan stored them; nothing when the scan cannot judge.
    ``wanted`` is emptied as the heads are met, so the walk ends at the last one."""
    from .parsecache import _decode_loc

    judging = compact.judging
    if judging is None:
        return
    for paths, stored in compact.chunks:
        if not wanted:
            break
        for k in range(0, len(stored), 6):
            h = stored[k]
            if h not in wanted:
                continue
            wanted.discard(h)
            fields = compact.heads[h].copy()
            fields["location"] = _decode_loc((paths[stored[k + 1]], *stored[k + 2:k + 6]))
            yield judging.pair(Mention(**fields), compact.answers)


def _readers() -> dict[tuple[str, str], Callable[[str], str | None]]:
    """(ecosystem, manifest file name) -> the function reading the package the manifest says it is."""
    from .ecosystems import catalog, declared_function
    from .errors import ConfigError

    out = {}
    for eco in catalog():
        table = eco.data.get("declarer")
        if not isinstance(table, dict):
            continue
        for file_name, ref in table.items():
            where = f"{eco.folder / 'ecosystem.toml'}: declarer.{file_name}"
            if not isinstance(file_name, str) or not isinstance(ref, str):
                raise ConfigError(f"{where}: expected a file name and 'module:function'")
            out[(eco.id, file_name)] = declared_function(eco, ref, where)
    return out


def _only_lookalike(f: Finding, ctx: CheckContext) -> bool:
    """Whether DG002 is the only rule that flags ``f``'s package (no other rule's signal, no registry marker)."""
    from .checks import rule_modules
    from .checks.unestablished import MARKER_REASONS

    answer = f.answer
    if answer is None or answer.existence is not Existence.EXISTS or MARKER_REASONS.keys() & set(answer.markers):
        return False
    for mod in rule_modules():
        check = getattr(mod, "check", None)
        if check is not None and getattr(mod, "RULE", None) != "DG002" and check(f.mention, answer, ctx):
            return False
    return True


def _declarer_names(shown: Iterable[tuple[str, str]], entries: Sequence[FileEntry],
                    readers: dict[tuple[str, str], Callable[[str], str | None]],
                    settings: Settings) -> dict[tuple[str, str], tuple[PackageKey, str]]:
    """(ecosystem, manifest path as shown) -> the key of the package that manifest says it is, and its name as
    written ("SQLAlchemy"), for the manifests that name one valid for their ecosystem (the same path under two
    scan roots: only when both name the same package)."""
    from .ecosystems import catalog

    cat = catalog()
    files: dict[str, list[Path]] = {}
    for e in entries:
        files.setdefault(e.shown, []).append(e.path)
    out: dict[tuple[str, str], tuple[PackageKey, str]] = {}
    for eco_id, path in shown:
        read = readers.get((eco_id, Path(path).name))
        if read is None or path not in files:
            continue
        names = {_read_name(p, read, settings.max_file_bytes) for p in files[path]}
        if len(names) != 1:
            continue
        (name,) = names
        eco = cat.get(eco_id)
        if name is None or eco.name_rule.invalid_reason(name) is not None:
            continue
        out[(eco_id, path)] = (eco.key(name), name)
    return out


def _read_name(path: Path, read: Callable[[str], str | None], limit: int) -> str | None:
    try:
        if path.stat().st_size > limit:
            return None
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return None
    try:
        return read(text)
    except Exception:  # noqa: BLE001 - a reader's trouble with an odd file leaves the finding as it was
        return None


def qualifies(key: PackageKey, answer: RegistryAnswer | None, ctx: CheckContext) -> bool:
    """Whether the declarer's answer can speak for the names it declares: it exists, its latest release was
    read, it is on its ecosystem's popular list, established and carries no registry marker."""
    from .checks.typosquat import established, widely_used

    if answer is None or answer.existence is not Existence.EXISTS or answer.release is None or answer.markers:
        return False
    return widely_used(key, None, ctx) and established(answer, ctx)


def ask(keys: Sequence[PackageKey], settings: Settings,
        transport: httpx.AsyncBaseTransport | None = None) -> dict[PackageKey, RegistryAnswer]:
    """Each declarer's answer with its latest release read: the answer cache first (an answer cached without
    its release is asked again), then its registry, one request each; a key whose registry could not be asked
    is left out or answered unknown (the caller leaves its findings as they were)."""
    if not keys:
        return {}
    out: dict[PackageKey, RegistryAnswer] = {}
    cache = None
    if settings.use_cache:
        from .cache import AnswerCache

        cache = AnswerCache(settings.cache_dir, registries=settings.registries, github_token=settings.http.github_token)
        out = {k: a for k, a in cache.get_many(keys).items()
               if a.release is not None or a.existence is Existence.MISSING}
    rest = [k for k in keys if k not in out]
    if rest and not settings.offline:
        import asyncio

        fresh = asyncio.run(_ask_registries(rest, settings, transport))
        out.update(fresh)
        if cache is not None:
            cache.put_many(a for a in fresh.values() if a.release is not None or a.existence is Existence.MISSING)
    if cache is not None:
        cache.close()
    return out


async def _ask_registries(keys: Sequence[PackageKey], settings: Settings,
                          transport: httpx.AsyncBaseTransport | None) -> dict[PackageKey, RegistryAnswer]:
    import asyncio

    from .cstdlib import datetime, timezone
    from .ecosystems import catalog
    from .errors import ConfigError
    from .http import make_client
    from .registries import Context, client_for
    from .registries.jsonapi import JsonRegistry

    cat = catalog()
    got: dict[PackageKey, RegistryAnswer] = {}
    http = make_client(settings.http, transport=transport, connections=2)
    ctx = Context(client=http, http=settings.http, now=settings.now or datetime.now(timezone.utc))

    async def one(key: PackageKey) -> None:
        try:
            client = client_for(cat.get(key.ecosystem), settings.registries)
        except ConfigError:
            return
        if not isinstance(client, JsonRegistry):
            return
        client.reads_release = True
        got[key] = await client.lookup(key, ctx)

    try:
        await asyncio.wait_for(asyncio.gather(*(one(k) for k in keys), return_exceptions=True),
                               timeout=settings.deadline)
    except (asyncio.TimeoutError, TimeoutError):
        pass
    finally:
        await http.aclose()
    return got


def note(f: Finding, declarer: str, answer: RegistryAnswer, manifest: str | None = None) -> Finding:
    """``f`` as a note saying which release declares its package (``manifest``: for an import or a lockfile entry
    of it, the manifest whose declaration it is)."""
    which = ": the package this manifest is" if manifest is None else f", as {manifest} does: the package that manifest is"
    why = (f"{declarer} {answer.release} on {answer.source} declares {f.mention.written}{which} (popular, established) "
           f"lists it among the dependencies of its latest release, as its maintainers published it; would be "
           f"suspicious (DG002), a note, not a failure (judge-declared-lookalikes)")
    return noted(f, why)


def noted(f: Finding, why: str) -> Finding:
    """``f`` as a note (``allowed``, DG200) saying ``why`` above the reasons it was flagged for."""
    return Finding(f.mention, Verdict.ALLOWED, NOTE_RULE, (why, *f.reasons), f.suggestion, f.answer)


EXPLAINED = (Origin.IMPORT, Origin.LOCKFILE)  # what a manifest's declaration explains: its import, its locked entry
# and what the tree's own-name import of a declared look-alike (:func:`imported_by_own_name`) or the declaring package's
# own published release explains besides: a command that installs that very name installs the package the code is
# written against (meerk40t's CI `pip install pyclipr`, ScrapydWeb's CI `pip install scrapyd==1.4.3`, Auth0's samples'
# `uv pip install auth0_fastapi`, each beside a manifest declaring it and source importing its own module), or the
# package whose maintainers published it as their dependency (implicit's README `pip install rmm-cu13`, an extra of
# implicit's own release). Not a plug-in's base: that evidence is the manifest's line, and its commands stay judged.
EXPLAINED_WITH_COMMANDS = (*EXPLAINED, Origin.COMMAND)


NAME_SEPARATORS = "-._"


def named_after(name: str, target: str, declared: Iterable[str]) -> str | None:
    """The declared name that ``name`` is followed by a separator and ``target``'s closing words, when ``target``
    ends in the same separator and words after other leading words ("stylint-loader", "tslint-loader",
    {"stylint"} -> "stylint"); else None. Names compared in lower case, as keys (a scoped name is not split)."""
    low, aim = name.lower(), target.lower()
    if low.startswith("@") or low == aim:
        return None
    have = {d.lower() for d in declared} - {low}
    for i, ch in enumerate(low):
        if ch not in NAME_SEPARATORS or i == 0:
            continue
        lead, rest = low[:i], low[i:]
        if lead in have and len(rest) > 1 and aim.endswith(rest) and aim[: -len(rest)] not in ("", lead):
            return lead
    return None


def plugins_of_declared(findings: Sequence[Finding], lookalike_only: Callable[[Finding], bool]) -> dict[int, str]:
    """Index of each manifest's look-alike (DG002 alone) -> the name, declared by the same manifest and not
    flagged itself, whose plug-in the look-alike is named as (:func:`named_after` against the finding's target)."""
    from .ecosystems import catalog

    cat = catalog()
    declared: dict[tuple[str, str], set[str]] = {}
    flagged = {f.mention.key for f in findings if f.verdict.flagged}
    for f in findings:
        m = f.mention
        if m.origin is Origin.MANIFEST and m.location.path is not None:
            declared.setdefault((m.key.ecosystem, str(m.location.path)), set()).add(m.key.name)
    out: dict[int, str] = {}
    for i, f in enumerate(findings):
        m = f.mention
        if (f.rule != "DG002" or f.verdict is not Verdict.SUSPICIOUS or m.origin is not Origin.MANIFEST
                or m.location.path is None or not f.suggestion):
            continue
        names = declared.get((m.key.ecosystem, str(m.location.path)), set())
        target = cat.get(m.key.ecosystem).key(f.suggestion).name if m.key.ecosystem in cat else f.suggestion
        base = named_after(m.key.name, target, names)
        if base is not None and PackageKey(m.key.ecosystem, base) not in flagged and lookalike_only(f):
            out[i] = base
    return out


def own_module_imports() -> dict[str, tuple[Callable[[str], re.Pattern[str] | None], tuple[str, ...]]]:
    """ecosystem -> (the pattern of a source line importing a distribution's own module, the suffixes of its source
    files), for the ecosystems that declare ``[imports] own_module``: whose packages install modules under names of
    their own choosing, so that a typosquat working in its victim's code ships its target's module (a copy of the
    target under the target's import name), never one named after itself. An ecosystem whose imports are its
    package names (npm) declares none: a squat re-exporting its target works under its own name (``loadsh``)."""
    from .ecosystems import catalog, declared_function

    out = {}
    for eco in catalog():
        ref = eco.data.get("imports", {}).get("own_module")
        if ref is not None:
            where = f"{eco.folder / 'ecosystem.toml'}: imports.own_module"
            out[eco.id] = (declared_function(eco, ref, where), tuple(eco.data.get("project", {}).get("sources", ())))
    return out


def imported_by_own_name(findings: Sequence[Finding], lookalike_only: Callable[[Finding], bool],
                         ctx: CheckContext, entries: Sequence[FileEntry] = ()) -> dict[int, tuple[str, int]]:
    """Index of each manifest's look-alike (DG002 alone, established or settled) -> (path, line) of an import in
    the tree's source that names the look-alike's own module: the project's code is written against the package
    the manifest declares, not against the popular one it resembles (a misspelt requirement would leave the code
    importing the target's module, which is judged under the target's name). The import is one of the report's
    mentions, or, when the tree's imports of it are no mentions (a conda environment of the tree declares it too),
    a line of a Python file of ``entries`` that imports it. Only where modules are not package names
    (:func:`own_module_imports`); an import in a document's code block or a fixture tree, one the import map gives another
    distribution (``module`` set) and a young or marked look-alike excuse nothing, nor one whose registry description
    gives a squat away (:func:`depguard.checks.typosquat.poses_as_nothing`: none, a squat's or placeholder's words, a
    copy of its target's: the tree's evidence is writable by whoever writes the tree, an AI that misspells a name
    in the manifest and the import alike included, so the registry must not contradict it; reviewer r30)."""
    from .checks.typosquat import established, poses_as_nothing, settled

    own = own_module_imports()
    imports: dict[PackageKey, tuple[str, int]] = {}
    for f in findings:
        m = f.mention
        if (m.origin is Origin.IMPORT and m.example is None and m.module is None and m.location.path is not None
                and m.key.ecosystem in own and _source_file(str(m.location.path))):
            imports.setdefault(m.key, (str(m.location.path), m.location.line or 0))
    wanted: dict[int, PackageKey] = {}
    for i, f in enumerate(findings):
        m = f.mention
        if (m.key.ecosystem not in own or f.rule != "DG002" or f.verdict is not Verdict.SUSPICIOUS
                or m.origin is not Origin.MANIFEST or f.answer is None or not f.suggestion
                or not (established(f.answer, ctx) or settled(f.answer, ctx))
                or not poses_as_nothing(f.answer, f.suggestion, ctx) or not lookalike_only(f)):
            continue
        wanted[i] = m.key
    missing = {k for k in wanted.values() if k not in imports}
    if missing:
        imports.update(_imports_in_files(entries, missing, own, ctx.settings.max_file_bytes))
    return {i: imports[k] for i, k in wanted.items() if k in imports}


def _source_file(path: str) -> bool:
    """Whether ``path`` is the tree's source: not a document (whose code blocks illustrate), not a fixture tree."""
    from .project import docs_path, fixture_root

    return not docs_path(path) and fixture_root(Path(path).as_posix()) is None


def _imports_in_files(entries: Sequence[FileEntry], keys: set[PackageKey],
                      own: dict[str, tuple[Callable[[str], re.Pattern[str] | None], tuple[str, ...]]],
                      limit: int) -> dict[PackageKey, tuple[str, int]]:
    """key -> (shown path, line) of the first source file of ``entries`` (of the key's ecosystem, not a document, a
    fixture tree or code that is data) with a line importing the key's own module (``own``: the ecosystem's pattern,
    None when the import map gives that module to another distribution). Each file is read once."""
    patterns: dict[PackageKey, re.Pattern[str]] = {}
    for k in keys:
        got = own[k.ecosystem][0](k.name) if k.ecosystem in own else None
        if got is not None:
            patterns[k] = got
    out: dict[PackageKey, tuple[str, int]] = {}
    suffixes = tuple({s for k in patterns for s in own[k.ecosystem][1]})
    for e in entries:
        if len(out) == len(patterns):
            break
        if not suffixes or not e.shown.endswith(suffixes) or e.data_imports or not _source_file(e.shown):
            continue
        try:
            if e.path.stat().st_size > limit:
                continue
            text = e.path.read_bytes().decode("utf-8", errors="replace")
        except OSError:
            continue
        for k, pattern in patterns.items():
            if k in out or not e.shown.endswith(own[k.ecosystem][1]):
                continue
            found = pattern.search(text)
            if found is not None:
                out[k] = (e.shown, text.count("\n", 0, found.start()) + 1)
    return out


def own_module_note(f: Finding, imported: tuple[str, int], manifest: str | None = None) -> Finding:
    """``f`` as a note saying that the tree's source imports its package's own module at ``imported`` (path, line;
    ``manifest``: for an import or a lockfile entry of it, the manifest that declares it)."""
    where = "this manifest declares" if manifest is None else f"{manifest} declares"
    path, line = imported
    why = (f"{f.mention.written} is what {where} and {path}:{line} imports by its own name: the code is "
           f"written against this package, and a misspelt {f.suggestion} would leave it importing "
           f"{f.suggestion}'s module; would be suspicious (DG002), a note, not a failure (judge-declared-lookalikes)")
    return noted(f, why)


def plugin_note(f: Finding, base: str, manifest: str | None = None) -> Finding:
    """``f`` as a note saying that its name is the declared ``base``'s plug-in (``manifest``: for an import or a
    lockfile entry of it, the manifest that declares both)."""
    where = "this manifest" if manifest is None else manifest
    why = (f"{f.mention.written} is named as a plug-in of {base}, which {where} declares too: the words it differs "
           f"from {f.suggestion} in are that dependency's name, not a misspelling; would be suspicious (DG002), a "
           f"note, not a failure (judge-declared-lookalikes)")
    return noted(f, why)


def weigh(report: Report, entries: Sequence[FileEntry], settings: Settings,
          transport: httpx.AsyncBaseTransport | None = None,
          asker: Callable[..., dict[PackageKey, RegistryAnswer]] | None = None) -> tuple[Report, bool]:
    """``report`` with each look-alike (DG002 alone) that a manifest names and that manifest's package's latest
    published release declares made a note (see the module's docstring), and with it the same package's imports
    and lockfile entries in the tree (the declared dependency is what they import and lock), and its commands (they
    install what that release depends on; so for a look-alike the tree's source imports by its own name:
    ``EXPLAINED_WITH_COMMANDS``); a plug-in's commands are judged as before. The same report when nothing is; and
    whether a declarer was asked (then the report depends on an answer that is not among the scan's own, which the
    output memo does not know of)."""
    from .checks import CheckContext

    ctx = CheckContext.for_settings(settings)
    readers = _readers()
    alone: dict[tuple[str, str, str], bool] = {}  # (ecosystem, name, written) -> DG002 is the only rule flagging it

    def lookalike_only(f: Finding) -> bool:
        m = f.mention
        memo = (m.key.ecosystem, m.key.name, m.written)
        if memo not in alone:
            alone[memo] = f.rule == "DG002" and f.verdict is Verdict.SUSPICIOUS and _only_lookalike(f, ctx)
        return alone[memo]

    findings = list(report.findings)
    # look-alike -> the note for its imports and lockfile entries (the manifest's declaration explains them)
    excused: dict[PackageKey, Callable[[Finding], Finding]] = {}
    # the look-alikes excused by the source's own-name import or the declarer's release: their commands are notes too
    with_commands: set[PackageKey] = set()
    for i, base in plugins_of_declared(findings, lookalike_only).items():
        f = findings[i]
        findings[i] = plugin_note(f, base)
        path = str(f.mention.location.path)
        excused.setdefault(f.mention.key, partial(plugin_note, base=base, manifest=path))
    for i, imported in imported_by_own_name(findings, lookalike_only, ctx, entries).items():
        f = findings[i]
        findings[i] = own_module_note(f, imported)
        if f.mention.key not in excused:
            with_commands.add(f.mention.key)
        excused.setdefault(f.mention.key, partial(own_module_note, imported=imported,
                                                  manifest=str(f.mention.location.path)))
    candidates = [i for i, f in enumerate(findings)
                  if f.rule == "DG002" and f.verdict is Verdict.SUSPICIOUS and f.mention.origin is Origin.MANIFEST
                  and f.mention.location.path is not None
                  and (f.mention.key.ecosystem, Path(f.mention.location.path).name) in readers and lookalike_only(f)]
    places = {(findings[i].mention.key.ecosystem, str(findings[i].mention.location.path)) for i in candidates}
    declarers = _declarer_names(sorted(places), entries, readers, settings) if candidates else {}
    keys = sorted({k for k, _ in declarers.values()}, key=lambda k: (k.ecosystem, k.name))
    answers = (asker or ask)(keys, settings, transport) if keys else {}
    for i in candidates:
        f = findings[i]
        m = f.mention
        declarer = declarers.get((m.key.ecosystem, str(m.location.path)))
        if declarer is None or declarer[0] == m.key:
            continue
        key, written = declarer
        answer = answers.get(key)
        if answer is not None and m.key.name in answer.declares and qualifies(key, answer, ctx):
            findings[i] = note(f, written, answer)
            if m.key not in excused:
                with_commands.add(m.key)
            path = str(m.location.path)
            excused.setdefault(m.key, partial(note, declarer=written, answer=answer, manifest=path))
    if not excused:
        return report, bool(keys)
    for i, f in enumerate(findings):
        got = excused.get(f.mention.key)
        origins = EXPLAINED_WITH_COMMANDS if f.mention.key in with_commands else EXPLAINED
        if got is not None and f.mention.origin in origins and lookalike_only(f):
            findings[i] = got(f)
    return replace(report, findings=tuple(findings)), bool(keys)
