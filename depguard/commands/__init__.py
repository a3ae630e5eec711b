"""The shell model: shell text -> what it installs (:func:`analyze` -> :class:`CommandPlan`).

:func:`analyze` (in :mod:`._analysis`) walks a script's commands with what the line establishes (variables,
folders, input, files written) and hands each simple command to its tool's grammar. Each tool's real option
grammar is registered with :func:`grammar`: a function from the argument words (after the tool name) to
:class:`Target` (a package named), :class:`Manifest` (an install from a manifest or lockfile, its path
relative to the command's folder) and :class:`Unresolved` values. Options that take a value (``-r FILE``,
``--index-url URL``) and a runner's own arguments (``npx create-next-app my-app``) are never package names.
A tool's grammar lives in its ecosystem's package (``depguard/ecosystems/<id>/tools.py``), which declares the
tool names in its ``ECOSYSTEM.tools``; the module is imported when one of its tools is first met (the shells'
grammars are the engine's own, in :mod:`.shell_tools`). A grammar never sees shell syntax or unknown values
(those reach it as placeholder words, and what it makes of one comes back as Unresolved).

Example::

    @grammar("cargo")
    def cargo(args: list[Word]) -> Iterator[Item]:
        ...
        yield Target("cargo", word, name="serde", spec="1.0")
        yield project("cargo", "cargo", sub, ("Cargo.toml", "Cargo.lock"))  # cargo build
"""

from __future__ import annotations

import importlib
import os
import posixpath
import re
from collections.abc import Callable, Iterable, Iterator, Mapping

from .. import lazyre
from ..model import Example, Mention, Origin
from ..records import record, replace
from .shell import Word


@record(frozen=True)
class Target:
    """A package a command installs or runs by name."""

    ecosystem: str
    word: Word  # where the name is written
    name: str  # the registry name
    spec: str | None = None
    runs: bool = False  # the command executes the package (npx, uvx, pipx run)
    note: str | None = None
    column_shift: int = 0  # where in the word the name starts (e.g. after "npm:")
    index: str | None = None  # another index or registry the command installs from (--index-url, --registry)
    index_only: bool = False  # ``index`` replaces the public registry (pip -i, npm --registry): it alone is asked
    # the folder the tool installs instead when it exists, relative to where the script starts (resolved against the
    # folder the command runs in; None when that folder is unknown): a plug-in host that installs an existing path
    # before it asks the registry (jupyter labextension install NAME). Grammars set the word as written.
    folder: str | None = None
    # the registry names a plug-in host's own catalog may resolve the word to, before the registry is asked by the
    # word itself (``nuxi module add icon``: the Nuxt Modules database's ``icon`` is ``@nuxt/icon``): the first one
    # the project around the file declares or locks is what the command installs (the ecosystem's ``[project]
    # catalog`` function says which); with none of them there, the word is judged as the name it is
    catalog: tuple[str, ...] = ()
    # a runner's: the folder (relative to where the script starts) whose project an earlier command of the same script
    # installed, the folder this runner runs in (``npm update`` then ``npx x`` in a CI job): a runner that runs an
    # installed command before it fetches runs the commands of that project's dependencies there, which only the
    # registry knows (depguard/runner_bins.py asks it); shown in the mention's note after PROJECT_INSTALLED
    project: str | None = None
    # a runner's: the folder (relative to where the script starts) a ``cd`` of the same command line moved to before
    # it, in an ecosystem whose runners run an installed command before they fetch (npx), when the runner fetches
    # nothing by itself (no version, not ``pnpm dlx``): a manifest there defining the command (Lit's release guide,
    # ``cd packages/internal-scripts && npx release-image``) is the tree's own package's command (mentions_of_targets)
    runs_in: str | None = None
    # the command loads the name as its program would import it (``node -r dotenv/config``, ``python -m
    # grpc_tools.protoc``): judged as an import of it where the command is written (the ecosystem's ``[imports]
    # command`` function: the project's own modules, the manifests around it, the standard library), not as an install
    imported: bool = False


@record(frozen=True)
class Manifest:
    """A command installs what a manifest or lockfile names (``pip install -r req.txt``, ``npm ci``, ``uv sync``).

    ``path`` is the file, or the folder the tool installs from, resolved against the folder the command runs
    in; ``files`` are the files the tool reads there (for a folder: candidates, a missing one is skipped).
    ``format``: "project" (the tool's own manifests and lockfiles, ``files`` named by the tool), "requirements"
    (pip's requirements format, ``-r`` chains inside it included), "constraints" (``-c``: pins, installs
    nothing by itself), "names" (one package name per line, e.g. ``xargs -a names.txt npm i``).
    ``written``: (file, text) of files this same command line writes before installing: judge that text,
    not the file on disk. ``appended``: (file, text) the line adds at the end of a file on disk
    (``echo x >> requirements.txt``): judge the file's text followed by that.
    """

    ecosystem: str
    tool: str
    path: str
    files: tuple[str, ...]
    word: Word | None  # where the file or the install is written
    format: str = "project"
    index: str | None = None
    written: tuple[tuple[str, str], ...] = ()
    appended: tuple[tuple[str, str], ...] = ()


@record(frozen=True)
class Unresolved:
    """A command installs or runs something depguard cannot know from the text: a front end asks.

    ``kind``: variable (a value set outside the command), substitution (a command's output), remote-script
    (a downloaded script run by a shell or interpreter), url (an archive or VCS URL), archive (a local
    archive), other-index (a name that comes from another index or registry), folder (a manifest in a folder
    or at a path that cannot be told), written (a manifest this command line changes in an unknown way or
    clones), dynamic-tool (``$PIP install``), code (interpreter code that installs), too-complex (past a bound).
    """

    kind: str
    reason: str  # one line for a person
    word: Word | None  # where in the command
    ecosystem: str | None = None
    tool: str | None = None
    name: str | None = None  # the package name, for other-index


Item = Target | Manifest | Unresolved


@record(frozen=True)
class CommandPlan:
    """Everything a command line installs: named packages, manifest installs and what cannot be resolved."""

    installs: tuple[Target, ...]
    manifests: tuple[Manifest, ...]
    unresolved: tuple[Unresolved, ...]
    imports: tuple[Target, ...] = ()  # what a command loads as its program's import (Target.imported): no install

    @property
    def installs_anything(self) -> bool:
        return bool(self.installs or self.manifests or self.unresolved)


def analyze(script: str, cwd: str | os.PathLike | None = None, home: str | None = None,
            zsh: bool = False) -> CommandPlan:
    """What ``script`` (one command line or a whole shell script) installs, run from folder ``cwd``.

    Manifest paths are resolved against ``cwd`` (kept relative when it is None) after the line's own ``cd``s;
    ``home`` is used for ``~`` and ``$HOME`` (unknown, hence Unresolved, when None); ``zsh``: the script is zsh's
    (an array's ``$arr`` is all its elements). Never runs anything and never reads a file; bounded in time and
    depth (past a bound: an Unresolved of kind too-complex).
    """
    from ..confusables import has_confusable

    if has_confusable(script):  # look-alike letters, invisible characters: read through the ASCII skeleton,
        from ..confusables import as_written, skeleton  # and give the names back as written (to be reported)

        return as_written(script, analyze(skeleton(script), cwd, home, zsh))
    from ._analysis import analyze_script
    from .placeholders import without_template_tags

    script = without_template_tags(script)  # a template's {{ placeholder }}, {% if %}, <%= x %>: no names
    return _plan(analyze_script(script, os.fspath(cwd) if cwd is not None else None, home, zsh))


def _plan(items: Iterable[Item]) -> CommandPlan:
    items = list(items)
    return CommandPlan(tuple(i for i in items if isinstance(i, Target) and not i.imported),
                       tuple(i for i in items if isinstance(i, Manifest)),
                       tuple(i for i in items if isinstance(i, Unresolved)),
                       tuple(i for i in items if isinstance(i, Target) and i.imported))


Grammar = Callable[[list[Word]], Iterable[Item]]
OPTION_NUMBER = lazyre.compile(r"\d+(\.\d+)?[smhkKMG]?")  # an option's count, size or duration: 4, 2.5, 30s, 512M
WINDOWS_PATH = lazyre.compile(r"^['\"]?([A-Za-z]:\\|\\\\|\.{0,2}\\)")
_GRAMMARS: dict[str, Grammar] = {}  # registered (their modules imported)


def grammar(*tools: str) -> Callable[[Grammar], Grammar]:
    def register(fn: Grammar) -> Grammar:
        for tool in tools:
            if tool in _GRAMMARS and _GRAMMARS[tool] is not fn:
                raise RuntimeError(f"command grammar for {tool!r} registered twice")
            _GRAMMARS[tool] = fn
        return fn

    return register


class _Grammars(Mapping[str, Grammar]):
    """Every tool's grammar by tool name: the names come from the declarations (the engine's and each
    ecosystem's ``ECOSYSTEM.tools``), and a grammar's module is imported when that tool is first asked for."""

    def __init__(self) -> None:
        self._modules: dict[str, str] = {}

    def modules(self) -> dict[str, str]:
        if not self._modules:
            from ..ecosystems import declared_tools

            self._modules = declared_tools()[0]
        return self._modules

    def unversioned(self) -> set[str]:
        """The declared tool names read only as themselves (``Tools(versioned=False)``)."""
        from ..ecosystems import declared_tools

        return set(declared_tools()[1])

    def __getitem__(self, tool: str) -> Grammar:
        if tool not in _GRAMMARS:
            module = self.modules().get(tool)
            if module is None:
                raise KeyError(tool)
            importlib.import_module(module)
            if tool not in _GRAMMARS:
                raise RuntimeError(f"{module} is declared to register the grammar of {tool!r} and does not")
        return _GRAMMARS[tool]

    def __contains__(self, tool: object) -> bool:
        return tool in _GRAMMARS or tool in self.modules()

    def __iter__(self) -> Iterator[str]:
        yield from self.modules()
        yield from (tool for tool in list(_GRAMMARS) if tool not in self.modules())

    def __len__(self) -> int:
        return len(self.modules()) + sum(1 for tool in _GRAMMARS if tool not in self.modules())


_ALL_GRAMMARS = _Grammars()


def grammars() -> Mapping[str, Grammar]:
    """Every tool's grammar by tool name (a grammar's module is imported when its tool is first looked up)."""
    return _ALL_GRAMMARS


def tool_name(word: str | Word) -> str:
    """The tool a command word names: ``/usr/bin/pip3`` -> pip3, ``C:\\Python312\\python.exe`` -> python."""
    windows = isinstance(word, Word) and WINDOWS_PATH.match(word.raw)  # C:\\Python312\\python.exe; p\\ip is pip
    text = word.raw.replace("\\", "/") if windows and isinstance(word, Word) else str(getattr(word, "text", word))
    base = text.strip("'\"").rsplit("/", 1)[-1]
    for suffix in (".exe", ".cmd", ".bat", ".ps1"):
        if base.lower().endswith(suffix):
            base = base[: -len(suffix)]
    return base


_PATTERNS: list[tuple[_StartPattern, lazyre.Pattern]] = []


def _longest_first(alternative: str) -> tuple[int, str]:
    return -len(alternative), alternative


def command_patterns() -> tuple[_StartPattern, lazyre.Pattern]:
    """(a command the model reads at the start of a text, a tool name anywhere in a text): the text reader's
    cheap pre-filter, built from the same knowledge as :func:`analyze` so both recognise the same forms.

    The start pattern allows what :func:`analyze` reads in front of a tool: ``VAR=x``/``X=y;`` assignments,
    wrappers (``sudo -H``, ``env A=1``, ``timeout 10``, ``nohup``, ``time -p``), a change of folder chained before
    (``cd app && bun add x``, ``cd web; npm i x``: a code span of prose says it as one), runners (``uv run``, ``poetry
    run``, ``corepack``), version suffixes (``pip3.12``, ``pip-3.12``, ``python3.11``), interpreter options
    before ``-m`` (``python -W ignore -m pip``, ``python -mpip``), nested shells and ``eval``, loops
    (``for p in …; do``) and pipes into xargs or a shell (``echo x | xargs pip install``)."""
    if _PATTERNS:
        return _PATTERNS[0]
    from ._analysis import runner_names
    from .shell import SHELLS, WRAPPERS

    words = _ALL_GRAMMARS.unversioned()  # tools read only as themselves (`go`), never with a version suffix
    names = {t for t in grammars() if len(t) > 1 and t not in ("R", "make") and t not in words} | runner_names() | SHELLS
    names |= {"eval", "xargs", "iex", "easy_install"}
    # longest first, then in a fixed order: the same pattern text in every process (not set order, which
    # changes with the hash seed), so that its compiled program is found in the pattern store (lazyre.stored)
    alt = "|".join(sorted((re.escape(t) for t in names), key=_longest_first))
    version = r"(?:-?\d+(?:\.\d+)*)?"
    wrappers = "|".join(sorted((re.escape(w) for w in WRAPPERS | {"sudo"}), key=_longest_first))
    # repetitions are bounded so that trying the pattern at every position of a long line stays linear
    prefix = (rf"(?:(?:cd|pushd)[ \t]+[^\s;&|]+[ \t]*(?:&&|;)[ \t]*){{0,2}}"  # cd app && / cd app;
              rf"(?:[A-Za-z_]\w{{0,31}}=\S*(?:[ \t]*[;&]+)?[ \t]+){{0,6}}"  # X=1 / X=a; / X=a &&
              rf"(?:(?:{wrappers})(?:[ \t]+(?:-\S+|\d+\S*|[A-Za-z_]\w{{0,31}}=\S*)){{0,6}}[ \t]+){{0,4}}")
    python = r"(?:python[\d.]*|py|pypy3?)(?:[ \t]+(?:-[WXQ][ \t]+\S+|-[^\sm]\S*)){0,8}[ \t]+-m[ \t]*\w"
    tool = rf"(?:{alt}){version}[ \t]+[\w@./:'\"$-]"
    loop = r"for[ \t]+\w+[ \t]+in[ \t]|while[ \t]+(?:IFS=\S*[ \t]+)?read\b"
    piped = r"(?:echo|printf|cat)[ \t][^|\n]*\|[ \t]*(?:sudo[ \t]+)?(?:xargs|bash|sh|zsh|iex)\b"
    word = "|".join(sorted((re.escape(t) for t in words), key=_longest_first))
    bare = rf"|(?:{word})[ \t]+[\w@./:-]" if word else ""
    bare_anywhere = f"|{word}" if word else ""
    direct = rf"(?:{python}|{tool}{bare}|R[ \t]+[\w@./:-])"
    # most texts start with the tool itself: that pattern is tried first, the rest only after a word that
    # can lead one (an assignment, a wrapper, a loop keyword, echo/printf/cat)
    start = _StartPattern(lazyre.compile(direct), names | words | {"R"},
                          WRAPPERS | {"sudo", "for", "while", "echo", "printf", "cat", "cd", "pushd"},
                          lazyre.compile(rf"{prefix}{direct}|{loop}|{piped}"))
    anywhere = rf"(?<![\w.-])(?:(?:{alt}){version}{bare_anywhere}|(?:python[\d.]*|py)\s+(?:-\S+\s+)*-m\s*pip)(?![\w-])"
    _PATTERNS.append((start, lazyre.compile(anywhere)))
    return _PATTERNS[0]


class _StartPattern:
    """A command at a position of a text: the tool itself, else a tool behind assignments and wrappers, a
    loop or a pipe into xargs or a shell. The first word is looked up in sets before any pattern runs (most
    positions of a text start no command), which keeps a scan of every position cheap."""

    FIRST = lazyre.compile(r"[A-Za-z_][\w.+-]{0,40}")
    VERSION = lazyre.compile(r"-?\d+(?:\.\d+)*[mwtd]?$")

    def __init__(self, direct: lazyre.Pattern, tools: set[str], leads: set[str], full: lazyre.Pattern) -> None:
        self.direct, self.tools, self.leads, self.full = direct, tools, leads, full
        self.pattern = f"{direct.pattern}|{full.pattern}"

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        first = self.FIRST.match(text, pos)
        if first is None:
            return None
        word = first.group(0)
        after = text[first.end():first.end() + 1]
        stem = self.VERSION.sub("", word)
        if stem in self.tools or word in self.tools or stem.startswith(("python", "py")):
            found = self.direct.match(text, pos)
            if found:
                return found
        if after == "=" or (after in (" ", "\t") and word in self.leads):
            return self.full.match(text, pos)
        return None


def script_in_word(word: Word) -> Iterator[Target]:
    """The packages a script held in one word names (``bash -c '…'``), placed where that script is written.

    Inside a walk (a grammar calling this) everything it installs is recorded by the walk itself (manifests
    and unresolved values too) and nothing is returned here."""
    from ._analysis import analyze_script_in_word

    yield from (i for i in analyze_script_in_word(word) if isinstance(i, Target))


def targets_of_command(words: list[Word], elsewhere: str | None = None) -> Iterator[Target]:
    """The packages one simple command (given as words: an argv, or a grammar's nested command) names;
    ``elsewhere`` says where it runs when that is not here ("in container web"): its folder is unknown.
    Inside a walk, as :func:`script_in_word`; outside, :func:`analyze_command` gives the whole plan."""
    yield from analyze_command(words, elsewhere).installs


def analyze_command(words: list[Word], elsewhere: str | None = None) -> CommandPlan:
    """:func:`analyze` for one command given as words (an argv such as ``["pip", "install", "-r", "r.txt"]``)."""
    from ._analysis import analyze_words

    return _plan(analyze_words(words, elsewhere))


def targets_in_script(script: str) -> Iterator[Target]:
    """The packages ``script`` installs or runs by name (see :func:`analyze` for manifests and the rest)."""
    yield from analyze(script).installs


# how a runner's note ends when the script installed the project of the folder it runs in before (Target.project)
PROJECT_INSTALLED = "; after an install of the project in "

# the parsers whose files are scripts run from their own folder: the package lists their commands install from
# (`npm i -g $(cat npmfile)`, `xargs -a list pipx install`) are read too (depguard/parsers/named_lists.py)
READ_NAMED_LISTS = frozenset({"shell", "makefile"})


ZSH_FILES = frozenset({".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout", "zshrc", "zshenv", "zprofile",
                       "dot_zshrc", "dot_zshenv", "dot_zprofile"})
ZSH_SHEBANG = lazyre.compile(r"#![ \t]*\S*(?:/|env[ \t]+(?:-\S+[ \t]+)*)zsh\b")


def is_zsh_script(path: str, text: str) -> bool:
    """Whether the script at ``path`` is zsh's: a ``.zsh`` file, zsh's startup files, or a ``#!`` naming zsh."""
    name = path.replace("\\", "/").rpartition("/")[2]
    chezmoi = name.rpartition("dot_")[2] if "dot_" in name else None  # private_dot_zshrc
    return (name.endswith(".zsh") or name in ZSH_FILES or (chezmoi is not None and f"dot_{chezmoi}" in ZSH_FILES)
            or ZSH_SHEBANG.match(text) is not None)


def mentions_in_script(source, parser: str = "shell", origin: Origin = Origin.COMMAND,
                       installed: Iterable[tuple[str, str]] = (), cwd: str | None = None,
                       imports: bool = True) -> Iterator[Mention]:
    """Mentions for every install or run command in ``source.text`` (a shell script or a fragment: a
    ``parsers.Source``), and for a shell script's or Makefile's, the names of the package lists it installs from.
    ``installed``: the (ecosystem, name) of the packages installed where the script runs (a package.json's
    dependencies, for its ``scripts``): a runner given one's command (:func:`._analysis.bin_of`, as after an install in
    the script) runs that bin. ``cwd``: the folder the text runs in, relative to where its script starts, when an
    earlier command moved there (a console transcript's ``$ cd consumer`` before ``$ npx pact-broker …``). ``imports``:
    whether what the commands load as their program's import is judged (:func:`mentions_of_imports`); not for commands
    run in an image the file only names (a compose service's, a Tekton step's), whose modules are that image's."""
    from ._analysis import bin_of

    plan = analyze(source.text, cwd=cwd, zsh=parser == "shell" and is_zsh_script(source.path, source.text))
    installed = tuple(installed)
    # only the same-letters rule (uglifyjs for uglify-js) and a scope's `cli` package: a scoped dependency's bin is
    # no sure guess from its name (@types/X has none; r26 #6: depguard/runner_bins.py asks the registry's `bin`
    # instead), and a runner given a version or tag (`npx x@latest`) fetches the registry's x whatever is installed
    targets = [t for t in plan.installs if not (t.runs and not t.spec and any(
        eco == t.ecosystem and bin_of(eco, t.name, name, runner=t.note) for eco, name in installed))]
    yield from mentions_of_targets(source, targets, parser, origin)
    if imports:
        yield from mentions_of_imports(source, plan.imports, parser)
    if plan.manifests and parser in READ_NAMED_LISTS and origin is Origin.COMMAND:
        from ..parsers.named_lists import mentions_of_named_lists

        yield from mentions_of_named_lists(source, plan.manifests)


def mentions_of_targets(source, targets: Iterable[Target], parser: str = "shell", origin: Origin = Origin.COMMAND,
                        lead_quote: bool = True) -> Iterator[Mention]:
    """Mentions for targets found in ``source.text`` (placed after an opening quote when ``lead_quote``)."""
    from ..ecosystems import catalog

    known = catalog()
    for t in targets:
        if t.ecosystem not in known:
            continue
        if t.folder is not None and _existing_path(source, t.folder):
            continue  # the tool installs that folder of the tree, not the registry's package
        if t.runs_in is not None and (_folder_defines_command(source, t.ecosystem, t.runs_in, t.name)
                                      or _folder_locks_command(source, t.ecosystem, t.runs_in, t.name)):
            continue  # the runner runs the command the package of the folder it was moved to defines
        name = t.name
        if t.catalog:
            chosen = _catalog_choice(source, t.ecosystem, t.catalog)
            name = chosen or name
        note = t.note or ("runs the package" if t.runs else None)
        if t.project is not None:
            note = f"{note}{PROJECT_INSTALLED}{t.project}"
        if t.index:
            note = f"{note + '; ' if note else ''}from {t.index}"
        lead = 1 if lead_quote and t.word.raw[:1] in ("'", '"') else 0  # the name starts after the opening quote
        found = source.mention(t.ecosystem, t.word.text, t.word.line, t.word.column + lead + t.column_shift, origin,
                               parser, spec=t.spec, name=name, note=note)
        if t.index and t.index_only:
            # the public registry is not asked at all: its `ok` is still the package (a mirror's, or a private
            # index's copy of a public name), but a name it lacks or doubts says nothing about that index's
            found = replace(found, example=Example(f"installed from {t.index} only, an index depguard does not ask",
                                                   any_verdict=True, setting=None, unchecked=True, ok_passes=True))
        yield found


def mentions_of_imports(source, targets: Iterable[Target], parser: str = "shell") -> Iterator[Mention]:
    """Mentions for what commands in ``source.text`` load as their program's import (:attr:`Target.imported`: ``node -r
    dotenv/config``, ``python -m grpc_tools.protoc``), judged as the ecosystem judges an import written where the command
    is: its ``[imports] command`` function ((source, name, line, column) -> mentions, the column where the name starts)
    knows the project's own modules, the manifests around the file and the runtime's own modules. An ecosystem without
    one has no such command."""
    for t in targets:
        judge = _command_import(t.ecosystem)
        if judge is None:
            continue
        lead = 1 if t.word.raw[:1] in ("'", '"') else 0
        for m in judge(source, t.name, t.word.line, t.word.column + lead + t.column_shift):
            yield replace(m, parser=parser, note=f"{m.note}; {t.note}" if m.note and t.note else (m.note or t.note))


def mentions_of_node_options(source, value: str, line: int, column: int, parser: str) -> Iterator[Mention]:
    """What ``NODE_OPTIONS`` set to ``value`` outside a command line preloads (a CI workflow's ``env:`` map, written at
    1-based ``column`` of ``line``): the Node processes started with it load each id first, so each is judged as a
    ``require`` there, as ``NODE_OPTIONS='…' node`` is (a path, a URL or a variable is none)."""
    if not value or "'" in value or "\n" in value:
        return
    prefix = "NODE_OPTIONS='"
    fragment = source.fragment(f"{prefix}{value}' node", line, column - len(prefix))
    yield from mentions_in_script(fragment, parser=parser)


_IMPORTERS: dict[str, Callable[..., Iterator[Mention]] | None] = {}  # ecosystem id -> its [imports] command function


def _command_import(ecosystem: str) -> Callable[..., Iterator[Mention]] | None:
    if ecosystem not in _IMPORTERS:
        from ..ecosystems import catalog, declared_function

        eco = catalog().get(ecosystem)
        ref = eco.data.get("imports", {}).get("command") if eco is not None else None
        _IMPORTERS[ecosystem] = None if ref is None else declared_function(
            eco, ref, f"{eco.folder / 'ecosystem.toml'}: imports.command")
    return _IMPORTERS[ecosystem]


_CATALOG: dict[str, Callable[..., str | None] | None] = {}  # ecosystem id -> its [project] catalog function, or None


def _catalog_choice(source, ecosystem: str, names: tuple[str, ...]) -> str | None:
    """The first of ``names`` the project around ``source`` declares or locks, by the ecosystem's ``[project] catalog``
    function ((source, names) -> name or None); None when it declares none."""
    if ecosystem not in _CATALOG:
        from ..ecosystems import catalog, declared_function

        eco = catalog().get(ecosystem)
        ref = eco.data.get("project", {}).get("catalog") if eco is not None else None
        _CATALOG[ecosystem] = None if ref is None else declared_function(
            eco, ref, f"{eco.folder / 'ecosystem.toml'}: project.catalog")
    choose = _CATALOG[ecosystem]
    return choose(source, names) if choose is not None else None


def _existing_path(source, folder: str) -> bool:
    """Whether ``folder`` (a path relative to where the script of ``source`` starts) exists in the tree, a folder or a
    file: the script starts beside itself or at the scan root (a CI step runs ``bash ./scripts/ci.sh`` from the root),
    the two places a script's relative lists are read from (depguard/parsers/named_lists.py). JupyterLab's
    ``labextension install`` packs any source that exists on disk (jupyterlab/commands.py ``_normalize_path``: an
    existing path is made absolute; ``_extract_package``: ``npm pack`` of it), with a package.json or not: a folder
    without one fails there as "not a valid npm package" and never asks npm for the name (jupyter-scatter's Makefile
    runs ``jupyter labextension install jscatter`` beside its Python package ``jscatter/``, held-out set 294). Read
    through ``source.files``."""
    if source.fs_path is None or posixpath.isabs(folder) or "$" in folder:
        return False
    bases = [source.fs_path.parent] + ([source.root] if source.root is not None else [])
    for base in bases:
        path = posixpath.normpath(posixpath.join(str(base), folder))
        if source.root is not None and not (path + "/").startswith(str(source.root).rstrip("/") + "/"):
            continue  # never outside the scanned tree
        if source.files.exists(path):
            return True
    return False


def _folder_locks_command(source, ecosystem: str, folder: str, command: str) -> bool:
    """Whether the lockfile of ``folder`` (relative to where the script of ``source`` starts: beside the file or at the
    scan root) installs ``command`` into that project's installed commands: the ecosystem's ``[own]`` reader records it
    (``bin:<command>\\t<folder>``, :data:`depguard.parsers.OWN_BIN_IN`: npm's lockfiles' ``bin`` of the packages at a
    project's top). pact-workshop-js's README has its reader ``cd consumer`` and run ``npx pact-broker can-i-deploy``,
    a bin of the @pact-foundation/pact-cli that consumer/package-lock.json locks (held-out set 241)."""
    from ..parsers import OWN_BIN, OWN_BIN_IN
    from ..scan import own_names

    rule = next((own for own in own_names() if own.ecosystem == ecosystem), None)
    if rule is None or source.fs_path is None or source.root is None or posixpath.isabs(folder) or "$" in folder:
        return False
    names: frozenset[str] = getattr(source.hints, rule.hints, frozenset())
    root = str(source.root).rstrip("/")
    here = str(source.fs_path.parent)
    if not (here + "/").startswith(root + "/"):
        return False
    bases = [here[len(root) + 1:], ""]  # the file's folder and the scan root, relative to the root
    for base in bases:
        moved = posixpath.normpath(posixpath.join(base, folder))
        if moved == ".." or moved.startswith("../"):
            continue  # never outside the scanned tree
        if OWN_BIN + command + OWN_BIN_IN + ("" if moved == "." else moved) in names:
            return True
    return False


def _folder_defines_command(source, ecosystem: str, folder: str, command: str) -> bool:
    """Whether the manifest in ``folder`` (relative to where the script of ``source`` starts: beside the file or at the
    scan root, as for :func:`_existing_path`) defines ``command`` among its commands: the ecosystem's
    ``[scripts] manifest`` (package.json) and its ``[registry.release] commands`` key (``bin``: an object of commands,
    or a string installing the package's own name without its scope). Read through ``source.files``, never outside
    the scanned tree."""
    import json

    from ..ecosystems import catalog

    eco = catalog().get(ecosystem)
    scripts = eco.data.get("scripts") if eco is not None else None
    release = eco.data.get("registry", {}).get("release") if eco is not None else None
    manifest = scripts.get("manifest") if isinstance(scripts, dict) else None
    key = release.get("commands") if isinstance(release, dict) else None
    if (not isinstance(manifest, str) or not isinstance(key, str) or source.fs_path is None
            or posixpath.isabs(folder) or "$" in folder):
        return False
    bases = [source.fs_path.parent] + ([source.root] if source.root is not None else [])
    for base in bases:
        path = posixpath.join(posixpath.normpath(posixpath.join(str(base), folder)), manifest)
        if source.root is not None and not path.startswith(str(source.root).rstrip("/") + "/"):
            continue  # never outside the scanned tree
        if not source.files.is_file(path):
            continue
        text = source.files.read_text(path, source.max_related_bytes)
        try:
            data = json.loads(text) if text else None
        except (ValueError, RecursionError):
            continue
        if not isinstance(data, dict):
            continue
        commands = data.get(key)
        name = data.get("name")
        if isinstance(commands, dict) and command in commands:
            return True
        if isinstance(commands, str) and commands and isinstance(name, str) and name.rpartition("/")[2] == command:
            return True
    return False


# --- helpers for grammar modules ---------------------------------------------------------------

@record(frozen=True)
class Options:
    """A tool's option grammar: which options take a value (``-r FILE``) and which are flags."""

    with_value: frozenset[str] = frozenset()
    # options whose value is itself a package to install (``uvx --with rich``, ``npx -p pkg``)
    package_value: frozenset[str] = frozenset()
    clusters: bool = True  # -abc is -a -b -c (False for tools with single-dash long options: go's -modfile)
    # the tool's parser takes any unambiguous prefix of a long option (Ruby's OptionParser: ``gem install bundler
    # --versio 2.5.11`` is ``--version 2.5.11``); ``long_flags`` are its long options that take no value, so that a
    # prefix shared with one of them stays ambiguous (the tool refuses it) and is read as a flag
    abbreviates: bool = False
    long_flags: frozenset[str] = frozenset()
    # words a flag takes as its value when they follow it: npm's and pnpm's option parser (nopt) reads
    # ``--unsafe-perm true`` and ``-g false`` as a flag set to true or false, of any flag, known or not
    flag_values: frozenset[str] = frozenset()

    def _option_taking_value(self, text: str) -> bool:
        """Whether ``text`` is one of the tool's long options that takes a value (``--group``, ``--group=x``)."""
        name = text.split("=", 1)[0]
        return name.startswith("--") and len(name) > 2 and (name in self.with_value or name in self.package_value)

    def walk(self, args: list[Word]) -> Iterator[tuple[str, Word, Word | None]]:
        """Yield ("pos", word, None), ("opt", word, value-or-None) or ("pkgopt", word, value) in order.

        ``--opt=value`` and clustered short options with an attached value (``-rfile``) are understood;
        after ``--`` everything is positional. With ``abbreviates``, an unambiguous prefix of a long option that
        takes a value is that option (the word yielded carries the option's full name).
        """
        i = 0
        only_positional = False
        while i < len(args):
            w = self._unabbreviated(args[i])
            text = w.text
            if only_positional or not text.startswith("-") or text == "-":
                yield "pos", w, None
                i += 1
                continue
            if text == "--":
                only_positional = True
                i += 1
                continue
            if text.startswith("--") and "=" in text:
                name, _, given = text.partition("=")
                val_word = Word(given, w.line, w.column + args[i].text.index("=") + 1, w.quoted, given)
                yield ("pkgopt" if name in self.package_value else "opt"), w, val_word
                i += 1
                continue
            if text in self.with_value or text in self.package_value:
                value = args[i + 1] if i + 1 < len(args) else None
                if value is not None and self._option_taking_value(value.text):
                    # ``pip install -e --group docs``: the option's value is missing and the next word is another
                    # option of the tool that takes one (pip refuses "--group" as an editable path); read as written
                    # meant, the next option with its value, never that value as a package (pydicom's CONTRIBUTING)
                    yield ("pkgopt" if text in self.package_value else "opt"), w, None
                    i += 1
                    continue
                yield ("pkgopt" if text in self.package_value else "opt"), w, value
                i += 2
                continue
            if not text.startswith("--") and len(text) > 2 and self.clusters:
                # -rfile, -qr file, -Ur req.txt: flags clustered with (at most) one option that takes a value
                at = next((k for k in range(1, len(text)) if "-" + text[k] in self.with_value), None)
                if at is not None and (at == 1 or text[1:at].isalnum()):
                    short = Word("-" + text[at], w.line, w.column + at - 1, w.quoted, "-" + text[at])
                    if at + 1 < len(text):
                        attached = text[at + 1:]
                        yield "opt", short, Word(attached, w.line, w.column + at + 1, w.quoted, attached)
                        i += 1
                    else:
                        yield "opt", short, args[i + 1] if i + 1 < len(args) else None
                        i += 2
                    continue
            if i + 1 < len(args) and args[i + 1].text in self.flag_values and "=" not in text:
                yield "opt", w, args[i + 1]  # --unsafe-perm true: the flag's value, not a package
                i += 2
                continue
            if (i + 1 < len(args) and text.startswith("--") and "=" not in text and text not in self.long_flags
                    and OPTION_NUMBER.fullmatch(args[i + 1].text) and not args[i + 1].quoted):
                # an option the grammar does not know, then a bare number: its value (`uv pip install --jobs 4
                # package1` in wshobson/agents' uv guide, set 220), never a package named "4"
                yield "opt", w, args[i + 1]
                i += 2
                continue
            yield "opt", w, None
            i += 1

    def _unabbreviated(self, w: Word) -> Word:
        """``w`` with an abbreviated long option written out (``--versio=2`` -> ``--version=2``) when the tool
        abbreviates and exactly one of its long options starts so; else ``w`` itself."""
        if not self.abbreviates or not w.text.startswith("--") or len(w.text) < 3:
            return w
        name, eq, given = w.text.partition("=")
        valued = self.with_value | self.package_value
        if name in valued or name in self.long_flags:
            return w
        found = [o for o in valued | self.long_flags if o.startswith(name)]
        if len(found) != 1 or found[0] not in valued:
            return w
        return replace(w, text=found[0] + eq + given)

    def positionals(self, args: list[Word]) -> list[Word]:
        return [w for kind, w, _ in self.walk(args) if kind == "pos"]

    def targets(self, args: list[Word], make: Callable[[Word], Target | None], first_only: bool = False) -> Iterator[Target]:
        """``make(word)`` for each positional word that makes a Target (only the first positional when asked)."""
        for w in self.positionals(args):
            t = make(w)
            if t:
                yield t
            if first_only:
                return

    def subcommand(self, args: list[Word]) -> tuple[Word | None, list[Word]]:
        """The first positional word and the words after it (``cargo add x`` -> (add, [x]))."""
        for kind, w, _ in self.walk(args):
            if kind == "pos":
                i = next(k for k, a in enumerate(args) if a is w)
                return w, args[i + 1:]
        return None, []

    def values(self, args: list[Word], *names: str) -> list[Word]:
        """The values given to any of the options ``names`` (``-c conda-forge`` -> [conda-forge])."""
        wanted = set(names)
        return [v for kind, w, v in self.walk(args)
                if kind != "pos" and v is not None and w.text.split("=", 1)[0] in wanted]


def sub_word(word: Word, start: int, text: str) -> Word:
    """The part of ``word`` that starts ``start`` characters into its text (same line)."""
    return Word(text, word.line, word.column + start + (1 if word.raw[:1] in ("'", '"') else 0), word.quoted, text)


def project(ecosystem: str, tool: str, word: Word | None, files: tuple[str, ...], folder: str = ".") -> Manifest:
    """The tool installs what its manifests and lockfiles in ``folder`` name (``npm ci``, ``uv sync``)."""
    return Manifest(ecosystem, tool, folder or ".", files, word, "project")


def manifest_file(ecosystem: str, tool: str, word: Word, fmt: str = "file") -> Manifest:
    """The tool installs what the file named by ``word`` lists (``pip install -r req.txt``)."""
    return Manifest(ecosystem, tool, word.text, (word.text,), word, fmt)


def target_or(target: Target | None, word: Word, other: Callable[[str], Iterable[Item]]) -> Iterator[Item]:
    """``target`` when the word names a registry package, else what ``other(text)`` makes of the word (a local
    folder's manifest, an Unresolved URL or archive); option-looking words make nothing."""
    if target:
        yield target
        return
    text = word.text.strip()
    if text and not text.startswith("-"):
        yield from other(text)


def fetched(kind: str, tool: str, word: Word, ecosystem: str) -> Unresolved:
    """An install of a URL (kind "url") or an archive ("archive"): its dependencies are not known here."""
    what = "its dependencies are known only once it is fetched" if kind == "url" else "its dependencies are not read"
    return Unresolved(kind, f"{tool} installs {'the archive ' if kind == 'archive' else ''}{word.text.strip()}: {what}",
                      word, ecosystem, tool)


def folder_option(opts: Options, args: list[Word], *names: str) -> str:
    """The folder a tool is told to work in (``npm --prefix DIR``, ``poetry -C DIR``), else "."."""
    values = opts.values(args, *names)
    return values[-1].text if values else "."


def plain(word: Word) -> bool:
    """Not a path, URL, file or shell expansion: a word that can name a registry package."""
    t = word.text
    return bool(t) and not word.dynamic and "://" not in t and not t.startswith((".", "/", "~", "-")) and "\\" not in t \
        and not (len(t) > 1 and t[1] == ":" and t[0].isalpha() and len(t) > 2 and t[2] in "/\\")
