"""pip requirements and constraints files, through pip-requirements-parser.

Handles nested ``-r``/``-c`` (read relative to the file, inside the scan root, each file once), ``-e``,
hashes, markers, extras and line continuations. URLs, VCS links and local paths are not registry names
and are not reported; ``name @ url`` is not looked up either (it does not come from the registry). A line
of a project template that is only Jinja directives (cookiecutter-django's ``{%- if cookiecutter.use_celery == "y"
%}``) is no requirement; the requirements of every branch are read. A file that is a conda spec list by its own
lines (most of them channel-qualified, ``conda-forge::pre-commit``, or conda's single-``=`` form, ``python=3.13.*``,
which pip refuses, and none in pip's own syntax: :func:`~.conda_lists.conda_spec_text`) is one that a ``conda
install --file`` reads: its names are conda's. So is every requirements-named file that a script of the tree hands
to ``conda install --file`` (conda's CI: ``--file tests/requirements.txt``, which lists ``python >=3.10`` and
``conda-libmamba-solver``; the project view's :attr:`~.project.PythonProject.conda_lists`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...names import canonicalize_name
from ...parsers import Source, file_format, get_format
from ...parsers._util import column_of
from ...parsers.template_directives import blank_directive_lines
from ...project import docs_path
from ._python import TEMPLATE_SLOT, from_other_index, other_index_url, without_template_slots
from .conda_lists import conda_spec_text
from .pep508 import split_requirement

# the names the project view takes for requirements files too (depguard/ecosystems/pypi/project.py REQUIREMENTS_FILE
# and REQUIREMENTS_FOLDER): ``requirements`` joined to a prefix by ``-``, ``_`` or ``.`` in a file's name, and a
# folder named ``requirements`` or with a dotted prefix (behave's ``tasks/py.requirements.txt`` and
# ``py.requirements/testing.txt``, which tox and CI install; a phrase such as rules_python's test case folder
# ``with_std_requirements/``, holding Bazel ``BUILD.in`` files, is no requirements folder)
PATTERNS = (
    "requirements*.txt", "requirements*.in", "requirements/*.txt", "requirements/*.in",
    "constraints*.txt", "constraints*.in", "*-requirements.txt", "*_requirements.txt", "*.pip", "dev-requirements.txt",
    "*.requirements.txt", "*-requirements.in", "*_requirements.in", "*.requirements.in",
    "*.requirements/*.txt", "*.requirements/*.in",
    # what asdf-python and mise give to `pip install -r` with every Python they install (a dotfiles repository keeps it
    # dotted, dotless or under chezmoi's `dot_` name: depguard/parsers/default_packages.py)
    ".default-python-packages", "default-python-packages", "dot_default-python-packages",
)
MAX_INCLUDE_DEPTH = 20
# words in one logical line (continuations joined): pip-requirements-parser splits a line's options with
# list.pop(0), quadratic in the words (a 4.8 MB line took minutes); a real line, hashes included, has far fewer
MAX_LINE_WORDS = 5_000


def _parse_text(text: str):  # -> pip_requirements_parser.RequirementsFile
    import tempfile  # here: only the library parse needs a file (the warm scan path reads none)

    import pip_requirements_parser as prp

    fd, tmp = tempfile.mkstemp(prefix="depguard-req-", suffix=".txt")
    try:
        # errors="replace": a lone surrogate (an answer's JSON-escaped "\ud800") is written as "?", a character for a
        # character; strictly it raised and failed the whole text's reader, every other name unread (l39)
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as fh:
            fh.write(text)
        return prp.RequirementsFile.from_file(tmp, include_nested=False)
    finally:
        os.unlink(tmp)


def _recover(line: str) -> tuple[str, str | None, bool] | None:
    """(name, spec, clean) from a requirement line the parser library rejects, or None.

    pip-requirements-parser follows an older pip and refuses per-requirement options that pip accepts today
    (``--config-settings``, ``-C``) and global options on a requirement's line, which pip ignores there
    (``apache-airflow==2.7.0 --constraint "https://…"``); the requirement before them still names a package. ``clean`` is False
    when other text sits between a pinned requirement and its options (pip would refuse the line).
    """
    text = line.strip()
    if not text or text.startswith(("-", "#")):
        return None
    if "://" in text.split(" -", 1)[0]:  # a URL requirement; a URL in an option after a name is the option's
        return None
    try:
        slotted = without_template_slots(text)  # a template's slot: kedro~={{ cookiecutter.kedro_version }}, x[{{ extras }}]
    except ValueError:
        slotted = None
    if slotted is not None:
        return slotted[0], slotted[1], True
    tokens = text.split()
    first_option = next((i for i, t in enumerate(tokens) if t.startswith("-")), len(tokens))
    candidates = [(" ".join(tokens[:first_option]), True)]
    if re.search(r"[=<>~!\[;]", tokens[0]):  # a pinned first word is a requirement; a bare one may be prose
        candidates.append((tokens[0], first_option <= 1))
    for candidate, clean in candidates:
        try:
            parsed = split_requirement(candidate)
        except ValueError:
            continue
        if parsed is not None:
            return parsed[0], parsed[1], clean
    return None


# a line that is only a name, or a name pinned by one version clause (``requests``, ``Django==4.2.7``), with
# at most a comment: what most files hold. Read here as pip-requirements-parser reads it (the same name, the
# same spec: packaging writes one clause as operator + version, spaces dropped), without importing it (with
# packaging and urllib.request it is most of a small warm scan's start-up); any other line sends the whole
# file to the library.
SIMPLE_LINE = re.compile(r"[ \t]*(?:(?P<name>[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)"
                         r"(?:[ \t]*(?P<op>===|==|~=|!=|>=|<=|>|<)[ \t]*(?P<version>[0-9]+(?:\.[0-9]+)*))?)?"
                         r"[ \t]*(?:(?<![^ \t])#.*)?")  # pip: a comment starts a line or follows a space


def _simple_lines(lines: list[str]) -> list[tuple[int, str, str]] | None:
    """(line number, name, spec) of each requirement when every line is blank, a comment or a simple line;
    else None."""
    out = []
    for number, line in enumerate(lines, 1):
        m = SIMPLE_LINE.fullmatch(line)
        if m is None:
            return None
        name = m.group("name")
        if name is not None:
            out.append((number, name, name + (m.group("op") + m.group("version") if m.group("op") else "")))
    return out


def parse_requirements(source: Source, _seen: set[str] | None = None, _depth: int = 0) -> Iterator[Mention]:
    found = _requirements(source, _seen, _depth)
    if docs_path(source.path):  # a document's block: its `python>=3.9` is the interpreter it asks for
        found = (m for m in found if m.key.name.lower() != INTERPRETER and not _own_attribute(source, m))
    yield from found


def _own_attribute(source: Source, mention: Mention) -> bool:
    """Whether a document's bare line ``top.name`` (no version, no extras) is a dotted path into the project's own
    package, not a distribution: ``top`` is both the distribution the tree's manifests name and its own top-level
    package, and ``name`` is a module of that package or a name its ``__init__.py`` binds. SymPy's
    active-deprecations page lists `sympy.ordered` and `sympy.default_sort_key` in a plain block, the names
    sympy/__init__.py imports from sympy.core; `sympy.pretend` beside them, which the package lacks, is still judged,
    and so is every line of a requirements file under docs/, which a docs build installs."""
    top, dot, name = mention.written.partition(".")
    if not dot or not name.isidentifier() or mention.spec not in (None, mention.written) or source.root is None:
        return False
    if get_format("requirements").matches(source.path):
        return False  # a requirements file under docs/ (what a docs build installs) is read as written
    hints = source.hints
    if top not in hints.local_python_modules or canonicalize_name(top) not in hints.local_distributions:
        return False
    roots = hints.python.roots if hints.python is not None and hints.python.roots else ("",)
    for folder in roots:
        package = source.root / folder / top
        if source.files.is_file(package / f"{name}.py") or source.files.is_file(package / name / "__init__.py"):
            return True
        init = source.files.read_text(package / "__init__.py", 1024 * 1024)
        if init and name in init and name in _bound_names(init):
            return True
    return False


def _bound_names(text: str) -> frozenset[str]:
    """The names a module's top level binds: what it imports, defines, assigns and lists in ``__all__``."""
    import ast

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return frozenset(names)


# A document's list of what an environment needs names the interpreter beside the packages (kepler.gl's FAQ answers
# "What's your recommended Python environment?" with a block `python>=3.9`, `jupyterlab>=4.0`, `notebook>=7.0`, as a
# conda environment file would): no distribution is called "python" and pip cannot install one, so in a document
# the name is the interpreter, and the packages beside it are judged as ever. A requirements file that lists it is
# still read as written (pip fails on it: a problem worth its report).
INTERPRETER = "python"


def _requirements(source: Source, _seen: set[str] | None, _depth: int) -> Iterator[Mention]:
    seen = _seen if _seen is not None else {_identity(source)}
    text = blank_directive_lines(source.text) or source.text  # a project template's {% if %} lines: no requirement
    lines = text.splitlines()
    if conda_spec_text(lines) or _conda_list(source):
        yield from _conda_mentions(source, lines)
        return
    simple = _simple_lines(lines)
    if simple is not None:
        for number, name, spec in simple:
            yield source.mention("pypi", name, number, column_of(lines, number, name), Origin.MANIFEST,
                                 "requirements", spec=spec)
        return
    rf = _parse_text(_bounded(source, lines, text))
    only = index_only(rf)
    for m in sorted(_own_mentions(source, rf, lines), key=lambda m: (m.location.line or 0, m.location.column or 0)):
        yield m if only is None else from_other_index(m, only, ok_passes=True)
    yield from _included(source, rf, seen, _depth)


def index_only(rf) -> str | None:
    """Where pip takes this file's requirements from when its options replace PyPI (``--index-url`` of another index,
    or ``--no-index``) and no ``--extra-index-url`` names PyPI again, as ``pip install -i URL x`` does on a command
    line; None when pip asks PyPI. An ``--extra-index-url`` alone adds to PyPI (pip takes the best version of either:
    a name PyPI lacks is still judged, as one anybody may register there)."""
    replaced: list[str] = []
    for opt in rf.options:
        given = opt.options
        for url in given.get("extra_index_urls") or []:
            if other_index_url(url) is None:
                return None  # PyPI asked again
        if given.get("index_url"):
            url = other_index_url(given["index_url"])
            if url is None:
                return None  # --index-url of PyPI itself
            replaced.append(f"{url} (--index-url)")
        if given.get("no_index"):
            replaced.append("local files (--no-index)")
    return "pip installs it from " + " or ".join(dict.fromkeys(replaced)) + " only" if replaced else None


def _conda_list(source: Source) -> bool:
    """Whether a script of the tree hands the file to ``conda install --file`` (the project view says so)."""
    return _hinted(source, source.hints.conda_lists)  # this fact alone: editing another manifest leaves it cached


def _conda_mentions(source: Source, lines: list[str]) -> Iterator[Mention]:
    from ..conda.conda_env import conda_mention

    for number, line in enumerate(lines, 1):
        spec = line.split("#", 1)[0].strip()
        if spec:
            found = conda_mention(source, spec, [], number, line.index(spec) + 1, Origin.MANIFEST, "requirements")
            if found is not None:
                yield found


def _bounded(source: Source, lines: list[str], text: str | None = None) -> str:
    """The text with each logical line of more than ``MAX_LINE_WORDS`` words blanked (a ``limit`` problem
    names it: never read, never passed); the line count is kept, so line numbers stay right."""
    text = source.text if text is None else text  # (the text ``lines`` come from)
    if len(text) < MAX_LINE_WORDS * 2:  # too short to hold such a line
        return text
    out = list(lines)
    start = words = 0
    for i, line in enumerate(lines):
        words += len(line.split())
        if line.endswith("\\") and i + 1 < len(lines):
            continue  # continued on the next line
        if words > MAX_LINE_WORDS:
            out[start:i + 1] = [""] * (i + 1 - start)
            source.problem(f"line of more than {MAX_LINE_WORDS:,} words; not read as requirements", start + 1,
                           kind="limit")
        start, words = i + 1, 0
    return "\n".join(out) + "\n"


def _identity(source: Source) -> str:
    return str(source.fs_path.resolve()) if source.fs_path is not None else source.path


# a line made only of template tags, slots and statements, one after another (siliconcompiler's replay template,
# data/templates/replay/requirements.txt: ``{% for pkg in pkgs %}{{ pkg }}``); no tag holds a brace, so one pass.
# Text between or around the tags (``{% if x %}pkg{% endif %}``, ``kedro-{{ flavour }}``) is read as written
TEMPLATE_LINE = re.compile(rf"(?:{TEMPLATE_SLOT.pattern})(?:[ \t]*(?:{TEMPLATE_SLOT.pattern}))*")


def _own_mentions(source: Source, rf, lines: list[str]) -> Iterator[Mention]:
    for bad in rf.invalid_lines:
        if TEMPLATE_LINE.fullmatch(bad.line.strip()):  # a template's whole line: {{ cookiecutter.sphinx_theme }},
            continue  # or a loop writing one a line ({% for pkg in pkgs %}{{ pkg }}): what goes there is not here
        recovered = _recover(bad.line)
        if recovered is not None:
            name, spec, clean = recovered
            if not clean:
                source.problem(f"text after {name!r} is not a requirement option: {bad.line.strip()!r}", bad.line_number)
            col = column_of(lines, bad.line_number, name)
            yield source.mention("pypi", name, bad.line_number, col, Origin.MANIFEST, "requirements", spec=spec)
            continue
        message = (bad.error_message or "invalid requirement").splitlines()[0]
        source.problem(f"cannot parse {bad.line.strip()!r}: {message}", bad.line_number)
    for req in rf.requirements:
        if not req.name or req.link is not None or req.is_local_path or req.is_url:
            continue
        raw = lines[req.line_number - 1] if 0 < req.line_number <= len(lines) else ""
        col = column_of(lines, req.line_number, req.name) if raw else None
        spec = str(req.req) if req.req is not None else None
        yield source.mention("pypi", req.name, req.line_number, col, Origin.MANIFEST, "requirements", spec=spec)


def _included(source: Source, rf, seen: set[str], _depth: int) -> Iterator[Mention]:
    for opt in rf.options:
        for key in ("requirements", "constraints"):
            for target in opt.options.get(key, []) or []:
                if "://" in target:
                    continue  # a remote requirements file is not read
                before = len(source.problems)
                related = source.read_related(target)
                if related is None:
                    if len(source.problems) > before or source.fs_path is None or docs_path(source.path):
                        # already reported (outside the tree), text with no folder to look in, or a document's
                        # block including the reader's own files (uv's pip migration guide: `-r requirements.in`)
                        continue
                    source.problem(f"{key[:-1]} file {target!r} not found", opt.line_number, kind="read")
                    continue
                shown, text = related
                assert source.fs_path is not None
                child = Source(
                    path=shown, text=text, fs_path=(source.fs_path.parent / target).resolve(), root=source.root,
                    hints=source.hints, problems=source.problems,
                )
                if _identity(child) in seen:
                    continue
                if _depth >= MAX_INCLUDE_DEPTH:
                    source.problem(f"-r/-c nested deeper than {MAX_INCLUDE_DEPTH}; {shown} not read", opt.line_number, kind="limit")
                    continue
                seen.add(_identity(child))
                yield from parse_requirements(child, seen, _depth + 1)


# A requirements-named list of an operating system's packages, its name saying whose: Cirq's
# ``apt-system-requirements.txt`` (latexmk, python3-tk, texlive-latex-extra), which its CI hands to ``sudo apt-get
# install $(cat apt-system-requirements.txt)``. pip never reads it: its names are no PyPI names to judge. The name
# alone is no evidence (r25 #4: per-platform pip lists, requirements-ubuntu.txt, requirements-alpine.txt, are
# common): the list must also read as an OS's (no line in pip's own syntax: :func:`reads_as_debian_list`) and no
# script or requirements file of the tree may hand it to pip (:func:`pip_lists`).
OS_PACKAGE_LIST = re.compile(r"(?i)(?:^|[-_.])(?:apt|apt-get|deb|debian|ubuntu|dpkg|yum|dnf|rpm|brew|homebrew|apk"
                             r"|alpine|pacman|choco|chocolatey|winget)(?=[-_.])")


# the folder of a Debian source package's packaging, known by its ``control`` file (dpkg-buildpackage reads
# debian/control, debian/rules …): a list kept there names Debian's packages (AutoKey's debian/build_requirements.txt,
# which its debian/build.sh hands to `xargs sudo apt-get install`: debhelper-compat, dh-python, gir1.2-gtk-3.0)
DEBIAN_FOLDER = "debian"
DEBIAN_CONTROL = "control"
DEBIAN_RULES = "rules"
# a line only pip's requirement syntax writes: a version specifier, extras, an option (`flask==3.0`, `x[a]`, `-r f`);
# a Debian package list holds bare names
PIP_ONLY_LINE = lazyre.compile(r"(?m)^[ \t]*(?:-|[A-Za-z0-9][\w.+-]*[ \t]*(?:\[|[=<>!~]=|[<>]|@|;))")


def os_package_list(path: str) -> bool:
    """Whether a requirements-named file's name says it may list an operating system's packages (``OS_PACKAGE_LIST``;
    the callers also ask :func:`reads_as_debian_list` and :func:`pip_lists`)."""
    return OS_PACKAGE_LIST.search(os.path.basename(path)) is not None


# a line that hands a file to pip: `pip install -r F`, `python -m pip install --requirement=F`, `uv pip install -r F`
# (after the pip word), or a requirements file's or tox deps' own `-r F` line (at its start); `value`: F as written
PIP_WORD = lazyre.compile(r"(?<![\w.-])pip3?(?:\.exe)?(?![\w.-])")
INCLUDE_LINE = lazyre.compile(r"[ \t]*(?:deps[ \t]*=[ \t]*)?(?=-r|--requirement)")
LIST_OPTION = lazyre.compile(r"""(?<![\w-])(?:-r|--requirements?)(?:=|[ \t]*)["']?(?P<value>[^\s"';&|)]+)""")
CONTINUED_LINE = lazyre.compile(r"[ \t]*(?:\\|`|\^)[ \t]*\r?\n")


def pip_lists(candidates: Iterable[str], texts: Iterable[str]) -> frozenset[str]:
    """The files among ``candidates`` (relative paths) that a line of one of ``texts`` (the tree's scripts and
    requirements files) hands to pip with ``-r``: matched by file name, a variable in the written name standing for
    any part when the rest holds a word (a Dockerfile's ``pip install -r /app/requirements-alpine.txt`` names the tree's
    ``requirements-alpine.txt``; reading a list as pip's is the stricter choice); or feeds to a pip install's own
    command (:func:`fed_names`: ``pip install $(cat requirements-alpine.txt)``, ``cat F | xargs pip install``; r25 #16).
    Each line is read in one pass."""
    from .conda_lists import VARIABLE, glob_match

    by_name: dict[str, list[str]] = {}
    for rel in candidates:
        by_name.setdefault(rel.rpartition("/")[2], []).append(rel)
    out: set[str] = set()
    for text in texts:
        if "-r" not in text and "cat" not in text and "<" not in text and "xargs" not in text:
            continue
        for line in CONTINUED_LINE.sub(" ", text).splitlines():
            if PIP_WORD.search(line) is not None:  # `pip install $(cat F)`, `cat F | xargs pip install` (r25 #16)
                for written in fed_names(line, PIP_INSTALLER):
                    out.update(by_name.get(re.split(r"[/\\]", written)[-1], ()))
            if "-r" not in line:
                continue
            start = INCLUDE_LINE.match(line)
            pip = None if start else PIP_WORD.search(line)
            if start is None and pip is None:
                continue
            for option in LIST_OPTION.finditer(line, start.end() if start else pip.end() if pip else 0):
                written = re.split(r"[/\\]", option["value"])[-1]
                parts = VARIABLE.split(written)
                if not re.search(r"[A-Za-z0-9]{3}", "".join(parts).rsplit(".", 1)[0]):
                    continue  # a name that is all variable (Cirq's `pip install -r "${DEV_DEPS_FILE}"`) names no file
                out.update(rel for name, rels in by_name.items() if glob_match(parts, name) for rel in rels)
    return frozenset(out)


# an operating system's installer on a line: what it installs are the OS's packages
OS_INSTALLER = lazyre.compile(r"(?<![\w.-])(?:apt-get|apt|aptitude|dnf|yum|zypper|brew|port)[ \t]+(?:-\S+[ \t]+)*install\b"
                              r"|(?<![\w.-])apk[ \t]+add\b|(?<![\w.-])pacman[ \t]+-S")
# how a command takes a file's lines as its arguments: `$(cat F)`, `` `cat F` ``, `< F`, `xargs -a F`
FILE_FED = lazyre.compile(r"""(?:\$\(|`)[ \t]*cat[ \t]+["']?(?P<a>[^\s"')`]+)|<[ \t]*["']?(?P<b>[^\s"';&|<>]+)"""
                          r"""|xargs[ \t]+(?:-\S+[ \t]+)*(?:-a|--arg-file)(?:=|[ \t]+)["']?(?P<c>[^\s"';&|]+)""")
# ... or a `cat F` whose output is piped into the command (`cat F | xargs sudo apt-get install`)
# (a Dockerfile's `RUN` or a workflow step's `run:` may come first)
CAT_ALONE = lazyre.compile(r"""^[ \t]*(?:(?:RUN|-?[ \t]*run:)[ \t]+)?(?:sudo[ \t]+)?cat[ \t]+["']?(?P<d>[^\s"';&|]+)["']?[ \t]*$""")
# the separators of a shell line's commands (the pipe last, so `||` is read whole)
COMMAND_SEPARATOR = lazyre.compile(r"(&&|\|\||;|\|)")


# pip's own install command (after the pip word, its options)
PIP_INSTALLER = lazyre.compile(r"(?<![\w.-])pip3?(?:\.exe)?[ \t]+(?:-\S+[ \t]+)*install\b")


def fed_names(line: str, command) -> list[str]:
    """The file names (as written) that the commands of a shell ``line`` matching ``command`` take their arguments
    from: ``FILE_FED`` in that command (between ``&&``, ``||``, ``;`` and ``|``), or a ``cat F`` piped into it."""
    parts = COMMAND_SEPARATOR.split(line)  # command, separator, command, …
    out: list[str] = []
    for i in range(0, len(parts), 2):
        if command.search(parts[i]) is None:
            continue
        out += [m["a"] or m["b"] or m["c"] or "" for m in FILE_FED.finditer(parts[i])]
        if i >= 2 and parts[i - 1] == "|" and (cat := CAT_ALONE.match(parts[i - 2])) is not None:
            out.append(cat["d"])
    return out


def system_lists(candidates: Iterable[str], texts: Iterable[str]) -> frozenset[str]:
    """The files among ``candidates`` (relative paths) that a command of one of ``texts`` (the tree's scripts and
    Dockerfiles) feeds to an operating system's installer, in that installer's own command (:func:`fed_names` with
    ``OS_INSTALLER``: pygraphistry's docs/docker/Dockerfile runs ``apt-get install -y $(cat /requirements-system.txt)``),
    matched by file name. A file fed to another command of the same line (``apt-get install gcc && pip install $(cat
    requirements.txt)``) is not one (r25 #15). Each line is read in one pass."""
    by_name: dict[str, list[str]] = {}
    for rel in candidates:
        by_name.setdefault(rel.rpartition("/")[2], []).append(rel)
    out: set[str] = set()
    if not by_name:
        return frozenset()
    for text in texts:
        for line in CONTINUED_LINE.sub(" ", text).splitlines():
            if OS_INSTALLER.search(line) is None:
                continue
            for written in fed_names(line, OS_INSTALLER):
                out.update(by_name.get(re.split(r"[/\\]", written)[-1], ()))
    return frozenset(out)


def _pip_list(source: Source) -> bool:
    """Whether a script or requirements file of the tree hands the file to pip (the project view says so)."""
    return _hinted(source, source.hints.pip_lists)  # this fact alone, as conda_lists


def _system_list(source: Source) -> bool:
    """Whether a script or Dockerfile of the tree feeds the file to an OS's installer (the project view says so)."""
    return _hinted(source, source.hints.os_lists)


def _hinted(source: Source, lists: frozenset[str]) -> bool:
    if not lists or source.fs_path is None or source.root is None:
        return False
    try:
        rel = source.fs_path.relative_to(source.root).as_posix()
    except ValueError:
        return False
    return rel in lists


def in_debian_folder(path: str) -> bool:
    """Whether the file lies in a folder named ``debian`` (a Debian source package's packaging folder once it holds
    ``control``, which the caller asks as it can)."""
    return os.path.basename(os.path.dirname(path.replace("\\", "/"))) == DEBIAN_FOLDER


def reads_as_debian_list(text: str) -> bool:
    """Whether no line of a list is in pip's own syntax (r24 #2: a ``docker/debian/requirements.txt`` of pip
    requirements beside a Dockerfile stays pip's)."""
    return PIP_ONLY_LINE.search(text) is None


def _named_by_rules(source: Source) -> bool:
    """Whether the Debian packaging's ``rules`` names the file: dh-virtualenv's ``dh_virtualenv
    --requirements=debian/requirements.txt`` hands it to pip inside the package (r24 #11)."""
    got = source.read_related(DEBIAN_RULES)
    return got is not None and os.path.basename(source.path) in got[1]


# circup (Adafruit's CircuitPython library installer) given a list: `circup install -r requirements.txt`, `python3 -m
# circup --host 10.0.0.5 install -r F`; the installer word, then its install command (LIST_OPTION follows) after at
# most a dozen option words (circup's --host, --password, --path, --board-id, --cpy-version, --timeout, --verbose with
# their values): unbounded, each `circup` of a line was read to the line's end, quadratic on a line of many of them
# (8,000 took 18 s; reviewer r36)
CIRCUP_INSTALL = lazyre.compile(r"(?<![\w.-])circup(?![\w.-])(?:[ \t]+\S+){0,12}?[ \t]+install(?![\w.-])")
# where a CircuitPython project says how its list is installed: its README's or Makefile's lines, in the list's folder
# or one or two above it
CIRCUP_DOCS = ("README.md", "README.rst", "README.txt", "README", "readme.md", "Makefile")
CIRCUP_UP = 2


def circup_list(rel: str, text: str, read: Callable[[str], str | None]) -> bool:
    """Whether the requirements-named file ``rel`` (relative to the tree's root, its ``text``) is circup's list: a
    CircuitPython project's ``requirements.txt`` that circup installs from Adafruit's and the Community library bundles
    (``circup install -r requirements.txt``), naming the bundles' libraries (``adafruit_display_text==2.18.3``,
    ``neopixel``, ``adafruit_hid``: aramcon-firmware's, todbot's qtpy-knob's), not PyPI's distributions. The file's
    own comment says so (qtpy-knob: ``# use this file with circup ... # circup install -r requirements``), or a README
    or Makefile in its folder or one or two above it hands it to circup by its path from there, and none of those hands
    it to pip too (pip's names then: circup also takes ``adafruit-circuitpython-x``). ``read`` gives the text of a file
    of the tree by its path from the root, or None."""
    if "circup" in text and any(CIRCUP_INSTALL.search(line) for line in text.splitlines()
                                if line.lstrip().startswith("#")):
        return True
    parts = rel.split("/")
    circup = False
    docs: list[str] = []
    for up in range(min(CIRCUP_UP, len(parts) - 1) + 1):
        folder, own = "/".join(parts[:len(parts) - 1 - up]), "/".join(parts[len(parts) - 1 - up:])
        for name in CIRCUP_DOCS:
            doc = read(f"{folder}/{name}" if folder else name)
            if doc is None:
                continue
            docs.append(doc)
            circup = circup or ("circup" in doc and own in _circup_given(doc))
    return circup and not pip_lists([rel], docs)


def circup_names(text: str) -> list[str]:
    """The library names of circup's list ``text`` as circup reads them: each line that is no comment, up to its first
    version operator."""
    return [name for line in text.splitlines()
            if (name := re.split(r"[<>=!~;#\s]", line.strip(), maxsplit=1)[0]) and not line.lstrip().startswith(("#", "-"))]


def _circup_given(text: str) -> set[str]:
    """The paths (normalised, as written) that the circup install commands of ``text``'s lines take with ``-r``."""
    out: set[str] = set()
    for line in CONTINUED_LINE.sub(" ", text).splitlines():
        if "circup" not in line:
            continue
        for command in COMMAND_SEPARATOR.split(line)[::2]:
            found = CIRCUP_INSTALL.search(command)
            if found is not None:
                out.update(os.path.normpath(o["value"]).replace("\\", "/") for o in LIST_OPTION.finditer(command, found.end()))
    return out


def _circup_list(source: Source) -> bool:
    """:func:`circup_list` of the parsed file, reading its neighbours through the view (recorded, so a cached parse
    sees a README change)."""
    if source.fs_path is None or source.root is None:
        return False
    try:
        rel = source.fs_path.relative_to(source.root).as_posix()
    except ValueError:
        return False
    here = rel.rpartition("/")[0]

    def read(path: str) -> str | None:
        got = source.read_related(os.path.relpath(path, here or "."))
        return got[1] if got is not None else None

    return circup_list(rel, source.text, read)


@file_format("requirements", PATTERNS, ecosystem="pypi", kind="manifest",
             description="pip requirements and constraints files (-r/-c followed)")
def parse(source: Source) -> Iterator[Mention]:
    if (os_package_list(source.path) or _system_list(source)) and reads_as_debian_list(source.text) \
            and not _pip_list(source):
        return iter(())
    if _circup_list(source):
        return iter(())
    if in_debian_folder(source.path) and source.read_related(DEBIAN_CONTROL) is not None \
            and reads_as_debian_list(source.text) and not _named_by_rules(source):
        return iter(())
    return parse_requirements(source)
