"""The engine: sources -> mentions -> unique keys -> answers -> findings -> Report.

Front ends (CLI, hooks, the Python API) call :func:`collect_paths`, :func:`collect_text` or
:func:`collect_names`, then :func:`evaluate`. Parsing never touches the network; failures are recorded as
:class:`~depguard.model.Problem` values and the run goes on.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from . import lazyre
from .config import Settings
from .ecosystems import catalog
from .errors import ConfigError, ParseError
from .model import Finding, Location, Mention, Origin, PackageKey, Problem, RegistryAnswer, Report, Verdict
from .parsers import FileFormat, Hints, Source
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    import httpx

    from .discover import FileEntry
    from .parsecache import ParseCache
    from .verdicts import VerdictStore

SUPPRESS = lazyre.compile(r"(?:#|//|--|;|<!--|/\*|\bREM\b)\s*depguard:\s*ignore\b[:\s]*(?P<reason>[^\n]*?)\s*(?:-->|\*/)?\s*$", re.I)

_MARKER = lazyre.compile(r"depguard", re.I)  # every SUPPRESS match holds it

Invalid = dict[PackageKey, str | None]  # key -> why its name is not valid for its registry (None: valid)
Answers = dict[PackageKey, RegistryAnswer]


@record
class Collected:
    mentions: list[Mention] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    suppressed: dict[int, str] = field(default_factory=dict)  # index into mentions -> reason
    files: int = 0
    skipped: str | None = None  # one line: the folders the walk left out as not the project
    unasked: dict[PackageKey, str] = field(default_factory=dict)  # key -> why it is not looked up (a text past its limits)
    assumed: list[tuple[str, str, str, list[str]]] = field(default_factory=list)  # (name, registry shown, ecosystem id, valid elsewhere) of guesses
    # one parsed file: (validator of its bytes, what the parse consulted, the Hints fields read), for the parse cache
    consulted: tuple[Any, Any, frozenset[str]] | None = None
    cached: int = 0  # files whose mentions came from the parse cache
    # one file's: the path every mention is at, when no two are at the same place (merge takes them whole)
    alone: str | None = None


TEMPLATE_MARKS = ("{{", "{%", "<%")  # a template's expression or statement (Jinja, Go, Handlebars, EJS)


def _templated(m: Mention) -> bool:
    """Whether a manifest's mention is named by a template's placeholder: its name holds a template mark. Its
    written text is not asked: that also holds the version or tag (a workflow's ``image:
    ghcr.io/carpentries/workbench-docker:${{ vars.WORKBENCH_TAG || 'latest' }}``, a written name with an expression for
    its tag only), which leaves the name judged."""
    return any(mark in m.key.name for mark in TEMPLATE_MARKS)


def suppression_reason(line_text: str) -> str | None:
    """The reason of an inline ``depguard: ignore`` marker on this line ("" when none is given), or None."""
    m = SUPPRESS.search(line_text)
    if not m:
        return None
    return m.group("reason").strip()


# what a reader's bug or an input shape nobody expected raises: one clear problem for the file, never a crash of the scan
READ_FAULTS = (ValueError, TypeError, KeyError, IndexError, AttributeError, UnicodeError)


def _parse_with(fmt: FileFormat, source: Source, out: Collected, inline_suppression: bool = True) -> None:
    """Parse ``source`` with ``fmt`` into ``out``; ``inline_suppression``: honour ``depguard: ignore`` markers
    (only in the user's own files, never in text under judgement, which cannot suppress its own findings)."""
    try:
        found = list(fmt.parse(source))
    except ParseError as exc:
        where = Location(source.path, exc.line + source.line_offset if exc.line else None, exc.column)
        out.problems.append(Problem(exc.message, where, "parse"))
        return
    except RecursionError:
        out.problems.append(Problem(f"{fmt.name}: nested too deeply to parse", Location(source.path), "parse"))
        return
    except READ_FAULTS as exc:
        # a parser bug or an input shape nobody expected: one clear problem, never a crash of the scan
        out.problems.append(Problem(f"{fmt.name} parser could not read this file: {type(exc).__name__}: {exc}",
                                    Location(source.path), "parse"))
        return
    if getattr(fmt, "kind", None) == "manifest" and any(_templated(m) for m in found):
        # a template's placeholder where a name goes (a chezmoi Brewfile.tmpl's `brew "{{ .extra }}"`, a cookiecutter
        # Gemfile's `gem "{{ cookiecutter.gem }}"`): the rendering names that package, no registry name is written
        found = [m for m in found if not _templated(m)]
    if getattr(fmt, "kind", None) in ("manifest", "lockfile") and source.fs_path is not None:
        marks = _marks(getattr(fmt, "ecosystem", None))
        if marks is not None:  # an ecosystem's own look at its names (npm: a scope another registry serves)
            try:
                found = marks(source, found)
            except READ_FAULTS as exc:  # the names stay, judged as written (reviewer r32: an .npmrc's port crashed it)
                out.problems.append(Problem(f"{fmt.name}: its names' marks could not be read: {type(exc).__name__}: "
                                            f"{exc}", Location(source.path), "parse"))
    elif source.fs_path is not None and any(m.origin is Origin.COMMAND for m in found):
        for ecosystem in sorted({m.key.ecosystem for m in found if m.origin is Origin.COMMAND}):
            marks = _marks(ecosystem, "command_marks")
            if marks is None:
                continue
            try:  # an ecosystem's look at the names its install commands fetch (npm: a scope another registry serves)
                found = marks(source, found)
            except READ_FAULTS as exc:
                out.problems.append(Problem(f"{fmt.name}: its commands' marks could not be read: {type(exc).__name__}: "
                                            f"{exc}", Location(source.path), "parse"))
    lines: list[str] | None = None
    marked = inline_suppression and _MARKER.search(source.text) is not None  # no marker: no line to look at
    for m in found:
        if marked and m.location.line is not None and m.location.path == source.path:
            if lines is None:
                lines = source.text.split("\n") if source.line_offset == 0 else None
            if lines is not None and 0 < m.location.line <= len(lines):
                reason = suppression_reason(lines[m.location.line - 1])
                if reason is not None:
                    out.suppressed[len(out.mentions)] = reason
        out.mentions.append(m)


_MARKS: dict[tuple[str, str], Any] = {}  # (ecosystem id, key) -> its declared [project] marks function, or None


def _marks(ecosystem: str | None, key: str = "marks") -> Any:
    """The function an ecosystem declares as ``[project] marks`` (its manifests' and lockfiles' mentions go through
    it once parsed) or ``command_marks`` (the mentions of every other file holding an install command), or None."""
    if ecosystem is None:
        return None
    if (ecosystem, key) not in _MARKS:
        from .ecosystems import declared_function

        eco = catalog().get(ecosystem)
        ref = eco.data.get("project", {}).get(key) if eco is not None else None
        _MARKS[ecosystem, key] = None if ref is None else declared_function(
            eco, ref, f"{eco.folder / 'ecosystem.toml'}: project.{key}")
    return _MARKS[ecosystem, key]


def project_hints(root: Path, files: Iterable[str] | None = None, settings: Settings | None = None,
                  cache: ParseCache | None = None, data_files: Iterable[str] = (), near: Iterable[str] = ()) -> Hints:
    """Facts about the tree at ``root`` for the parsers, from each ecosystem's declared ``[project] hints``
    function (the Python project view: ``depguard/ecosystems/pypi/project.py``) of ``files`` (the scan's files,
    relative to ``root``), or of the root alone when there is no file list (text checks run from a folder).
    With the root's parse ``cache``, a function may reuse what it computed while the list and every file it
    read are unchanged (:meth:`ParseCache.fact`). ``data_files``: the files of fixture-data trees the walk left
    out (names only: a test may import a fixture's module). ``near``: without ``files``, the files judged
    (relative to ``root``: a hook's edit, files named one by one), whose own folders a function may look at as a
    scan would."""
    from .ecosystems import declared_function

    limit = settings.max_file_bytes if settings is not None else 5 * 1024 * 1024
    if not _PROJECT_HINTS:
        _PROJECT_HINTS.append([(eco, eco.data["project"]["hints"], tuple(eco.data["project"].get("hints_for", ())))
                               for eco in catalog() if "hints" in eco.data.get("project", {})])
    listed = None if files is None else list(files)
    facts: dict[str, Any] = {"url_dependency_imports": settings.url_dependency_imports,
                             "judge_fixtures": settings.judge_fixtures,
                             "judge_guarded_imports": settings.judge_guarded_imports} if settings is not None else {}
    for eco, ref, wanted in _PROJECT_HINTS[0]:
        if wanted and (listed is None or not any(rel.endswith(wanted) for rel in listed)):
            continue  # `hints_for`: only a file list holding such a source needs them (nor is the module imported)
        hints = declared_function(eco, ref, f"{eco.folder / 'ecosystem.toml'}: project.hints")
        facts.update(hints(root, listed, limit, cache, data_files, near=near) if near and listed is None
                     else hints(root, listed, limit, cache, data_files))
    return Hints(**facts)


# the ecosystems declaring [project] hints: their function, and the source suffixes it is needed for (none: always)
_PROJECT_HINTS: list[list[tuple[Any, str, tuple[str, ...]]]] = []


def _submodule_names(entries: Iterable[FileEntry], settings: Settings) -> frozenset[str]:
    """The npm packages the git submodules of each scan root stand for (:mod:`depguard.submodules`): git lists
    none of their files. Kept apart from the workspace names: they excuse an import only (``Hints.submodule_packages``),
    never a manifest's dependency or an install command, which npm answers from the registry whatever a
    ``.gitmodules`` says (a pull request adding three lines there would otherwise hide a name it declares)."""
    from .submodules import submodule_packages

    names: set[str] = set()
    for root in dict.fromkeys(e.root for e in entries):
        names |= submodule_packages(root / ".gitmodules", settings.max_file_bytes)
    return frozenset(names)



def _own_installers(entries: Iterable[FileEntry], settings: Settings) -> dict[str, str]:
    from .examples import OWN_TOOL_FILES, own_installers, own_tools
    from .fsview import text_of

    def files() -> Iterator[tuple[str, str]]:
        for e in entries:
            if e.path.name in OWN_TOOL_FILES:
                text = text_of(e.path, settings.max_file_bytes)
                if text is not None:
                    yield e.path.name, text

    return own_installers(own_tools(files()))


TreeFacts = tuple[dict[str, str], dict[str, frozenset[str]]]  # installers, made


def _tree_facts(entries: list[FileEntry], settings: Settings, cache: ParseCache | None) -> TreeFacts:
    """What the tree's own files say it makes (:func:`_own_installers`, :func:`_made_here`: each ecosystem's
    declared ``[own]`` reader, e.g. the package names npm's manifests define, and the packages of its submodules,
    :func:`_submodule_names`, as the ``Hints`` field ``submodule_packages`` of the made names): read through the
    recording view, so with the parse ``cache`` of the one root walked they are reused while the file list and
    every file read are unchanged (:meth:`ParseCache.fact`)."""

    def compute() -> tuple[dict[str, str], dict[str, list[str]]]:
        made = {name: sorted(names) for name, names in _made_here(entries, settings).items()}
        made["submodule_packages"] = sorted(_submodule_names(entries, settings))
        return _own_installers(entries, settings) if settings.docs_examples else {}, made

    if cache is None:
        from .fsview import FileView, using

        with using(FileView(settings.max_file_bytes)):
            installers, made = compute()
        return installers, {name: frozenset(names) for name, names in made.items()}
    from .fsview import digest

    listed = "\0".join([str(e.path) for e in entries])
    inputs = digest(f"{settings.max_file_bytes}\0{settings.docs_examples}\0{cache.root}\0{listed}"
                    .encode("utf-8", "surrogateescape"))
    return cache.fact("tree-facts", inputs, compute, _tree_facts_from_plain)


def _tree_facts_from_plain(plain: Any) -> TreeFacts:
    """The stored facts, every value checked for its type (ValueError on any other shape)."""
    installers, made = plain

    def texts(values: Any) -> frozenset[str]:
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ValueError("bad names")
        return frozenset(values)

    if not isinstance(installers, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in installers.items()) or not isinstance(made, dict):
        raise ValueError("bad facts")
    return dict(installers), {str(name): texts(names) for name, names in made.items()}


@record(frozen=True)
class OwnNames:
    """An ecosystem's names the scanned tree makes itself (the ``[own]`` table of its ``ecosystem.toml``): the
    ``Hints`` field holding them, the function reading them off the tree (``module:function``; "" for none, the
    set stays empty) and the origins of the mentions they are left out of (None: all), and the origins of those left
    out only in a document (``document_origins``: a manifest shown in a document's code block)."""

    ecosystem: str
    hints: str
    reader: str = ""
    origins: frozenset[Origin] | None = None
    # the origins of the mentions the names are left out of also when a document's code block shows them (npm: a
    # manifest, OpenDevBrowser's docs/CLI.md shows the opencode.json its CLI writes, `"plugin": ["opendevbrowser"]`,
    # held-out set 260): the document has its reader install the project's own package, as its install command does
    document_origins: frozenset[Origin] = frozenset()
    # whether the names excuse mentions in documents too (a README's install command tells a reader to install the
    # name from the registry: mem0's docs install its unpublished strands-mem0 integration); "scoped": only a name under
    # a scope (``@scope/name``, which only the scope's owner can publish: prettier's changelog installs its new
    # ``@prettier/plugin-yuku``) excuses a document's install or run command, an unscoped one anybody can register is
    # judged there (held-out set 297: discord-selfbot-mcp's INSTALL.md has readers `npm install -g discord-selfbot-mcp`,
    # its package.json's name, never published); the manifests a document shows (``document_origins``) stay excused
    documents: bool | str = True

    def judged_in_document(self, m: Mention) -> bool:
        """Whether ``m``, a mention in a document of a name the tree makes itself, is judged all the same (``documents =
        "scoped"``: an install or run command of an unscoped name)."""
        return self.documents == "scoped" and m.origin not in self.document_origins and not m.key.name.startswith("@")


OWN_KEYS = {"hints", "reader", "origins", "documents", "document_origins"}
_OWN: list[OwnNames] = []


def own_names() -> list[OwnNames]:
    """Every ecosystem's ``[own]`` declaration (read once from the catalog); a bad table is a ConfigError."""
    if not _OWN:
        _OWN.extend(read_own(eco.id, eco.data["own"], f"{eco.folder / 'ecosystem.toml'}: own")
                    for eco in catalog() if "own" in eco.data)
    return _OWN


def read_own(eco_id: str, table: object, where: str) -> OwnNames:
    """One ``[own]`` table; ``where`` names it in errors."""
    if not isinstance(table, dict) or set(table) - OWN_KEYS or \
            not isinstance(getattr(Hints(), str(table.get("hints")), None), frozenset):
        raise ConfigError(f"{where}: expected a table of {', '.join(sorted(OWN_KEYS))} whose hints names a set of "
                          f"parsers.Hints, got {table!r}")
    kinds = _own_origins(table.get("origins"), f"{where}.origins")
    in_documents = _own_origins(table.get("document_origins", []), f"{where}.document_origins")
    documents = table.get("documents", True)
    if not isinstance(documents, bool) and documents != "scoped":
        raise ConfigError(f"{where}.documents: expected true, false or \"scoped\", got {documents!r}")
    return OwnNames(eco_id, table["hints"], str(table.get("reader", "")), kinds, documents=documents,
                    document_origins=in_documents or frozenset())


def _own_origins(origins: Any, where: str) -> frozenset[Origin] | None:
    """An ``[own]`` list of origins (None stays None: every origin); a bad one is a ConfigError naming ``where``."""
    if origins is None:
        return None
    try:
        return frozenset(Origin(o) for o in origins)
    except (TypeError, ValueError):
        raise ConfigError(f"{where}: expected a list of {', '.join(o.value for o in Origin)}, got {origins!r}") from None


def _made_here(entries: Iterable[FileEntry], settings: Settings) -> dict[str, frozenset[str]]:
    """``Hints`` field -> the names the tree makes itself, by each ecosystem's declared ``[own]`` reader
    (images it builds: ``docker build -t x``). A reader reads files only through the active recording view
    (:func:`depguard.fsview.text_of`): what it finds is cached with what it read (:func:`_tree_facts`)."""
    from .ecosystems import declared_function

    def files() -> Iterator[tuple[Path, str]]:
        for e in entries:
            rel = _relative(e)
            yield e.path, e.path.name if rel is None else rel

    made: dict[str, frozenset[str]] = {}
    for own in own_names():
        if own.reader:
            eco = catalog().get(own.ecosystem)
            read = declared_function(eco, own.reader, f"{eco.folder / 'ecosystem.toml'}: own.reader")
            made[own.hints] = read(files(), settings.max_file_bytes)
    return made


def _relative(entry: FileEntry) -> str | None:
    """The entry's path relative to its root (POSIX), None when it is not below it (a file named on the
    command line outside its root)."""
    import os

    path, top = str(entry.path), str(entry.root)
    if path.startswith(top) and path[len(top):len(top) + 1] == os.sep:  # relative_to, as text
        return path[len(top) + 1:].replace(os.sep, "/")
    if entry.root in entry.path.parents:
        return entry.path.relative_to(entry.root).as_posix()
    return None


@record
class Sources:
    """What a walk of the paths found to read: the files and the project facts of each scan root."""

    entries: list[FileEntry]
    hints: dict[Path, Hints]  # scan root -> the facts its parsers see
    walked: frozenset[Path]  # roots walked whole (not files named one by one): their entries are all the files
    problems: list[Problem]
    skipped: str | None  # one line: the folders the walk left out as not the project
    caches: Callable[[Path], ParseCache] | None = None  # the parse cache of each root (parse_cache_for)


def gather(paths: list[Path], settings: Settings) -> Sources:
    """Sources: walk ``paths`` and work out each scan root's project facts (:func:`project_hints`, what
    the tree makes itself by each ecosystem's ``[own]`` reader: package names it defines, images it builds; own
    installers)."""
    from . import fsview, gcpolicy, runcache
    from .discover import Skipped, walk

    runcache.clear()  # a scan is a run: what helpers memoised about the files is looked at afresh
    fsview.forget_facts()
    skipped = Skipped()
    with gcpolicy.held():  # the entries live to the end of the run
        entries, problems = walk(paths, settings, skipped)
    files_by_root: dict[Path, list[str]] = {}
    for entry in entries:
        files = files_by_root.setdefault(entry.root, [])
        rel = _relative(entry)
        if rel is not None:
            files.append(rel)
        # else: a file named on the command line outside its root
    walked = frozenset(p.resolve() for p in paths if p.is_dir())  # files named one by one: a quick view of their root
    caches = parse_cache_for(settings, walked)
    (one_root,) = files_by_root if len(files_by_root) == 1 else (None,)
    installers, made = _tree_facts(
        entries, settings, caches(one_root) if caches is not None and one_root in walked else None)
    hints_by_root: dict[Path, Hints] = {}
    for root, files in files_by_root.items():
        if root in walked:
            hints = project_hints(root, [*files, *skipped.named_only.get(root, ())], settings,
                                  caches(root) if caches is not None else None, skipped.data_files.get(root, ()))
        else:
            hints = project_hints(root, None, settings, near=files)
        hints_by_root[root] = hints
        hints.own_installers = installers
        hints.listed_installed = frozenset(skipped.listed_installed.get(root, ()))
        hints.linked_folders = frozenset(skipped.linked_folders.get(root, ()))
        for name, names in made.items():
            setattr(hints, name, names)
    return Sources(entries, hints_by_root, walked, list(problems), skipped.summary(), caches)


def parse_cache_for(settings: Settings, walked: frozenset[Path] = frozenset()) -> Callable[[Path], ParseCache] | None:
    """The parse cache of each scan root (:mod:`depguard.parsecache`), or None when caches are off. The
    cache of a root in ``walked`` keeps only this run's entries; of another (files named one by one, a
    pre-commit hook) it keeps the others' too."""
    if not settings.use_cache:
        return None
    from .parsecache import ParseCache, code_stamp
    from .paths import cache_dir

    folder = settings.cache_dir or cache_dir()
    stamp = code_stamp()
    caches: dict[Path, ParseCache] = {}

    def of(root: Path) -> ParseCache:
        got = caches.get(root)
        if got is None:
            got = caches[root] = ParseCache(folder, root, settings, stamp, complete=root in walked)
        return got

    of.caches = caches  # type: ignore[attr-defined]
    return of


@record
class Parsing:
    """The parse stage of one scan: each entry's Collected once known (from the cache or parsed)."""

    results: list[Collected | None]
    misses: list[int]  # entries the cache could not answer, in order
    caches: Callable[[Path], ParseCache] | None
    # entry index -> its stored cache entry, validated but not decoded yet (from_cache(..., decode=False))
    held: dict[int, tuple[Any, ...]] = field(default_factory=dict)


def from_cache(sources: Sources, settings: Settings, decode: bool = True) -> Parsing:
    """Answer every entry the parse cache can (:mod:`depguard.parsecache`): its result is reused while
    nothing the entry's parse consulted changed. Without ``decode`` the answered entries are only validated
    (``Parsing.held``): :func:`decode_held` (called by :func:`parse_rest`) makes their Collected."""
    from . import gcpolicy

    caches = sources.caches if sources.caches is not None else parse_cache_for(settings, sources.walked)
    results: list[Collected | None] = [None] * len(sources.entries)
    misses: list[int] = []
    held: dict[int, tuple[Any, ...]] = {}
    with gcpolicy.held():  # the entries and the mentions rebuilt from them live to the end of the run
        for i, entry in enumerate(sources.entries):
            if caches is None:
                misses.append(i)
                continue
            cache = caches(entry.root)
            if not decode:
                stored = cache.check(entry, sources.hints[entry.root])
                if stored is None:
                    misses.append(i)
                else:
                    held[i] = stored
                continue
            got = cache.lookup(entry, sources.hints[entry.root])
            if got is None:
                misses.append(i)
            else:
                results[i] = got
    return Parsing(results, misses, caches, held)


def decode_held(parsing: Parsing, sources: Sources) -> None:
    """Make the Collected of every entry :func:`from_cache` validated without decoding; one whose stored
    result does not decode is left to parse (a miss)."""
    if not parsing.held:
        return
    from . import gcpolicy

    assert parsing.caches is not None
    entries, results = sources.entries, parsing.results
    with gcpolicy.held():
        for i, stored in parsing.held.items():
            got = parsing.caches(entries[i].root).decode(stored)
            if got is None:
                parsing.misses.append(i)
            results[i] = got
    parsing.misses.sort()
    parsing.held = {}


PARSE_BATCH = 64  # files parsed between two hand-overs of their mentions to the lookup stage


def parse_rest(parsing: Parsing, sources: Sources, settings: Settings,
               on_parsed: Callable[[int, list[Collected]], None] | None = None) -> list[Collected]:
    """Parse what the cache did not answer, keep each result in the cache, and return every entry's
    Collected in order. ``on_parsed(done, batch)`` is told the cached results first, then each batch of
    :data:`PARSE_BATCH` files as it is parsed."""
    decode_held(parsing, sources)
    if on_parsed is not None and len(sources.entries) > len(parsing.misses):
        on_parsed(len(sources.entries) - len(parsing.misses), [r for r in parsing.results if r is not None])
    parse_misses(parsing, sources, settings, on_parsed)
    if parsing.caches is not None:
        for cache in parsing.caches.caches.values():  # type: ignore[attr-defined]
            cache.save()
    return [r if r is not None else Collected() for r in parsing.results]


def parse_misses(parsing: Parsing, sources: Sources, settings: Settings,
                 on_parsed: Callable[[int, list[Collected]], None] | None = None) -> None:
    """Parse the entries the cache did not answer (``parsing.misses``, emptied), each result kept in the
    cache (not saved yet) and in ``parsing.results``; ``on_parsed(done, batch)`` told each batch."""
    from . import gcpolicy

    entries, results, misses, caches = sources.entries, parsing.results, parsing.misses, parsing.caches
    done = len(entries) - len(misses)
    for first in range(0, len(misses), PARSE_BATCH):
        chunk = [collect_file(entries[i], settings, sources.hints[entries[i].root])
                 for i in misses[first:first + PARSE_BATCH]]
        gcpolicy.settle()  # each file's results live to the end of the run
        for j, part in enumerate(chunk):
            i = misses[first + j]
            results[i] = part
            if part.consulted is not None and caches is not None:
                own, consulted, used = part.consulted
                caches(entries[i].root).store(entries[i], own, consulted, used, sources.hints[entries[i].root], part)
            part.consulted = None
        done += len(chunk)
        if on_parsed is not None:
            on_parsed(done, chunk)
    parsing.misses = []


def parse(sources: Sources, settings: Settings,
          on_parsed: Callable[[int, list[Collected]], None] | None = None) -> list[Collected]:
    """One Collected per entry of ``sources``, in order: :func:`from_cache`, then :func:`parse_rest`."""
    return parse_rest(from_cache(sources, settings), sources, settings, on_parsed)


def merge(sources: Sources, parts: list[Collected]) -> Collected:
    """The scan's Collected from each file's. A file read through another one (``-r requirements-dev.txt``)
    is also scanned on its own: keep one mention per (package, place), and let an inline suppression seen in
    either reading apply to it.

    A file whose mentions are all in itself at distinct places (``Collected.alone``: most files) and whose
    path no other part has a mention in is taken whole; only the others are compared place by place."""
    out = Collected(problems=list(sources.problems), skipped=sources.skipped)
    mentions, suppressed = out.mentions, out.suppressed
    # paths a part may share with another: every path of a part not alone, and a path two parts are alone in
    shared: set[str | None] = set()
    alone: set[str] = set()
    for part in parts:
        own = part.alone
        if own is None:
            shared.update([m.location.path for m in part.mentions])
        elif own in alone:
            shared.add(own)
        else:
            alone.add(own)
    # (package, name as written, place), spelled out in plain values: hashing the dataclasses was most of it
    seen: dict[tuple[str, str, str, str | None, int | None, int | None, int | None, int | None], int] = {}
    for part in parts:
        if part.alone is not None and part.alone not in shared:
            if part.suppressed:
                base = len(mentions)
                suppressed.update((base + i, reason) for i, reason in part.suppressed.items())
            mentions.extend(part.mentions)
        else:
            for i, m in enumerate(part.mentions):
                k, loc = m.key, m.location
                place = (k.ecosystem, k.name, m.written, loc.path, loc.line, loc.column, loc.end_line, loc.end_column)
                reason = part.suppressed.get(i)
                at = seen.get(place)
                if at is not None:
                    if reason is not None:
                        suppressed[at] = reason
                    continue
                seen[place] = len(mentions)
                if reason is not None:
                    suppressed[len(mentions)] = reason
                mentions.append(m)
        out.problems.extend(part.problems)
        out.files += part.files
        out.cached += part.cached
    return out


def alone_in(path: str, mentions: list[Mention]) -> str | None:
    """``path`` when every mention is in that file and no two are at the same place (see ``Collected.alone``)."""
    places = set()
    for m in mentions:
        k, loc = m.key, m.location
        if loc.path != path:
            return None
        places.add((k.ecosystem, k.name, m.written, loc.line, loc.column, loc.end_line, loc.end_column))
    return path if len(places) == len(mentions) else None


def collect_paths(paths: list[Path], settings: Settings, progress: Callable[[int, int], None] | None = None,
                  on_mentions: Callable[[list[Mention]], None] | None = None,
                  on_walked: Callable[[int], None] | None = None) -> Collected:
    """Every mention in the files below ``paths``: :func:`gather` → :func:`parse` → :func:`merge`.
    ``on_mentions`` is told each batch of files' new mentions as found, ``on_walked`` how many files there
    are to read, before the first is read."""
    sources = gather(paths, settings)
    if on_walked is not None:
        on_walked(len(sources.entries))

    def parsed(done: int, chunk: list[Collected]) -> None:
        if on_mentions is not None:  # once per batch of files: each call wakes the lookup stage up
            found = [m for part in chunk for m in part.mentions]
            if found:
                on_mentions(found)
        if progress:
            progress(done, len(sources.entries))

    return merge(sources, parse(sources, settings, parsed))


def collect_file(entry: FileEntry, settings: Settings, hints: Hints) -> Collected:
    """One file's mentions, problems and inline suppressions (indexes into its own mentions)."""
    try:
        return _collect_file(entry, settings, hints)
    except (*READ_FAULTS, RecursionError) as exc:
        # a fault after the parsers' own guard (a document's marks, the view's facts): the file is reported unread,
        # the scan goes on (reviewer r32: an .npmrc's port ended the whole scan with a traceback)
        out = Collected()
        out.problems.append(Problem(f"this file could not be read to the end: {type(exc).__name__}: {exc}",
                                    Location(entry.shown), "parse"))
        return out


def _collect_file(entry: FileEntry, settings: Settings, hints: Hints) -> Collected:
    from .discover import read_text
    from .fsview import FileView, using
    from .parsecache import WatchedHints

    out = Collected()
    seen: list[Any] = []
    text, problem = read_text(entry, settings, seen)
    if problem is not None:
        out.problems.append(problem)
    if text is None:
        return out
    out.files = 1
    view = FileView(settings.max_file_bytes)  # every other file the parse reads goes through it, recorded
    used: set[str] = set()
    hints = WatchedHints(hints, used)  # and every project fact it reads
    source = Source(path=entry.shown, text=text, fs_path=entry.path, root=entry.root, hints=hints,
                    max_related_bytes=settings.max_file_bytes, files=view)
    with using(view):
        for fmt in entry.formats:
            _parse_with(fmt, source, out)
        rule_input = not settings.judge_fixtures and bool(out.mentions) and _rule_test_input(entry, text, out.mentions,
                                                                                             view)
    out.problems.extend(source.problems)
    if not _judges_imports(entry, settings):
        _drop_imports(out, said=bool(entry.data_imports), keep=_run_by_document(entry))
    elif rule_input:
        _drop_imports(out, said=True)  # semgrep's test input: code written to match a rule
    elif out.mentions and _minified(entry.shown, text, out.mentions):
        _drop_imports(out)  # a built bundle: its requires are the externals its build left, not the project's imports
    if not settings.judge_docs_installs and _is_docs(entry):
        _drop(out, lambda m: m.origin is Origin.COMMAND)
    elif settings.docs_examples and _is_docs(entry) and out.mentions:
        from .examples import mark, mark_hidden, mark_license_texts, mark_quoted

        marked = mark(out.mentions, text, settings.placeholder_words, hints.own_installers)
        out.mentions = mark_license_texts(mark_quoted(mark_hidden(marked, text, entry.shown), text, entry.shown), text)
        if any(m.example is None for m in out.mentions):
            from .examples import mark_translated, translation_original

            original = translation_original(entry.shown, lambda rel: view.is_file(entry.root / rel))
            if original is not None:  # read through the view: the translation's parse depends on its original
                out.mentions = mark_translated(out.mentions, original,
                                               view.read_text(entry.root / original, settings.max_file_bytes))
    elif settings.docs_examples and out.mentions and hints.own_installers:
        from .examples import in_test_inputs, mark_test_inputs

        if in_test_inputs(entry.shown):
            out.mentions = mark_test_inputs(out.mentions, hints.own_installers)
    said = {m.key.ecosystem for m in out.mentions if m.origin in OWN_NAMED and m.example is None}
    if said:  # each ecosystem's [own] names (only those of the ecosystems said: what the parse reads it depends on)
        from .examples import own_distributions

        out.mentions = own_distributions(out.mentions, {own.ecosystem: getattr(hints, own.hints)
                                                        for own in own_names() if own.ecosystem in said})
    if out.mentions and not _is_docs(entry) and not settings.judge_source_installs:
        from .examples import from_code_text

        _drop(out, from_code_text)  # judge-source-installs = false (the default): comments, strings, argv say nothing
    elif out.mentions and not _is_docs(entry) and _says_installs(out.mentions):
        _code_text(out, text, settings, hints)
    _drop_own(out, hints, text, (_relative(entry) or "").rpartition("/")[0])
    out.alone = alone_in(entry.shown, out.mentions)
    if seen:
        out.consulted = (seen[0], view.consulted(), frozenset(used))
    return out


OWN_NAMED = (Origin.COMMAND, Origin.MANIFEST)  # where the project's own distribution is only a look-alike's note
MINIFIED_LINE = 5000  # a line this long is a minifier's, never a person's


def _minified(shown: str, text: str, mentions: list[Mention]) -> bool:
    """Whether a source file with imports is a minified bundle (``epub.min.js``, or a line of ``MINIFIED_LINE``
    characters holding an import): a build's output committed as a library (calibre-web's ``cps/static/js/libs``),
    whose UMD wrapper requires the externals its author's build left out (``require("JSZip")``) under names that
    build chose, not packages the project declares."""
    if not any(m.origin is Origin.IMPORT for m in mentions):
        return False
    stem = shown.rpartition("/")[2].rpartition(".")[0]
    if stem.endswith((".min", "-min", ".bundle.min")):
        return True
    if len(text) < MINIFIED_LINE:  # (most files: no line can be that long)
        return False
    at = {m.location.line for m in mentions if m.origin is Origin.IMPORT and m.location.line and m.location.line > 0}
    if not at:
        return False
    lines = text.split("\n", max(at))  # up to the last import's line, not the whole file
    return any(line <= len(lines) and len(lines[line - 1]) >= MINIFIED_LINE for line in at)


def _rule_test_input(entry: FileEntry, text: str, mentions: list[Mention], files: Any) -> bool:
    """Whether a source file with imports is a semgrep rule's test input: it holds a ``ruleid:`` annotation and lies
    below a test folder or beside its rule (``eval-detected.py`` and ``eval-detected.yaml``); a stray annotation in
    the project's own code leaves its imports judged."""
    from .project import below_test_folder, rule_test_input

    if not any(m.origin is Origin.IMPORT for m in mentions) or not rule_test_input(text):
        return False
    if below_test_folder(entry.shown):
        return True
    stem = str(entry.path.with_suffix(""))
    stem = stem.removesuffix(".fixed")  # semgrep's autofix test: x.fixed.py is x.yaml's expected output
    return any(files.is_file(stem + suffix) for suffix in (".yaml", ".yml"))


def _judges_imports(entry: FileEntry, settings: Settings) -> bool:
    """Whether the imports in this file are judged: not those in documents' code blocks, which illustrate,
    unless the settings say so (install commands there are judged either way), nor those of code that is
    data (:func:`depguard.project.code_as_data`, marked by the walk unless ``judge-fixtures``). Fixture-data
    trees are left out by the walk (``judge-fixtures``)."""
    if entry.data_imports:
        return False
    return settings.judge_docs_imports or not _is_docs(entry)


def _is_docs(entry: FileEntry) -> bool:
    """Whether the file is a document: by its suffix, or a file with no suffix read as Markdown (a cheat(1) cheat
    sheet, told by its front matter: discover.shebang_formats)."""
    from .project import docs_path

    return docs_path(entry.path.name) or (
        "." not in entry.path.name and any(f.name == "markdown" for f in entry.formats))


def _run_by_document(entry: FileEntry) -> frozenset[str]:
    """The formats that read the code a document runs, not code it shows: those of kind ``source`` among a
    document's formats (a MyST notebook's code cells, which Jupyter Book executes); none for code that is data."""
    if entry.data_imports or not _is_docs(entry):
        return frozenset()
    return frozenset(f.name for f in entry.formats if getattr(f, "kind", None) == "source")


def _drop_imports(out: Collected, said: bool = False, keep: frozenset[str] = frozenset()) -> None:
    """Leave out the imports (``said``: and the install commands a source file's comments and strings say or
    its argument lists run, those of code that is data), but those the formats named in ``keep`` read."""
    if said:
        from .examples import from_code_text

        _drop(out, lambda m: (m.origin is Origin.IMPORT and m.parser not in keep) or from_code_text(m))
    else:
        _drop(out, lambda m: m.origin is Origin.IMPORT and m.parser not in keep)


def _says_installs(mentions: list[Mention]) -> bool:
    from .examples import said_in_code

    return any(said_in_code(m) for m in mentions)


def _code_text(out: Collected, text: str, settings: Settings, hints: Hints) -> None:
    """The install commands a source file's comments, docstrings and strings say, weighed as those of
    documentation (``judge-docs-installs``, ``docs-examples``): a placeholder is a note."""
    from .examples import said_in_code

    if not settings.judge_docs_installs:
        _drop(out, said_in_code)
    elif settings.docs_examples:
        from .examples import mark

        said = [i for i, m in enumerate(out.mentions) if said_in_code(m)]
        marked = mark([out.mentions[i] for i in said], text, settings.placeholder_words, hints.own_installers)
        for i, m in zip(said, marked):
            out.mentions[i] = m


def _own_origin(rule: OwnNames, m: Mention) -> bool:
    """Whether ``m``'s origin is one ``rule`` leaves the tree's own names out of: its ``origins``, or its
    ``document_origins`` in a document (Markdown, reStructuredText, AsciiDoc)."""
    if rule.origins is None or m.origin in rule.origins:
        return True
    from .project import docs_path

    return m.origin in rule.document_origins and docs_path(m.location.path or "")


def _drop_own(out: Collected, hints: Hints, text: str = "", folder: str = "") -> None:
    """Leave out what the tree makes itself, as each ecosystem declares it (:func:`own_names`): images it builds
    (``docker build -t x`` … ``docker run x``) and, in install commands, the npm packages it defines (a
    package.json ``name`` of the tree: prettier's changelog installs its new ``@prettier/plugin-yuku`` with yarn
    in the release that adds it), and, in the tree's scripts, a runner's command that one of its packages defines as a
    ``bin`` (``npx vant-cli dev`` where ``@vant/cli`` defines it; a document that runs it is judged). None of them is
    a registry name yet. ``folder``: the file's folder relative to its scan root ("" for the root), where a document's
    reader is after it has them install the project there (a bin the lockfile of that project installs).

    Each set is read only when a mention could be in it: what a file's parse read of the project facts is
    what its cache entry depends on (a file naming no image does not go stale when the tree builds one)."""
    rules = {own.ecosystem: own for own in own_names()}
    wanted: dict[str, tuple[frozenset[str], OwnNames]] = {}
    for m in out.mentions:
        rule = rules.get(m.key.ecosystem)
        if rule is not None and rule.ecosystem not in wanted and _own_origin(rule, m):
            wanted[rule.ecosystem] = (getattr(hints, rule.hints), rule)
    wanted = {eco: rule for eco, rule in wanted.items() if rule[0]}
    if not wanted:
        return
    from .parsers import OWN_BIN, OWN_BIN_IN, OWN_BIN_OF
    from .project import contributor_guide, docs_path
    from .runner_bins import _runs_installed

    def counts(m: Mention) -> OwnNames | None:
        names, rule = wanted.get(m.key.ecosystem, (frozenset(), None))
        if rule is None or not _own_origin(rule, m):
            return None
        return None if docs_path(m.location.path or "") and not rule.documents else rule

    # (file, ecosystem, own package) -> the first line of that file installing it (not running it)
    installed: dict[tuple[str | None, str, str], int] = {}
    for m in out.mentions:
        if (m.origin is Origin.COMMAND and not (m.note or "").startswith("runs the package") and counts(m)
                and m.key.name in wanted[m.key.ecosystem][0]):
            key = (m.location.path, m.key.ecosystem, m.key.name)
            line = m.location.line or 0
            installed[key] = min(installed.get(key, line), line)

    found_sections: list[list[int]] = []
    found_lines: list[list[str]] = []

    def sections() -> list[int]:
        if not found_sections:
            from .text.sections import section_starts

            found_sections.append(sorted(section_starts(text)))
        return found_sections[0]

    def lines() -> list[str]:  # the document's lines, split once (reviewer r33: once per mention was quadratic)
        if not found_lines:
            found_lines.append(text.split("\n"))
        return found_lines[0]

    def own(m: Mention) -> bool:
        if counts(m) is None:
            return False
        names, rule = wanted[m.key.ecosystem]
        if m.key.name in names and not (docs_path(m.location.path or "") and rule.judged_in_document(m)):
            return True
        # a runner given a command the tree's own packages define (an [own] reader's OWN_BIN entry) runs it, in the
        # tree's scripts and in a guide to working on the tree (nand2tetris/web-ide's DEVELOPMENT.md: `npx nand2tetris
        # grade`), read in a checkout; any other document tells its reader to run it wherever they are (apostrophe's
        # docs: npx apos-db-dump), unless it has them install the package defining it first (then npx runs its bin)
        if not (m.note or "").startswith("runs the package") or OWN_BIN + m.key.name not in names:
            return False
        # a runner that always fetches (``fetching_runners``: pnpm dlx, pnpx, yarn dlx) or is given a version (npx
        # x@latest) runs the registry's package of that name whatever the tree defines or its lockfile installs: a
        # squat of a bin's name would run there (reviewer r35; the runner_bins rules say the same)
        if m.spec or not _runs_installed(m.key.ecosystem, m.note):
            return False
        name = (m.location.path or "").replace("\\", "/").rpartition("/")[2]
        if not docs_path(name) or contributor_guide(f"{folder}/{name}" if folder else name):  # relative: the tree's folders
            return True
        # in the same section: a page of alternatives (openzeppelin-upgrades' migration guide installs the bin's
        # Hardhat plug-in under its Hardhat tab, the Truffle plug-in under the other, then runs the bin in the next
        # section, where a Truffle reader's npx fetches the registry's name) says nothing of what the reader installed
        prefix = OWN_BIN + m.key.name + OWN_BIN_OF
        line = m.location.line or 0
        heading = None
        for entry in names:
            if entry.startswith(prefix):
                at = installed.get((m.location.path, m.key.ecosystem, entry[len(prefix):]), line)
                if at < line and bisect.bisect_right(sections(), line) == bisect.bisect_right(sections(), at):
                    return True  # no section starts after the install and at or before the run
                # a section headed by the package defining the bin is about that package, its reader has it (fedify's
                # CHANGES.md, "### @fedify/cli": "Fixed `fedify` command hanging … via `npm exec -- fedify`")
                if heading is None:
                    heading = _heading_above(lines(), sections(), line)
                if _names_package(heading, entry[len(prefix):]):
                    return True
        # the lockfile of the project the document lies in (the nearest folder at or above it whose lockfile installs
        # commands) installs this one into node_modules/.bin, and the page had its reader install the project of their
        # folder above the runner (appium-boilerplate's README: `npm install`, then `npx start-appium-inspector`, a bin
        # of the locked @wdio/appium-service)
        project = nearest_locked(folder, m.key.ecosystem)
        if project is not None and OWN_BIN + m.key.name + OWN_BIN_IN + project in names:
            first = project_install(m.location.path or "", m.key.ecosystem)
            return first is not None and first < line
        return False

    locked_folders: dict[str, list[str]] = {}

    def nearest_locked(where: str, ecosystem: str) -> str | None:
        if ecosystem not in locked_folders:  # the folders whose lockfiles install commands, deepest first, read once
            found = {entry.rpartition(OWN_BIN_IN)[2] for entry in wanted[ecosystem][0]
                     if entry.startswith(OWN_BIN) and OWN_BIN_IN in entry}
            locked_folders[ecosystem] = sorted(found, key=lambda f: (-len(f), f))
        return next((f for f in locked_folders[ecosystem] if _at_or_below(where, f)), None)

    project_installs: dict[str, int | None] = {}

    def project_install(path: str, ecosystem: str) -> int | None:  # the page read once per ecosystem, when asked
        if ecosystem not in project_installs:
            from .text.project_installs import first_project_install

            project_installs[ecosystem] = first_project_install(text, path, ecosystem)
        return project_installs[ecosystem]

    _drop(out, own)


def _at_or_below(folder: str, top: str) -> bool:
    """Whether ``folder`` (relative to the scan root, POSIX, "" for the root) is ``top`` or a folder below it."""
    return not top or folder == top or folder.startswith(top + "/")


def _heading_above(lines: list[str], starts: list[int], line: int) -> str:
    """The text of the heading of the section ``line`` is in (``starts``: the sorted first lines of the document's
    sections, :func:`~depguard.text.sections.section_starts`; ``lines``: its lines), "" when none starts at or before
    it. A bisection: a document of many sections, each running the tree's bin, is read once (reviewer r33: the
    heading was looked for from the text's start for every mention, 8,000 sections took 28 s)."""
    k = bisect.bisect_right(starts, line)
    start = starts[k - 1] if k else 0
    return lines[start - 1] if 0 < start <= len(lines) else ""


def _names_package(heading: str, package: str) -> bool:
    """Whether a heading names ``package`` as a word of its own (``### @fedify/cli``, ``## `vant-cli` ``), not
    inside another name (``@fedify/cli-tools``)."""
    return bool(package) and re.search(r"(?<![\w@/.-])" + re.escape(package) + r"(?![\w/-]|\.\w)", heading) is not None


def _drop(out: Collected, leave_out: Callable[[Mention], bool]) -> None:
    kept: list[Mention] = []
    suppressed: dict[int, str] = {}
    for i, m in enumerate(out.mentions):
        if leave_out(m):
            continue
        if i in out.suppressed:
            suppressed[len(kept)] = out.suppressed[i]
        kept.append(m)
    out.mentions, out.suppressed = kept, suppressed


MAX_TEXT_MENTIONS = 10_000  # mentions read from one text; past it the rest of the text is not read
MAX_TEXT_NAMES = 250  # distinct names one text may have looked up; past it they are not checked


def collect_text(text: str, path: str = "<stdin>", settings: Settings | None = None, root: Path | None = None) -> Collected:
    """The mentions of a text under judgement (a chat answer, an agent's message): an inline
    ``depguard: ignore`` in it suppresses nothing, since the text would be excusing itself.

    Bounded, since one answer must not cost a hook unbounded time or registry traffic: at most
    ``MAX_TEXT_MENTIONS`` mentions are read, and at most ``MAX_TEXT_NAMES`` distinct names are looked up; the
    names past it are reported not checked, and a ``limit`` problem says so (exit 3, never a pass)."""
    import itertools

    from .text import mentions_in_text

    out = Collected(files=1)
    hints = project_hints(root) if root else Hints()
    # an answer's code is what its reader runs and installs for: an optional import in it is judged like any other
    hints.judge_guarded_imports = True
    hints.read_sentences = True  # and a command its sentences say is one its reader runs
    source = Source(path=path, text=text, root=root, hints=hints)

    class _TextFormat:
        name = "text"

        @staticmethod
        def parse(src: Source) -> Iterator[Mention]:
            return itertools.islice(mentions_in_text(src), MAX_TEXT_MENTIONS + 1)

    _parse_with(_TextFormat, source, out, inline_suppression=False)  # type: ignore[arg-type]
    out.problems.extend(source.problems)
    if len(out.mentions) > MAX_TEXT_MENTIONS:
        last = out.mentions.pop().location
        out.problems.append(Problem(f"more than {MAX_TEXT_MENTIONS:,} package mentions; the text after line "
                                    f"{last.line} was not read", Location(path, last.line), "limit"))
    _cap_names(out, path)
    return out


def _cap_names(out: Collected, path: str) -> None:
    """Names past the first ``MAX_TEXT_NAMES`` distinct ones (that would be looked up) are not asked."""
    valid = _validity(out.mentions)
    order = [k for k in dict.fromkeys(m.key for m in out.mentions) if valid[k] is None]
    if len(order) <= MAX_TEXT_NAMES:
        return
    why = (f"not looked up: the text names {len(order):,} distinct packages, more than the "
           f"{MAX_TEXT_NAMES} one text check may look up")
    out.unasked.update((k, why) for k in order[MAX_TEXT_NAMES:])
    first = next(m.location for m in out.mentions if m.key == order[MAX_TEXT_NAMES])
    out.problems.append(Problem(f"{len(order) - MAX_TEXT_NAMES:,} of {len(order):,} distinct package names not "
                                f"looked up (a text check looks up at most {MAX_TEXT_NAMES})",
                                Location(path, first.line), "limit"))


def collect_names(names: Iterable[str], ecosystem: str | None = None) -> Collected:
    """Mentions of package specs given as arguments (``requests==2.31.0``, ``npm:lodash@4``, ``-e cargo serde@1``),
    each read in its ecosystem's spelling (:mod:`depguard.specs`). Without ``ecosystem`` an ``eco:`` prefix
    names it, else the spec's shape (:func:`depguard.specs.guess_ecosystem`, or an ecosystem that reads a
    spelling the default cannot, as npm's ``name@range``: the ``[spec]`` tables of the ecosystems); ``Collected.assumed`` tells, for each name whose ecosystem was assumed although the name is valid
    elsewhere too, which ecosystem was assumed."""
    from .specs import guess_ecosystem, guesses, read_spec, readable, unquote

    cat = catalog()
    out = Collected()
    for raw in names:
        eco_id = ecosystem
        text = unquote(raw)
        if eco_id is None and ":" in text:
            prefix, rest = text.split(":", 1)
            if prefix.lower() in cat:
                eco_id, text = prefix, rest
            elif "://" in text:  # pip's 'name @ https://…', 'git+https://…': installed from there, no registry
                raise ConfigError(f"{raw!r}: a URL installs from its own address, not from a registry; "
                                  "check the package name alone (NAME, or ECOSYSTEM:NAME)")
            elif _PREFIX.fullmatch(prefix) and not _coordinate(text):
                raise ConfigError(f"{raw!r}: {prefix!r} is not an ecosystem (known: {', '.join(cat.ids())}); "
                                  "write ECOSYSTEM:NAME or use -e")
            # else the colon belongs to the spec (npm's alias 'name@npm:real@1'): read by its shape below
        guessed = eco_id is None
        if eco_id is None:
            eco_id = guess_ecosystem(text)
            if eco_id == guesses().default and not readable(text, eco_id):  # name@range: npm's spelling
                eco_id = next((e for e in guesses().respelled if readable(text, e)), eco_id)
        eco = cat.get(eco_id)
        spec = read_spec(text, eco.id)
        out.mentions.append(Mention(eco.key(spec.name), spec.name, Location(None), Origin.ARGUMENT, "argument",
                                    spec=spec.version, note=spec.note))
        if guessed:
            also = [e.display for e in cat if e.id != eco.id and e.id in guesses().often  # the same name, read there
                    and read_spec(text, e.id).name == spec.name and e.name_rule.invalid_reason(spec.name) is None]
            if also and eco.name_rule.invalid_reason(spec.name) is None:
                out.assumed.append((spec.name, eco.display, eco.id, also))
    return out


# what an ECOSYSTEM: prefix looks like (a colon after '@', a space or a '/' is part of the spec, not a prefix)
_PREFIX = lazyre.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def _coordinate(text: str) -> bool:
    """Whether a colon in ``text`` is part of the name: a shape an ecosystem claims holds it (Maven's
    ``group:artifact``), so the part before it is no ecosystem prefix."""
    from .specs import guess_ecosystem, guesses

    return guess_ecosystem(text) != guesses().default and ":" in text


def _validity(mentions: Iterable[Mention], cache: Invalid | None = None) -> Invalid:
    """key -> why its name is invalid on its registry (None: valid), for every mention's key, in the order
    first mentioned."""
    # each key object once (ints hash in C; the mentions of one file or cache share their key objects)
    keys = {id(k): k for k in map(_KEY_OF, mentions)}
    return _validity_of_keys(keys.values(), cache)


_KEY_OF = operator.attrgetter("key")


def _validity_of_keys(keys: Iterable[PackageKey], cache: Invalid | None = None) -> Invalid:
    cat = catalog()
    invalid: Invalid = {} if cache is None else cache
    for k in keys:
        if k not in invalid:
            invalid[k] = cat.get(k.ecosystem).name_rule.invalid_reason(k.name)
    return invalid


def _wanted(key: PackageKey, settings: Settings) -> bool:
    """Whether to ask a registry about a valid name: allowed names are not asked, except private-looking
    ones, because the dependency-confusion rule (DG006) needs to know whether the public registry has them."""
    return not settings.allowed(key.ecosystem, key.name) or bool(settings.private_match(key.ecosystem, key.name))


def _askable(invalid: Invalid, settings: Settings) -> list[PackageKey]:
    return [k for k, bad in invalid.items() if bad is None and _wanted(k, settings)]


class Judging:
    """Judging (key, name as written) pairs as their answers arrive, ahead of :func:`judge_all`.

    The checks read only the key, the name as written and the answer, so each pair is judged once, however
    many mentions it has (a monorepo names the same package thousands of times); a streaming scan judges the
    pairs whose answer the cache holds while its files are still parsed."""

    def __init__(self, settings: Settings, invalid: Invalid) -> None:
        from .checks import CheckContext

        self.ctx = CheckContext.for_settings(settings)
        self.invalid = invalid
        # (ecosystem, name, name as written) -> finding: plain strings, hashed in C and once (a PackageKey's
        # hash and equality are Python functions, called per mention of a large tree)
        self.judged: dict[tuple[str, str, str], Finding] = {}
        self._pairs: set[tuple[str, str, str]] = set()  # the pairs found so far
        self._kept: VerdictStore | None = None  # the judgements kept across runs (depguard.verdicts), once opened
        self._opened = False
        # the earliest moment (a timestamp) at which some judgement made here may change with time alone (a day
        # count a rule read changes: see CheckContext.days_since); None while none can
        self.holds_until: float | None = None

    def pair(self, m: Mention, answers: Mapping[PackageKey, RegistryAnswer]) -> Finding:
        """The finding of ``m``'s (key, name as written) pair: judged the first time it is asked for, or kept
        from an earlier run when its answer came from the answer cache (:mod:`depguard.verdicts`)."""
        key = m.key
        memo = (key.ecosystem, key.name, m.written)
        got = self.judged.get(memo)
        if got is None:
            from .checks import judge

            answer = answers.get(key)
            texts = getattr(answers, "texts", None)  # depguard.verdicts.StoredAnswers: as the cache stored them
            text = texts.get(key) if texts is not None and answer is not None else None
            ctx = self.ctx
            if text is None or answer is None:
                ctx.horizon = None  # the day counts this judgement reads
                got = judge(m, answer, ctx, invalid=self.invalid.get(key))
                self._holds(None if ctx.horizon is None else ctx.horizon.timestamp())
            else:
                if not self._opened:
                    from .verdicts import VerdictStore

                    self._opened = True
                    self._kept = VerdictStore.for_settings(ctx.settings)
                    ctx.memo["verdicts"] = self._kept  # written when the judging is over (checks.finish)
                store = self._kept
                invalid = self.invalid.get(key)
                held = store.get(m, invalid, answer, text, ctx) if store is not None else None
                if held is None:
                    ctx.horizon = None
                    got = judge(m, answer, ctx, invalid=invalid)
                    self._holds(None if ctx.horizon is None else ctx.horizon.timestamp())
                    if store is not None:
                        store.put(m, invalid, answer, text, got, ctx)
                else:
                    got, until = held
                    self._holds(until)
            self.judged[memo] = got
        return got

    def _holds(self, until: float | None) -> None:
        if until is not None and (self.holds_until is None or until < self.holds_until):
            self.holds_until = until

    def found(self, mentions: Iterable[Mention], answers: Answers) -> None:
        """New mentions: remember their pairs, and judge those whose key is answered already (the cache)."""
        pairs = self._pairs
        for m in mentions:
            key = m.key
            memo = (key.ecosystem, key.name, m.written)
            if memo not in pairs:
                pairs.add(memo)
                if key in answers:
                    self.pair(m, answers)


_new = object.__new__
_set_fields = object.__setattr__  # a frozen record refuses assignment


def suppressed_finding(m: Mention, reason: str, answers: Answers) -> Finding:
    """The finding of a mention suppressed inline (``depguard: ignore``, ``reason`` given or "")."""
    return Finding(m, Verdict.ALLOWED, "DG200", (f"suppressed inline: {reason}" if reason else "suppressed inline",),
                   answer=answers.get(m.key))


def for_mention(finding: Finding, m: Mention) -> Finding:
    """A pair's finding for another mention of the pair: its fields copied whole (a frozen record's
    __init__ sets them one by one, and this runs once per mention)."""
    fields = finding.__dict__.copy()
    fields["mention"] = m
    got = _new(Finding)
    _set_fields(got, "__dict__", fields)
    return got


def judge_all(collected: Collected, answers: Answers, settings: Settings, invalid: Invalid | None = None,
              judging: Judging | None = None) -> Report:
    from .checks import finish, locked_only
    from .examples import as_note

    invalid = invalid if invalid is not None else _validity(collected.mentions)
    judging = judging or Judging(settings, invalid)
    findings: list[Finding] = []
    append = findings.append
    suppressed = collected.suppressed
    pair, judged = judging.pair, judging.judged
    for i, m in enumerate(collected.mentions):
        if suppressed and i in suppressed:
            append(suppressed_finding(m, suppressed[i], answers))
            continue
        key = m.key
        first = judged.get((key.ecosystem, key.name, m.written))  # Judging.pair's memo, looked up here: per mention
        if first is None:
            first = pair(m, answers)
        if first.mention is not m:
            first = for_mention(first, m)
        append(first if m.example is None else as_note(first))
    finish(judging.ctx)  # the rules keep what they worked out for the next run (DG002's look-alike matches)
    # a suspicious finding is some pair's: none among the pairs, nothing for locked_only to weigh
    if not settings.judge_locked_lookalikes and any(f.verdict is Verdict.SUSPICIOUS for f in judging.judged.values()):
        findings = locked_only(findings, collected.mentions, settings)
    asked = sum(1 for k, bad in invalid.items() if bad is None and k in answers)
    extra: dict[str, object] = {"files": collected.files, "asked": asked}
    if collected.skipped:
        extra["skipped"] = collected.skipped
    return Report(tuple(findings), tuple(collected.problems), extra=extra)


def evaluate(
    collected: Collected,
    settings: Settings,
    transport: httpx.AsyncBaseTransport | None = None,
    progress: Callable[[int], None] | None = None,
    notice: Callable[[str], None] | None = None,
) -> Report:
    """Look up and judge what was collected (``notice``: see :func:`depguard.lookup.resolve`)."""
    answers, invalid, judging = _answer(collected, settings, transport, progress, notice)
    return judge_all(collected, answers, settings, invalid, judging)


def _answer(collected: Collected, settings: Settings, transport: httpx.AsyncBaseTransport | None,
            progress: Callable[[int], None] | None, notice: Callable[[str], None] | None,
            ) -> tuple[Answers, Invalid, Judging]:
    """The answers for what was collected, each key's validity, and the pairs judged as their answers came."""
    from .lookup import resolve

    invalid = _validity(collected.mentions)
    to_ask = [k for k in _askable(invalid, settings) if k not in collected.unasked]
    # each pair judged as its answer comes, while the registry works on the other requests, not all after the
    # last answer (the checks read only the key, the name as written and the answer: see Judging)
    judging = Judging(settings, invalid)
    # (ecosystem, name) -> its mentions, made at the first answer a registry gives (none on a warm scan, whose
    # answers all come from the cache); plain strings hash in C, a PackageKey in Python
    of_key: dict[tuple[str, str], list[Mention]] = {}

    def answered(key: PackageKey, answer: RegistryAnswer) -> None:
        if not of_key:
            for m in collected.mentions:
                k = m.key
                of_key.setdefault((k.ecosystem, k.name), []).append(m)
        judging.found(of_key.get((key.ecosystem, key.name), ()), {key: answer})

    answers = resolve(to_ask, settings, transport=transport, progress=progress, notice=notice,
                      answered=answered) if to_ask else {}
    if collected.unasked:
        from .model import Existence, RegistryAnswer

        answers.update((k, RegistryAnswer(k, Existence.UNKNOWN, "depguard", why)) for k, why in collected.unasked.items())
    return answers, invalid, judging


FEW_FILES = 64  # at most this many files to parse: read them all, then ask (nothing to overlap the lookups with)
# packages a scan asks about from which their judgements are kept across runs (depguard.verdicts): judging a few
# costs less than reading the kept ones (a hook's or pre-commit's scan of a few files reads and writes nothing)
KEEP_JUDGEMENTS_FROM = 200


def scan_paths(
    paths: list[Path],
    settings: Settings,
    transport: httpx.AsyncBaseTransport | None = None,
    progress: Callable[[int], None] | None = None,
    notice: Callable[[str], None] | None = None,
    keep_output: bool = False,
) -> Report:
    """The scan, one straight pipeline: sources (:func:`gather`) → parse, through the parse cache
    (:func:`from_cache`, :func:`parse_rest`) → mentions (:func:`merge`) → unique keys → lookups → checks →
    findings (a Report; the front end picks the reporter).

    When at most :data:`FEW_FILES` files are left to parse (a small tree, or a warm one), everything is
    read, then asked (:func:`evaluate`: a fully cached run needs no event loop). Otherwise the lookups
    overlap the parsing: each name is asked as soon as the first file naming it is parsed
    (:func:`_stream`). ``notice``: told once per registry that
    cannot be reached or stops answering (see :class:`depguard.lookup.Resolver`).

    ``keep_output`` (a front end that renders the report): when every file was found as the parse cache
    knew it, the report's texts are kept and, while nothing they were made from changed, reused
    (:mod:`depguard.outputmemo`): a cold scan or one after an edit keeps nothing, the next scan of the
    unchanged tree keeps its text and the one after that reuses it."""
    sources = gather(paths, settings)
    memo = None
    if keep_output:
        from .outputmemo import OutputMemo

        memo = OutputMemo.of(sources, settings)
    parsing = from_cache(sources, settings, decode=memo is None)
    missed = bool(parsing.misses)  # some file parsed: a cold scan, or one after an edit
    if memo is not None:
        from .lookup import resolve

        def answered(keys: list[PackageKey]) -> Answers:
            # answered by the cache alone (a warm scan of a large tree): with their stored texts, so the
            # judgements of the pairs are kept across runs (depguard.verdicts)
            return resolve(keys, settings, transport=transport, progress=progress, notice=notice,
                           stored=len(keys) >= KEEP_JUDGEMENTS_FROM) if keys else {}

        if not missed:
            kept = memo.reuse(sources, parsing, settings, answered)
            if kept is not None:
                memo.cache.save()  # validators confirmed by content since (a file stat'd within 2 s of a change)
                return kept
        if len(parsing.misses) <= FEW_FILES:
            compact = memo.compact_report(sources, parsing, settings, answered, missed)
            got = memo.compact if compact is not None else None
            if got is not None and not callable(got):
                from .declarers import compact_lookalike
                from .runner_bins import compact_candidate

                if (not settings.judge_declared_lookalikes and compact_lookalike(got, settings)) or compact_candidate(got):
                    # a look-alike a manifest names, or a missing name a manifest's script runs: the full path below
                    # weighs its declarer (depguard.declarers) or the manifest's dependencies (depguard.runner_bins),
                    # with the answers and judgements the compact scan made; its JSON text is not this report's
                    compact = None
                    memo.answers, memo.invalid, memo.judging = got.answers, got.invalid, got.judging
                    memo.compact = None
            if compact is not None:
                return compact
    if len(parsing.misses) <= FEW_FILES:
        collected = merge(sources, parse_rest(parsing, sources, settings))
        if memo is not None and memo.answers is not None and memo.invalid is not None and memo.judging is not None:
            answers, invalid, judging = memo.answers, memo.invalid, memo.judging  # asked already: the same mentions
        else:
            answers, invalid, judging = _answer(collected, settings, transport, progress, notice)
    else:
        collected, answers, invalid, judging = _stream(sources, parsing, settings, transport, progress, notice)
    report = judge_all(collected, answers, settings, invalid, judging)
    asked = False
    # (a pair's finding carries its first mention only: the mentions are looked at once some pair is a look-alike)
    if _weighs_declarers(judging, settings) and any(
            f.rule == "DG002" and f.verdict is Verdict.SUSPICIOUS and f.mention.origin is Origin.MANIFEST
            for f in report.findings):
        # a look-alike a manifest names: the published release of the package that manifest is may declare it
        # (depguard.declarers). When a declarer was asked, its answer is not among the judged ones the output memo
        # keeps its text with: the text is not kept
        from .declarers import weigh

        report, asked = weigh(report, sources.entries, settings, transport)
    if any(f.verdict in (Verdict.MISSING, Verdict.SUSPICIOUS) and f.mention.origin is Origin.COMMAND
           for f in report.findings):
        # a runner in a manifest's script given a name the registry lacks or doubts: a declared dependency's release
        # may install it as a command (depguard.runner_bins); an answer asked there is not among the judged ones either
        from .runner_bins import weigh as weigh_commands

        report, asked_commands = weigh_commands(report, sources.entries, settings, transport)
        asked = asked or asked_commands
    if asked:
        return report
    if memo is not None and not missed:
        # kept only when this scan found every file as the last one left it: keeping costs a third of a warm
        # scan of a large tree, which only a scan of an unchanged tree gets back (the next one, reusing it);
        # a cold scan or one after an edit pays nothing for it
        report = memo.record(report, sources, answers, invalid, judging)
    return report


def _weighs_declarers(judging: Judging | None, settings: Settings) -> bool:
    """Whether some pair is a look-alike (DG002) that the declaring package's published release may excuse
    (:mod:`depguard.declarers`, in a full scan): its mentions are then looked at one by one."""
    return judging is not None and not settings.judge_declared_lookalikes and any(
        f.rule == "DG002" and f.verdict is Verdict.SUSPICIOUS for f in judging.judged.values())


def scan_streaming(paths: list[Path], settings: Settings, transport: httpx.AsyncBaseTransport | None = None,
                   progress: Callable[[int], None] | None = None,
                   notice: Callable[[str], None] | None = None) -> Report:
    """The former name of :func:`scan_paths` (the same pipeline)."""
    return scan_paths(paths, settings, transport, progress, notice)


def _stream(sources: Sources, parsing: Parsing, settings: Settings, transport: httpx.AsyncBaseTransport | None,
            progress: Callable[[int], None] | None, notice: Callable[[str], None] | None,
            ) -> tuple[Collected, Answers, Invalid, Judging]:
    """Parse and look up at once: the event loop (this thread) asks the registries while another thread
    parses; (key, name as written) pairs are judged as their answers arrive (:class:`Judging`)."""
    import asyncio

    from . import gcpolicy
    from .lookup import Resolver

    invalid: Invalid = {}
    judging = Judging(settings, invalid)

    async def run() -> tuple[Collected, Answers]:
        loop = asyncio.get_running_loop()
        async with Resolver(settings, transport, progress, notice=notice) as resolver:

            def take(mentions: list[Mention], keys: list[PackageKey]) -> None:  # in the loop's thread
                if keys:
                    resolver.submit(keys)
                judging.found(mentions, resolver.answers)

            def parsed(_done: int, batch: list[Collected]) -> None:  # in the parsing thread
                mentions = [m for part in batch for m in part.mentions]
                fresh = list(dict.fromkeys(m.key for m in mentions if m.key not in invalid))
                _validity_of_keys(fresh, invalid)
                keys = [k for k in fresh if invalid[k] is None and _wanted(k, settings)]
                if mentions:
                    loop.call_soon_threadsafe(take, mentions, keys)

            parts = await loop.run_in_executor(None, parse_rest, parsing, sources, settings, parsed)
            answers = await resolver.finish()
        return merge(sources, parts), answers

    collected, answers = asyncio.run(run())
    gcpolicy.settle()
    return collected, answers, _validity(collected.mentions, invalid), judging


def inventory(collected: Collected) -> Report:
    findings = tuple(Finding(m, Verdict.NOT_CHECKED, "DG100", ("inventory only: no registry was asked",)) for m in collected.mentions)
    extra = {"files": collected.files, **({"skipped": collected.skipped} if collected.skipped else {})}
    return Report(findings, tuple(collected.problems), mentions_only=True, extra=extra)
