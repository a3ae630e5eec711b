"""File formats and the parser plug-in interface.

A parser is a pure function ``parse(source: Source) -> Iterable[Mention]``: text in, mentions out, no
network. It raises :class:`~depguard.errors.ParseError` when the whole file cannot be understood, and calls
``source.problem(...)`` for a bad entry it can step over. Parsers register themselves with
:func:`file_format`, naming the file-name patterns they own; the ecosystem package that holds the module
declares the same name, module and patterns in its ``ECOSYSTEM`` (:mod:`depguard.ecosystems._model`), so
the engine matches file names from the declarations and imports a parser module only for a file it reads
(``tests/test_declarations.py`` keeps declarations and modules in step).

Example::

    @file_format("requirements", ecosystem="pypi", patterns=("requirements*.txt", "*.pip"))
    def parse(source: Source) -> Iterator[Mention]:
        for line_no, line in enumerate(source.text.splitlines(), 1):
            ...
            yield source.mention("pypi", name, line_no, col, Origin.MANIFEST, spec=spec)
"""

from __future__ import annotations

import fnmatch
import importlib
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

from .. import lazyre
from ..ecosystems import catalog
from ..fsview import FileView
from ..model import Location, Mention, Origin, Problem
from ..records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

ParserFn = Callable[["Source"], Iterable[Mention]]


# an [own] reader's entry for a command the tree's packages define (``bin:vant-cli``), beside its package names in the
# same Hints set; depguard/scan.py's _drop_own excuses a runner given that command in the tree's scripts
OWN_BIN = "bin:"
# and, for a command a package.json of the tree defines, which package defines it (``bin:pin-github-actions
# @prairielearn/pin-github-actions``): a document that installs that package and then runs the command runs its bin
OWN_BIN_OF = " "
# and, for a command a lockfile of the tree installs into a project's node_modules/.bin, the folder of that lockfile
# (``bin:start-appium-inspector\t`` for the root's): a document in or below that folder that has its reader install the
# project there first (a bare ``npm install``: depguard/text/project_installs.py) and then runs the command runs that bin
OWN_BIN_IN = "\t"


@record
class Hints:
    """Facts about the scanned tree that some parsers need (computed once per scan)."""

    local_python_modules: frozenset[str] = frozenset()
    local_js_aliases: tuple[str, ...] = ("@/", "~/", "#")
    local_packages: frozenset[str] = frozenset()  # names the project itself publishes (workspace members)
    # the npm packages of the tree's git submodules (depguard/submodules.py): what its code imports, never what a
    # manifest or an install command asks the registry for (a .gitmodules line is no package)
    submodule_packages: frozenset[str] = frozenset()
    # "name path" for each package a pnpm lockfile links into a submodule that is not checked out: the tree's own for
    # an import, and an undeclared import of its scope is not checked (depguard/ecosystems/npm/submodule_links.py)
    submodule_links: frozenset[str] = frozenset()
    # "scope\turl\tpage" for each scope a document of the tree sends to a registry other than the public one (an
    # .npmrc line, a command, a sentence saying "private registry"; url "-" for a sentence): the install commands of
    # that scope elsewhere in the tree are not checked (depguard/ecosystems/npm/scoped_registries.py documented_scopes)
    documented_scopes: frozenset[str] = frozenset()
    # "folder\tname\tregistry\tlockfile" for each name a lockfile of the tree locks from a registry other than the public
    # one: its package.json entries and imports in that folder and below are not checked
    # (depguard/ecosystems/npm/lock_registries.py locked_elsewhere)
    locked_elsewhere: frozenset[str] = frozenset()
    # the manifests git lists in an installer's folder of the tree (``node_modules/x/package.json``; relative to the
    # root, POSIX): packages the repository ships there; an ignored local install (npm link) is none
    listed_installed: frozenset[str] = frozenset()
    # "link\ttarget" (relative to the root, POSIX) for each symbolic link git tracks that points at a folder of the tree
    # (cs61a-apps' exam-write/examtool_web_common -> examtool_web_common): the files of that folder are also the
    # linking folder's, bundled with its configuration (depguard/ecosystems/npm/_js_project.py view_for)
    linked_folders: frozenset[str] = frozenset()
    local_images: frozenset[str] = frozenset()  # container images the tree builds (parsers._local_images)
    local_artifacts: frozenset[str] = frozenset()  # Maven groupId:artifactId of the tree's own POMs
    local_crates: frozenset[str] = frozenset()  # crates.io names of the tree's own crates (Cargo.toml [package]/[lib])
    local_go_modules: frozenset[str] = frozenset()  # module paths of the tree's own go.mod files (their `module` lines)
    # "pattern\tpage" for each private Go module pattern (GOPRIVATE, GONOPROXY) a file of the tree sets (go/private.py)
    go_private: frozenset[str] = frozenset()
    local_distributions: frozenset[str] = frozenset()  # PyPI distributions the tree's own manifests name
    local_pub_packages: frozenset[str] = frozenset()  # pub names of the tree's pub workspace members (resolution: workspace)
    local_hex_packages: frozenset[str] = frozenset()  # Hex names of the tree's own Gleam packages (gleam.toml name)
    local_otp_apps: frozenset[str] = frozenset()  # OTP applications of the tree (src/<app>.app.src): a rebar3 dep on one
    local_cabal_packages: frozenset[str] = frozenset()  # Hackage names of the tree's own *.cabal / package.yaml packages
    local_julia_packages: frozenset[str] = frozenset()  # Julia names of the tree's own packages (Project.toml, src/<name>.jl)
    local_pods: frozenset[str] = frozenset()  # CocoaPods names of the tree's own podspecs (their file names)
    # requirements-named files (relative to the root) that the tree's scripts hand to conda install --file: conda spec
    # lists (ecosystems/pypi/conda_lists.py), a fact of their own so that a requirements file depends on it alone
    conda_lists: frozenset[str] = frozenset()
    # requirements-named files whose name says they may list an OS's packages (requirements-ubuntu.txt) that a script
    # or requirements file of the tree hands to pip with -r: pip's lists (ecosystems/pypi/requirements.py pip_lists)
    pip_lists: frozenset[str] = frozenset()
    # requirements-named files holding bare names only that a script or Dockerfile of the tree hands to an operating
    # system's installer (``apt-get install -y $(cat requirements-system.txt)``): the OS's lists, whatever their name
    # (ecosystems/pypi/requirements.py system_lists)
    os_lists: frozenset[str] = frozenset()
    # the R packages (lowercase) the tree takes from outside CRAN: its conda environments' r-<name>/bioconductor-<name>,
    # what its scripts install from GitHub or Bioconductor; an R import of one is no CRAN name
    # (ecosystems/cran/conda_provided.py)
    r_packages_elsewhere: frozenset[str] = frozenset()
    # the Python view (importable modules, declared dependencies): ecosystems/pypi/project.py's PythonProject
    python: Any = None
    # ecosystem -> the installers of it the tree builds (depguard.examples.own_installers): their docs show examples
    own_installers: dict[str, str] = field(default_factory=dict)
    # which URL/VCS dependencies make an unexplained import's flag a note (Settings.url_dependency_imports)
    url_dependency_imports: str = "related"
    # whether fixture data is judged (Settings.judge_fixtures): the imports of folders pytest does not collect
    judge_fixtures: bool = False
    # whether a guarded optional import nothing declares is judged strictly (Settings.judge_guarded_imports), not a
    # note when it is missing (depguard/ecosystems/pypi/guarded.py)
    judge_guarded_imports: bool = False
    # whether a command said in the middle of a prose sentence is read ("You can install it by running pip install x."):
    # an answer's text (depguard text, the answer filter, MCP check_text), whose reader copies what the sentence says;
    # a repository's documents keep reading only a line that is a command, a command after a colon and code spans
    # (their prose mentions commands in passing: "Fix crash with npm install failing on Windows")
    read_sentences: bool = False


_SERVED: dict[str, Any] = {}  # ecosystem id -> its declared [name] served-elsewhere function, or None


def _served_elsewhere(ecosystem: str) -> Any:
    """The ``module:function`` an ecosystem declares as ``[name] served-elsewhere`` (name -> (ecosystem, name, note)
    or None), imported once; None when it declares none."""
    if ecosystem not in _SERVED:
        from ..ecosystems import declared_function

        eco = catalog().get(ecosystem)
        ref = eco.data.get("name", {}).get("served-elsewhere") if eco is not None else None
        _SERVED[ecosystem] = None if ref is None else declared_function(
            eco, ref, f"{eco.folder / 'ecosystem.toml'}: name.served-elsewhere")
    return _SERVED[ecosystem]


# the blanks a placed fragment's first line keeps before its text (Source.placed): an indented line's, and more
PLACED_BLANKS = 8


@record
class Source:
    """One file (or text) handed to a parser."""

    path: str  # how the file is shown to users (relative to the scan root)
    text: str
    fs_path: Path | None = None
    root: Path | None = None
    hints: Hints = field(default_factory=Hints)
    problems: list[Problem] = field(default_factory=list)
    line_offset: int = 0  # for fragments of a larger file (a fenced block): added to every line
    column_offset: int = 0  # added to columns on the fragment's first line only
    # a block dedented out of its document (a fenced block in a list item, its lines without the fence's
    # indentation, as Markdown reads them): added to the columns of every line
    indent: int = 0
    max_related_bytes: int = 5 * 1024 * 1024
    files: FileView = field(default_factory=FileView)  # the only way to other files: it records what was read

    def loc(self, line: int, column: int | None = None, end_line: int | None = None, end_column: int | None = None) -> Location:
        col = column if column is None or not self.indent else column + self.indent
        end_col = end_column if end_column is None or not self.indent else end_column + self.indent
        if self.column_offset and line == 1:
            col = None if col is None else col + self.column_offset
            if end_line in (None, 1) and end_col is not None:
                end_col += self.column_offset
        return Location(
            self.path,
            line + self.line_offset,
            col,
            None if end_line is None else end_line + self.line_offset,
            end_col,
        )

    def mention(
        self,
        ecosystem: str,
        written: str,
        line: int,
        column: int | None,
        origin: Origin,
        parser: str,
        spec: str | None = None,
        module: str | None = None,
        name: str | None = None,
        note: str | None = None,
    ) -> Mention:
        """A mention of ``name`` (default: ``written``) in ``ecosystem``, normalised the ecosystem's way. An npm
        ecosystem's ``[name] served-elsewhere`` function may say another registry serves it (npm's ``@jsr/scope__name``:
        JSR's ``@scope/name``), and the mention is then of that registry's package."""
        served = _served_elsewhere(ecosystem)
        if served is not None:
            moved = served(name if name is not None else written)
            if moved is not None:
                ecosystem, name, shown = moved
                note = f"{note}; {shown}" if note else shown
        key = catalog().key(ecosystem, name if name is not None else written)
        end = None if column is None else column + len(written)
        return Mention(
            key=key,
            written=written,
            location=self.loc(line, column, line, end),
            origin=origin,
            parser=parser,
            module=module,
            spec=spec or None,
            note=note,
        )

    def problem(self, message: str, line: int | None = None, column: int | None = None, kind: str = "parse") -> None:
        loc = self.loc(line, column) if line is not None else Location(self.path)
        self.problems.append(Problem(message, loc, kind))

    def fragment(self, text: str, first_line: int, first_column: int = 1, indent: int = 0) -> Source:
        """A Source for part of this one (1-based ``first_line``) whose locations point into this file;
        ``indent``: the text's lines were dedented by that many columns (besides this Source's own)."""
        return Source(
            path=self.path,
            text=text,
            fs_path=self.fs_path,
            root=self.root,
            hints=self.hints,
            problems=self.problems,
            line_offset=self.line_offset + first_line - 1,
            column_offset=first_column - 1,
            indent=self.indent + indent,
            max_related_bytes=self.max_related_bytes,
            files=self.files,
        )

    def placed(self, text: str, line: int, column: int) -> Source:
        """A fragment for a piece of this file (a string literal's or a comment's text) that starts at 0-based
        ``column`` of 1-based ``line``. Its first line keeps at most :data:`PLACED_BLANKS` of the blanks before it and
        the rest of the column is an offset: a reader sees the same indented line (four blanks or more), and a long line
        of many pieces is not read once per piece up to where each starts (reviewer r35: a minified line of 2,000
        ``os.system('pip install x')`` calls took 58 s, each command padded with its column's blanks). A piece of
        several lines keeps all its blanks: a reader may dedent its lines by the first one's, and such pieces start
        on different lines, so their blanks add up to no more than the file."""
        keep = column if "\n" in text else min(column, PLACED_BLANKS)
        return self.fragment(" " * keep + text, line, column - keep + 1)

    def read_related(self, relative: str) -> tuple[str, str] | None:
        """Read a file named by this one (``-r other.txt``): (display path, text), or None.

        Only files inside the scan root are read; anything else is recorded as a problem.
        """
        if self.fs_path is None:
            return None
        target = (self.fs_path.parent / relative).resolve()
        root = (self.root or self.fs_path.parent).resolve()
        try:
            shown = target.relative_to(root).as_posix()
        except ValueError:
            self.problem(f"{relative!r} is outside the scanned tree; not read", kind="read")
            return None
        # shown the way this file is shown: "dd/requirements.txt" names its include "dd/base.txt"
        try:
            own = self.fs_path.resolve().relative_to(root).as_posix()
        except ValueError:
            own = None
        if own and self.path.endswith(own) and self.path != own:
            shown = self.path[: -len(own)] + shown
        data = self.files.read_bytes(target, limit=None)  # recorded, so a cached parse sees it change
        if data is None:
            return None
        if len(data) > self.max_related_bytes:
            self.problem(f"{shown} is larger than {self.max_related_bytes} bytes; not read", kind="limit")
            return None
        from ..fsview import bom_text

        text = bom_text(data)  # a UTF-16 -r file, as pip reads it
        return shown, text if text is not None else data.decode("utf-8", errors="replace")


@record(frozen=True)
class FileFormat:
    name: str
    parse: ParserFn
    patterns: tuple[str, ...]  # fnmatch patterns on the file name, or on the path tail when they hold '/'
    ecosystem: str | None  # None: mentions may belong to several ecosystems (shell scripts, markdown)
    description: str = ""
    kind: str = "manifest"  # manifest, lockfile, script, source, document, binary: what the file is

    def matches(self, path: str) -> bool:
        posix = PurePosixPath(path)
        name = posix.name
        for pattern in self.patterns:
            if "/" in pattern:
                parts = pattern.count("/") + 1
                tail = "/".join(posix.parts[-parts:])
                if fnmatch.fnmatch(tail, pattern) or fnmatch.fnmatch(posix.as_posix(), pattern):
                    return True
            elif fnmatch.fnmatch(name, pattern):
                return True
        return False


_FORMATS: dict[str, FileFormat] = {}  # the registered formats (their modules imported), by name
_ELSEWHERE: list[str] = []  # formats registered that no ecosystem declares (a test's own): matched after the rest


def file_format(
    name: str,
    patterns: tuple[str, ...],
    ecosystem: str | None = None,
    description: str = "",
    kind: str = "manifest",
) -> Callable[[ParserFn], ParserFn]:
    def register(fn: ParserFn) -> ParserFn:
        if name in _FORMATS and _FORMATS[name].parse is not fn:
            raise RuntimeError(f"file format {name!r} registered twice")
        if name not in _FORMATS and name not in _declared():
            _ELSEWHERE.append(name)
        _FORMATS[name] = FileFormat(name, fn, tuple(patterns), ecosystem, description or (fn.__doc__ or "").strip().split("\n")[0], kind)
        return fn

    return register


@record(frozen=True)
class _Spec:
    """A declared format: what the engine knows of it without importing its module."""

    name: str
    module: str
    patterns: tuple[str, ...]


_DECLARED: dict[str, _Spec] = {}


def _declared() -> dict[str, _Spec]:
    """Every declared format by name (the engine's own and each ecosystem's in :data:`depguard.ecosystems.ALL`),
    in the order a file's formats are tried: file formats before import rules, then by module name, then as
    declared (so the order never depends on what was imported first)."""
    if not _DECLARED:
        from ..ecosystems import declared_formats

        ranked = [((rank, module.rpartition(".")[2], place, seq), _Spec(name, module, patterns))
                  for rank, place, seq, name, module, patterns in declared_formats()]
        specs = [spec for _, spec in sorted(ranked, key=lambda r: r[0])]
        if len({s.name for s in specs}) != len(specs):
            raise RuntimeError("a file format is declared twice")
        _DECLARED.update((s.name, s) for s in specs)
    return _DECLARED


def _load(spec: _Spec) -> FileFormat:
    if spec.name not in _FORMATS:
        importlib.import_module(spec.module)
        if spec.name not in _FORMATS:
            raise RuntimeError(f"{spec.module} is declared to register the file format {spec.name!r} and does not")
    return _FORMATS[spec.name]


def discover() -> None:
    """Import every declared format's module (each registers its formats)."""
    for spec in _declared().values():
        _load(spec)


def formats() -> dict[str, FileFormat]:
    """Every format, in the order :func:`formats_for` tries them (imports every parser module)."""
    declared = _declared()
    out = {name: _load(spec) for name, spec in declared.items()}
    out.update((name, _FORMATS[name]) for name in _ELSEWHERE if name in _FORMATS)
    return out


def get_format(name: str) -> FileFormat:
    spec = _declared().get(name)
    return _load(spec) if spec is not None else _FORMATS[name]


def formats_for(path: str) -> list[FileFormat]:
    """The formats whose patterns match ``path``; the same as asking each :meth:`FileFormat.matches`, through
    an index of the declared patterns (a scan asks this once per file). Only the modules of the formats that
    match are imported."""
    return list(formats_of(path))


def formats_of(path: str) -> tuple[FileFormat, ...]:
    """:func:`formats_for` as a tuple: one tuple for all the paths the index answers with one list of
    declared formats (the walk asks for every file of a tree)."""
    specs = _index().lookup(path)
    if not specs and rendered_path(path) != path:
        return template_formats(rendered_path(path))
    hit = _LOADED.get(id(specs))
    if hit is None or hit[0] is not specs:  # kept with its list: the id is not reused while it is here
        if len(_LOADED) >= NAMES_KEPT:
            _LOADED.clear()
        hit = _LOADED[id(specs)] = (specs, tuple(_load(spec) if spec.module else _FORMATS[spec.name] for spec in specs
                                                 if spec.module or spec.name in _FORMATS))
    return hit[1]


# A copier template's files carry its templates suffix (``pyproject.toml.jinja``, ``.github/workflows/ci.yml.jinja``),
# and a chezmoi source state's templates chezmoi's: ``.tmpl`` on a name chezmoi's attributes make a target's
# (``run_onchange_install-packages.sh.tmpl``, the script a dotfiles repository runs on ``chezmoi apply``;
# ``dot_default-npm-packages.tmpl``) or in a folder of chezmoi's (``.chezmoiscripts/``, ``dot_config/``). Rendered, each
# is the file its name says, so its manifests, lockfiles, scripts and documents are read as that file (with the
# template's directive lines, placeholder keys and placeholders in commands made harmless by each reader: Go's
# ``{{ … }}`` as Jinja's); its source code is not: a templated module is rarely valid code, and what it imports is the
# rendered project's business. ``.tmpl`` elsewhere (a Go generator's ``package.json.tmpl``) is any tool's template,
# often not its format until rendered, and is not read. yadm's alternates are named ``FILE##CONDITIONS``
# (``Brewfile##os.Darwin``, ``.zshrc##default``, ``.gitconfig##template``): each is FILE on the machines that match.
TEMPLATE_SUFFIX = ".jinja"
# Jinja2's own suffixes (``.j2``, Ansible's and many deploy scripts' convention; ``.jinja2``) on an environment file:
# E3SM's deployment tools render ``deploy/pixi.toml.j2`` into the pixi environment the project runs in (held-out set
# 281, MPAS-Dev/compass). Only environment files are taken by it: a ``.j2`` file is more often a server's or an
# Ansible role's configuration, no format until rendered.
JINJA2_SUFFIXES = (".j2", ".jinja2")
JINJA2_ENVIRONMENT = lazyre.compile(r"pixi\.toml|(?:.*\.)?environment(?:[-_.].*)?\.ya?ml|conda-env\.ya?ml")
CHEZMOI_SUFFIX = ".tmpl"
CHEZMOI_ATTRIBUTES = ("run_", "dot_", "private_", "executable_", "readonly_", "create_", "modify_", "empty_",
                      "encrypted_", "literal_", "exact_")
CHEZMOI_FOLDERS = (".chezmoiscripts", ".chezmoitemplates")
# a folder of a chezmoi source state that becomes a dot-folder of the home (dot_config, private_dot_ssh,
# exact_dot_oh-my-zsh): a folder named only private_ or exact_ is too common a name elsewhere to tell
CHEZMOI_DOT_FOLDER = lazyre.compile(r"(?:(?:exact|private|readonly|literal|external)_)*dot_.")


def _chezmoi_source(path: str) -> bool:
    """Whether ``path`` (``/``-separated) is named as a file of a chezmoi source state."""
    *folders, name = path.split("/")
    return name.startswith(CHEZMOI_ATTRIBUTES) or any(
        f in CHEZMOI_FOLDERS or CHEZMOI_DOT_FOLDER.match(f) is not None for f in folders)


def rendered_path(path: str) -> str:
    """``path`` without a template's suffix (``pyproject.toml.jinja`` -> ``pyproject.toml``, chezmoi's
    ``run_once_install.sh.tmpl`` -> ``run_once_install.sh``): the name a reader that looks at file names (pixi's
    ``[tool.pixi]`` in a pyproject.toml) goes by; ``path`` itself otherwise."""
    name = path.rpartition("/")[2]
    if "##" in name and not name.startswith("##"):  # yadm's alternate (Brewfile##os.Darwin, .zshrc##class.Work,
        return path[:len(path) - len(name) + name.index("##")]  # .zshrc##template): that file, on some machines
    if name.endswith(TEMPLATE_SUFFIX) and len(name) > len(TEMPLATE_SUFFIX):
        return path[:-len(TEMPLATE_SUFFIX)]
    if name.endswith(JINJA2_SUFFIXES):
        stem = name.rpartition(".")[0]
        if JINJA2_ENVIRONMENT.fullmatch(stem):
            return path[:len(path) - len(name) + len(stem)]
    if name.endswith(CHEZMOI_SUFFIX) and len(name) > len(CHEZMOI_SUFFIX) and _chezmoi_source(path.replace("\\", "/")):
        return path[:-len(CHEZMOI_SUFFIX)]
    return path


def template_formats(rendered: str) -> tuple[FileFormat, ...]:
    """The formats of a template's file whose rendered path is ``rendered``, source code left out."""
    return tuple(f for f in formats_of(rendered) if f.kind != "source")


_LOADED: dict[int, tuple[list[Any], tuple[FileFormat, ...]]] = {}  # id of an index answer -> (it, its formats)


class _PatternIndex:
    """The patterns of every registered format, indexed: exact file names and ``*<suffix>`` patterns by
    dictionary, the rest as compiled regular expressions behind a literal-prefix test."""

    def __init__(self, fmts: list[Any], entries: dict[str, tuple[Any, ...]] | None = None) -> None:
        """``fmts``: objects with ``.patterns`` (formats, or table rows); ``entries``: what :func:`_entry` made
        of patterns before (kept between runs), made again for any pattern not in it (and added to it)."""
        entries = {} if entries is None else entries
        self.fmts = fmts
        self.exact: dict[str, list[int]] = {}
        self.suffix_by_ext: dict[str, list[tuple[str, int]]] = {}
        self.suffix_other: list[tuple[str, int]] = []
        # the expressions are compiled when a path first passes their literal test (a scan of a small project
        # needs few of them; fnmatch.translate's output always compiles)
        self.general: list[tuple[str, lazyre.Pattern, int]] = []
        self.slashed: list[tuple[int, str, lazyre.Pattern, int]] = []  # (components, literal, regex, format)
        self._by_name: dict[str, tuple[frozenset[int], list[Any]]] = {}  # file name -> what _named answers
        self._answers: dict[frozenset[int], tuple[frozenset[int], list[Any]]] = {}
        # the answers of names worked out by earlier runs (a large tree's walk asks for thousands of distinct
        # names), read once this run has worked out NAMES_READ_AFTER itself (a small run reads nothing)
        self._names_file: Path | None = None  # set by _index() (in the cache folder)
        self._worked: list[str] = []  # names worked out by this run, not (yet) known to be stored
        self._names_read = False
        for i, f in enumerate(fmts):
            for pattern in f.patterns:
                entry = entries.get(pattern)
                if entry is None or not self._file(entry, i):  # not stored yet, or not in a shape _entry makes
                    entry = entries[pattern] = _entry(pattern)
                    self._file(entry, i)
        self._prefixes = tuple({prefix for prefix, _, _ in self.general if prefix})
        self._unprefixed = [g for g in self.general if not g[0]]
        # a clean path holding none of the folder patterns' literal heads matches none of them: one search
        literals = sorted({literal for _, literal, _, _ in self.slashed})
        self._any_literal = (lazyre.compile("|".join(re.escape(lit) for lit in literals))
                             if literals and all(literals) else None)

    def _file(self, entry: object, i: int) -> bool:
        """File format ``i`` under ``entry`` (see :func:`_entry`); False, filing nothing, when ``entry`` does not
        have a shape :func:`_entry` makes (a damaged store)."""
        if type(entry) is not tuple or not entry:
            return False
        kind, n = entry[0], len(entry)
        if kind == _EXACT and n == 2 and type(entry[1]) is str:
            self.exact.setdefault(entry[1], []).append(i)
        elif kind == _SUFFIX and n == 3 and type(entry[2]) is str and (entry[1] is None or type(entry[1]) is str):
            if entry[1] is not None:
                self.suffix_by_ext.setdefault(entry[1], []).append((entry[2], i))
            else:
                self.suffix_other.append((entry[2], i))
        elif kind == _SLASHED and n == 4 and type(entry[1]) is int and type(entry[2]) is str and type(entry[3]) is str:
            self.slashed.append((entry[1], entry[2], lazyre.compile(entry[3]), i))
        elif kind == _GENERAL and n == 3 and type(entry[1]) is str and type(entry[2]) is str:
            self.general.append((entry[1], lazyre.compile(entry[2]), i))
        else:
            return False
        return True

    def lookup(self, path: str) -> list[Any]:
        clean = bool(path) and not path.startswith(("/", "./")) and not path.endswith(("/", "/.")) and path != "." \
            and "//" not in path and "/./" not in path
        if clean:  # what PurePosixPath would make of it, without making one
            parts = path.split("/")
            whole = path
        else:
            posix = PurePosixPath(path)
            parts = list(posix.parts)
            whole = posix.as_posix()
        name = _normcase(parts[-1] if clean else PurePosixPath(path).name)
        named = self._by_name.get(name)
        if named is None and not self._names_read and len(self._worked) >= NAMES_READ_AFTER:
            self._read_names()
            named = self._by_name.get(name)
        if named is None:
            if len(self._by_name) >= NAMES_KEPT:
                self._by_name.clear()
                self._worked.clear()
            named = self._by_name[name] = self._named(name)
            self._worked.append(name)
        hits = named[0]
        if self.slashed:
            more: set[int] | None = None
            whole = _normcase(whole)
            if clean and self._any_literal is not None and not self._any_literal.search(whole):
                return named[1]
            for count, literal, rx, i in self.slashed:
                if i in hits or (clean and literal not in whole):  # a clean path's tail is a part of it
                    continue
                # the expression matches only text that holds its longest literal run: tested first, so an
                # absolute path (a hook's) compiles only the expressions its tail or whole could match
                tail = _normcase("/".join(parts[-count:]))
                if (literal in tail and rx.match(tail)) or (literal in whole and rx.match(whole)):
                    more = more or set(hits)
                    more.add(i)
            if more is not None:
                return [self.fmts[i] for i in sorted(more)]
        return named[1]

    def _stamp(self) -> bytes:
        """What the answer for a name depends on: every format's name and patterns, in order, and how names
        compare here (Python's version, case folding)."""
        import sys

        from ..fsview import digest

        return digest(repr((NAMES_FORMAT, sys.version, _FOLDS_CASE, [(getattr(f, "name", None), tuple(f.patterns))
                                                                    for f in self.fmts])).encode("utf-8", "surrogatepass"))

    def _read_names(self) -> None:
        """Take the stored answers of the names earlier runs worked out (written by :meth:`keep_names` under the
        same stamp; a file that is damaged, another user's or a link is not read)."""
        import marshal

        self._names_read = True
        if self._names_file is None:
            return
        from ..parsecache import read_private

        _, body = read_private(self._names_file, NAMES_FORMAT, self._stamp())
        if not body:
            return
        known: set[str] = set()
        try:
            stored = marshal.loads(body)
            count = len(self.fmts)
            for indexes, names in stored:
                if type(indexes) is not tuple or not all(type(i) is int and 0 <= i < count for i in indexes) \
                        or type(names) is not tuple or not all(type(n) is str for n in names):
                    continue
                found = frozenset(indexes)
                shared = self._answers.get(found)
                if shared is None:
                    shared = self._answers[found] = (found, [self.fmts[i] for i in sorted(found)])
                self._by_name.update(dict.fromkeys(names, shared))
                known.update(names)
        except (ValueError, EOFError, TypeError):
            return
        self._worked = [n for n in self._worked if n not in known]  # worked out here, and not stored yet

    def keep_names(self) -> None:
        """Store the answers of the names worked out (when this run read the stored ones and worked out more)."""
        if not self._names_read or not self._worked or self._names_file is None:
            return
        import marshal

        from ..parsecache import private_folder, write_private

        self._worked = []
        groups: dict[frozenset[int], list[str]] = {}
        for name, (found, _) in self._by_name.items():
            groups.setdefault(found, []).append(name)
        if private_folder(self._names_file.parent):
            write_private(self._names_file, NAMES_FORMAT, self._stamp(),
                          marshal.dumps(tuple((tuple(sorted(found)), tuple(names)) for found, names in groups.items())))

    def _named(self, name: str) -> tuple[frozenset[int], list[Any]]:
        """The formats whose patterns name no folder and match the file name ``name`` (indexes, and the
        formats in order): one answer per distinct name, kept (a tree repeats its file names)."""
        hits: set[int] = set(self.exact.get(name, ()))
        dot = name.rfind(".")
        if dot >= 0:
            for rest, i in self.suffix_by_ext.get(name[dot:], ()):
                if name.endswith(rest):
                    hits.add(i)
        for rest, i in self.suffix_other:
            if name.endswith(rest):
                hits.add(i)
        # one test of every literal prefix first (most names start with none of them)
        candidates = self.general if name.startswith(self._prefixes) else self._unprefixed
        for prefix, rx, i in candidates:
            if name.startswith(prefix) and rx.match(name):
                hits.add(i)
        found = frozenset(hits)
        shared = self._answers.get(found)  # one answer object per distinct set of formats
        if shared is None:
            shared = self._answers[found] = (found, [self.fmts[i] for i in sorted(found)])
        return shared


NAMES_KEPT = 65_536  # distinct file names whose formats an index remembers (then it starts afresh)
NAMES_READ_AFTER = 512  # distinct names a run works out before it reads the answers earlier runs stored
NAMES_FILE, NAMES_FORMAT = "format-names.marshal", b"depguard-format-names 1\n"

_EXACT, _SUFFIX, _SLASHED, _GENERAL = range(4)  # how the index files a pattern (the first item of an entry)


def _entry(pattern: str) -> tuple[Any, ...]:
    """How :class:`_PatternIndex` files ``pattern``, as plain data: ``(_EXACT, name)``; ``(_SUFFIX, extension or
    None, suffix)`` for ``*<suffix>``; ``(_SLASHED, components, literal, regex)`` for a pattern naming folders,
    whose literal is its longest run without a wildcard (``requirements/`` of ``requirements/*.txt``,
    ``.requirements/`` of ``*.requirements/*.txt``: every matching path holds it); ``(_GENERAL, literal head,
    regex)`` for the rest (the regex is ``fnmatch.translate``'s)."""
    pat = _normcase(pattern)
    wild = _WILD.search(pat)
    if "/" in pattern:
        literal = max(_WILD_RUN.split(pat), key=len)  # a matching path holds this text
        return _SLASHED, pattern.count("/") + 1, literal, fnmatch.translate(pat)
    if not wild:
        return _EXACT, pat
    if wild.start() == 0 and not _WILD.search(pat, 1):
        rest = pat[1:]
        dot = rest.rfind(".")
        return _SUFFIX, rest[dot:] if dot >= 0 else None, rest
    return _GENERAL, pat[: wild.start()], fnmatch.translate(pat)


# What _entry made of the declared patterns is kept in the cache folder: filing ~250 patterns (~40 of them through
# fnmatch.translate) was ~5M instructions of every run that reads a file (an agent's Write, a scan). An entry is
# a function of the pattern text, this Python (fnmatch.translate) and whether paths fold case, so those are the
# stamp and the pattern text the key: a changed declaration is a new key, made and stored by the run meeting it.
ENTRIES_FILE, ENTRIES_FORMAT = "format-index.marshal", 2  # 2: a folder pattern's literal is its longest run


def _entries_stamp() -> tuple[Any, ...]:
    import sys

    return ENTRIES_FORMAT, sys.version, _FOLDS_CASE


def _normcase(text: str) -> str:
    return os.path.normcase(text) if _FOLDS_CASE else text


_FOLDS_CASE = os.path.normcase("A") != "A"
_WILD = lazyre.compile(r"[*?\[]")
_WILD_RUN = lazyre.compile(r"[*?]+|\[[^\]]*\]")  # what separates a pattern's literal runs (a class is no literal)
_INDEX: tuple[int, _PatternIndex] | None = None


def _index() -> _PatternIndex:
    """The index over the declared formats and any format registered that no ecosystem declares."""
    global _INDEX
    if _INDEX is None or _INDEX[0] != len(_ELSEWHERE):
        from ..ecosystems import _read_declared, _write_declared

        declared = list(_declared().values())
        stamp = _entries_stamp()
        stored = _read_declared(ENTRIES_FILE, stamp)
        entries = stored[0] if stored is not None and len(stored) == 1 and type(stored[0]) is dict else {}
        before = dict(entries)
        index = _PatternIndex(declared, entries)  # checks each stored entry's shape as it files it
        if entries != before:  # a declared pattern not stored (or damaged): keep exactly the declared ones
            _write_declared(ENTRIES_FILE, stamp, ({p: entries[p] for spec in declared for p in spec.patterns},))
        extra = [_Spec(n, "", _FORMATS[n].patterns) for n in _ELSEWHERE if n in _FORMATS]
        _INDEX = (len(_ELSEWHERE), _PatternIndex([*declared, *extra], entries) if extra else index)
        from ..paths import cache_dir

        _INDEX[1]._names_file = cache_dir() / NAMES_FILE
    return _INDEX[1]


def keep_names() -> None:
    """Store the formats of the file names this run worked out, for the next walk (see :class:`_PatternIndex`)."""
    if _INDEX is not None:
        _INDEX[1].keep_names()

