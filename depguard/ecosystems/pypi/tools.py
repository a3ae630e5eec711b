"""Python install and run commands: pip/pip3, uv (pip install/sync, add, sync, run, tool install/run), uvx,
poetry add/install, pipenv install/sync, pdm add/install, pipx install/run/inject, rye add/sync, hatch,
easy_install; conda's ``pip:`` is a file.

A requirement word is read with packaging (``name[extra]>=1; marker``). What is not a registry name is
still an install: a local folder (``.``, ``-e ./pkg``) installs what its pyproject.toml/setup.py name, a
requirements file (``-r``) what it lists (both :class:`Manifest` values), and a URL, VCS link or archive
installs dependencies nobody can know before it is fetched (:class:`Unresolved`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, fetched, folder_option, grammar, manifest_file, project, target_or
from ...commands.shell import Word

BARE_NAME = lazyre.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
# a local archive's file name, with the extras pip accepts after it (``pkg-1.0-py3-none-any.whl[core]``)
ARCHIVE = lazyre.compile(r"\.(whl|tar\.gz|tgz|tar\.bz2|tar\.xz|zip|egg)(?:\[[^\]]*\])?$", re.I)

PIP_INSTALL = Options(with_value=frozenset({
    "-r", "--requirement", "-c", "--constraint", "-e", "--editable", "-i", "--index-url", "--extra-index-url",
    "-f", "--find-links", "-t", "--target", "--prefix", "--root", "--src", "--upgrade-strategy", "--platform",
    "--python-version", "--implementation", "--abi", "--only-binary", "--no-binary", "--progress-bar", "--log",
    "--proxy", "--retries", "--timeout", "--exists-action", "--trusted-host", "--cert", "--client-cert",
    "--cache-dir", "-C", "--config-settings", "--global-option", "--build-option", "--install-option", "--report",
    "--python", "--use-feature", "--use-deprecated", "--keyring-provider", "--root-user-action", "-d", "--dest",
    "--group", "--extra", "--index", "--default-index", "-p", "--resolution", "--prerelease", "--link-mode",
    "--exclude-newer", "--index-strategy", "--reinstall-package", "--upgrade-package", "-P", "--refresh-package",
    "--no-build-isolation-package", "--no-build-package", "--no-binary-package", "--config-file", "--directory",
    "--project", "--color", "--overrides", "--build-constraints", "-b",
    # pip's own spellings: download's --dest aliases, wheel's -w, pip 25's build constraints, release
    # control and upload cut-off (pip/_internal/cli/cmdoptions.py, commands/download.py, commands/wheel.py)
    "--destination-dir", "--destination-directory", "-w", "--wheel-dir", "--build-constraint",
    "--requirements-from-script", "--uploaded-prior-to", "--all-releases", "--only-final",
}))


def requirement_target(word: Word, runs: bool = False, note: str | None = None) -> Target | None:
    """A Target for a pip-style requirement word, or None when it is not a registry name."""
    text = word.text.strip()
    if not text or word.dynamic or "://" in text or text.startswith((".", "/", "~", "-")) or ARCHIVE.search(text):
        return None
    if "\\" in text or (len(text) > 1 and text[1] == ":"):  # windows paths
        return None
    if BARE_NAME.fullmatch(text):  # the common case needs no requirement parser
        return Target("pypi", word, text, runs=runs, note=note)
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        req = Requirement(text)
    except InvalidRequirement:
        return None
    if req.url:
        return None
    spec = str(req.specifier) or None
    col = text.find(req.name)
    return Target("pypi", word, req.name, spec=spec, runs=runs, note=note, column_shift=max(col, 0))


PY_PROJECT = ("pyproject.toml", "setup.py", "setup.cfg")
VCS = lazyre.compile(r"^(git|hg|svn|bzr)\+", re.I)


def requirement_install(word: Word, tool: str, runs: bool = False, note: str | None = None) -> Iterator[Item]:
    """What installing one requirement word installs: a package, a local project, or something unresolvable."""
    def other(text: str) -> Iterator[Item]:
        at_url = re.match(r"^[A-Za-z0-9._-]+(\[[^\]]*\])?\s*@\s*(\S+)", text)  # name @ url
        url = at_url.group(2) if at_url else text
        path = re.sub(r"\[[^\]]*\]$", "", text)  # .[dev]
        if url.startswith("file://"):
            yield project("pypi", tool, word, PY_PROJECT, url[7:])
        elif "://" in url or VCS.match(url):
            yield fetched("url", tool, word, "pypi")
        elif ARCHIVE.search(path):
            yield fetched("archive", tool, word, "pypi")
        elif text.startswith((".", "/", "~")) or "/" in text or "\\" in text or (len(text) > 2 and text[1] == ":"):
            yield project("pypi", tool, word, PY_PROJECT, path)

    yield from target_or(requirement_target(word, runs=runs, note=note), word, other)


def editable_install(word: Word, tool: str) -> Iterator[Item]:
    """What ``-e WORD`` installs: an editable install takes a local project folder or a VCS URL, never a registry
    name (pip: "It should either be a path to a local project or a VCS URL"), so a bare word is a folder
    (``git clone …/x.git && pip install -e x``)."""
    if requirement_target(word) is None:  # a path, a URL, a VCS link: read as any install word
        yield from requirement_install(word, tool)
    else:  # a bare word (``x``, ``x[dev]``): the folder of that name
        yield project("pypi", tool, word, PY_PROJECT, re.sub(r"\[[^\]]*\]$", "", word.text.strip()))


def pip_install(args: list[Word], tool: str = "pip", opts: Options = PIP_INSTALL) -> Iterator[Item]:
    """The words after ``pip install``: names, ``-r``/``-c`` files, ``-e`` folders, URLs (``opts``: the
    installer's options, uv's for ``uv pip install``, whose global options also take values)."""
    for kind, w, value in opts.walk(args):
        if kind == "pos":
            yield from requirement_install(w, tool)
        elif value is not None:
            opt = w.text.split("=", 1)[0]
            if opt in ("-r", "--requirement", "--requirements"):  # uv reads pyproject.toml / setup.cfg here too
                yield manifest_file("pypi", tool, value, "file" if value.text.rsplit("/", 1)[-1] in PY_PROJECT else "requirements")
            elif opt in ("-c", "--constraint", "--constraints"):
                yield manifest_file("pypi", tool, value, "constraints")
            elif opt in ("-e", "--editable"):
                yield from editable_install(value, tool)
            elif opt == "--group":  # PEP 735 dependency group: [path/pyproject.toml:]name
                path, _, _name = value.text.rpartition(":")
                folder = path.rsplit("/", 1)[0] if path.endswith("pyproject.toml") and "/" in path else "."
                yield project("pypi", tool, value, ("pyproject.toml",), folder)


@grammar("pip", "pip3", "pip2")
def pip(args: list[Word]) -> Iterator[Item]:
    sub, rest = PIP_INSTALL.subcommand(args)
    if sub is None or sub.text not in ("install", "download", "wheel"):
        return
    yield from pip_install(rest)


@grammar("pip-sync")
def pip_sync(args: list[Word]) -> Iterator[Item]:
    """pip-tools' ``pip-sync [FILE…]`` installs exactly what the files list (requirements.txt by default)."""
    files = PIP_INSTALL.positionals(args)
    if not files:
        yield project("pypi", "pip-sync", None, ("requirements.txt",))
    for w in files:
        yield manifest_file("pypi", "pip-sync", w, "requirements")


# setuptools' easy_install takes distutils options (setuptools/command/easy_install.py, user_options), not pip's: its
# -e is a flag (editable: the named project is fetched and unpacked into the -b build directory), and -b, -s, -S,
# -d, -O and -H take values, so in sphinx-gallery's embedding script `easy_install -Zeab tmp sphinx-gallery` tmp is
# the build directory (held-out set 289), never a package; flags cluster (-Zeab: -Z -e -a -b)
EASY_INSTALL = Options(with_value=frozenset({
    "--prefix", "-d", "--install-dir", "-s", "--script-dir", "-i", "--index-url", "-f", "--find-links", "-b",
    "--build-directory", "-O", "--optimize", "--record", "-S", "--site-dirs", "-H", "--allow-hosts",
}))


@grammar("easy_install")
def easy_install(args: list[Word]) -> Iterator[Item]:
    yield from pip_install(args, "easy_install", EASY_INSTALL)


UV = Options(
    with_value=PIP_INSTALL.with_value | {"--from", "--optional", "--package", "--branch", "--tag", "--rev",
                                          "--marker", "-m", "--bounds", "--script", "--env-file",
                                          # uv's global and resolver options (docs.astral.sh/uv/reference/cli)
                                          "--python-preference", "--python-platform", "--allow-insecure-host",
                                          "--only-group", "--no-group", "--no-extra", "--torch-backend",
                                          "--fork-strategy", "--exclude-newer-package", "--config-setting",
                                          "--generate-shell-completion",  # uv/uvx --generate-shell-completion SHELL
                                          # uv pip install's plural spellings of pip's -r/-c
                                          "--requirements", "--constraints"},
    package_value=frozenset({"--with", "-w", "--with-editable", "--with-requirements"}),
)


# what uv's tool runner takes as a Python interpreter rather than a package (uv's PythonRequest::try_from_tool_name,
# astral-sh/uv#11076, 2025): `python`, a version after it with or without `@` (`python3.12`, `python@3.13t`), and an
# implementation's name with or without one (`pypy`, `pypy@3.10`, `cpython3.12`, `graalpy`, `pyodide`)
UV_INTERPRETER = lazyre.compile(r"(?:python|cpython|pypy|graalpy|pyodide)(?:@?\d+(?:\.\d+){0,2}t?)?", re.I)


def _runner(opts: Options, args: list[Word], runs_note: str, interpreters: bool = False) -> Iterator[Target]:
    """uvx / pipx run: ``--from PKG`` names the package; else the first positional is it, the rest are its args.
    With ``interpreters`` (uv's runner), a command that names a Python interpreter (:data:`UV_INTERPRETER`) runs it
    in a fresh environment and installs nothing of that name: tokenizers' benchmark workflow runs
    ``uvx --with cairosvg python render_bench_svg.py`` (``--with`` packages are still installs)."""
    from_pkg: Word | None = None
    first: Word | None = None
    for kind, w, value in opts.walk(args):
        if kind == "pkgopt" and value is not None:
            if w.text.startswith("--with-requirements"):
                continue
            t = requirement_target(value)
            if t:
                yield t
        elif kind == "opt" and w.text.split("=")[0] in ("--from", "--spec") and value is not None:
            from_pkg = value
        elif kind == "pos":
            first = w
            break
    chosen = from_pkg or first
    if chosen is None or (interpreters and UV_INTERPRETER.fullmatch(chosen.text)):
        return
    if from_pkg is None and "@" in chosen.text and not chosen.text.startswith("@"):  # uvx ruff@0.5
        t = _at_version(chosen, runs=True, note=runs_note)
        if t:
            yield t
        return
    t = requirement_target(chosen, runs=True, note=runs_note)
    if t:
        yield t


def _at_version(word: Word, runs: bool = False, note: str | None = None) -> Target | None:
    """uv's tool request ``NAME@VERSION`` (``uvx ruff@0.5``, ``uv tool install ruff@latest``: Ruff's installation
    page installs it so): the name, pinned unless ``latest``; None when it is not one (``name@ url``, a scope)."""
    name, _, version = word.text.partition("@")
    if not name or "/" in version or ":" in version:
        return None
    quote = word.raw[:1] if word.raw[:1] in ("'", '"') else ""  # the name's place: after an opening quote
    t = requirement_target(Word(name, word.line, word.column, word.quoted, quote + name), runs=runs, note=note)
    if t is None:
        return None
    spec = f"=={version}" if version and version != "latest" else None
    return Target(t.ecosystem, t.word, t.name, spec=spec, runs=runs, note=note, column_shift=t.column_shift)


UV_PROJECT = ("pyproject.toml", "uv.lock")


@grammar("uv")
def uv(args: list[Word]) -> Iterator[Item]:
    pos = UV.positionals(args)
    if not pos:
        return
    sub = pos[0].text
    idx = args.index(pos[0])
    rest = args[idx + 1:]
    folder = folder_option(UV, args, "--directory", "--project")
    flags = {w.text for w in args}
    if sub == "pip":
        inner, inner_rest = UV.subcommand(rest)
        if inner is not None and inner.text == "install":
            yield from pip_install(inner_rest, "uv", UV)
        elif inner is not None and inner.text == "sync":  # uv pip sync FILE…: every positional is a requirements file
            for w in UV.positionals(inner_rest):
                yield manifest_file("pypi", "uv", w, "requirements")
    elif sub in ("sync", "run") and not ({"--no-sync", "--no-project", "--isolated"} & flags):
        yield project("pypi", "uv", pos[0], UV_PROJECT, folder)
        if sub == "run":
            yield from _with_requirements(rest)
    elif sub == "add" and {"-r", "--requirements"} & {w.text.split("=", 1)[0] for w in rest}:
        for listed in UV.values(rest, "-r", "--requirements"):
            yield manifest_file("pypi", "uv", listed, "requirements")
    if sub == "add":
        for w in UV.positionals(rest):
            yield from requirement_install(w, "uv")
        for kind, _w, value in UV.walk(rest):
            if kind == "pkgopt" and value is not None:
                t = requirement_target(value)
                if t:
                    yield t
    elif sub == "tool" and len(pos) > 1:
        action = pos[1].text
        rest2 = args[args.index(pos[1]) + 1:]
        if action == "install":
            # `--from SOURCE` is what uv installs, and the positional only names the package SOURCE provides (uv
            # refuses a mismatch): spec-kit's README, `uv tool install specify-cli --from git+https://github.com/
            # github/spec-kit.git@vX.Y.Z`, asks no registry for specify-cli; a `--from 'ruff==0.5'` still does
            source = next((value for kind, w, value in UV.walk(rest2)
                           if kind == "opt" and w.text.split("=")[0] == "--from" and value is not None), None)
            for kind, w, value in UV.walk(rest2):
                if (kind == "pos" and source is None) or (kind == "pkgopt" and value is not None):
                    t = requirement_target(w if kind == "pos" else value)  # type: ignore[arg-type]
                    if t is None and kind == "pos" and "@" in w.text and not w.text.startswith("@"):
                        t = _at_version(w)  # uv tool install ruff@latest
                    if t:
                        yield t
            if source is not None and (t := requirement_target(source)):
                yield t
        elif action == "run":
            yield from _runner(UV, rest2, "runs the package (uv tool run)", interpreters=True)
    if sub == "run":
        for kind, _w, value in UV.walk(rest):
            if kind == "pkgopt" and value is not None and not _w.text.startswith("--with-requirements"):
                t = requirement_target(value)
                if t:
                    yield t
            if kind == "pos":
                break


def _with_requirements(args: list[Word]) -> Iterator[Item]:
    for kind, w, value in UV.walk(args):
        if kind == "pos":
            return
        if kind == "pkgopt" and value is not None and w.text.startswith("--with-requirements"):
            yield manifest_file("pypi", "uv", value, "requirements")


@grammar("uvx")
def uvx(args: list[Word]) -> Iterator[Target]:
    yield from _runner(UV, args, "runs the package (uvx)", interpreters=True)


POETRY = Options(with_value=frozenset({"-G", "--group", "-E", "--extras", "--source", "--python", "--platform",
                                       "--markers", "-C", "--directory", "-P", "--project"}))


@grammar("poetry")
def poetry(args: list[Word]) -> Iterator[Item]:
    pos = POETRY.positionals(args)
    if pos and pos[0].text == "self" and len(pos) > 1:  # poetry self add PLUGIN: installs into poetry's own env
        pos = pos[1:]
        if pos[0].text in ("install", "sync", "update"):
            return
    if pos and pos[0].text in ("install", "sync", "update"):
        yield project("pypi", "poetry", pos[0], ("pyproject.toml", "poetry.lock"),
                      folder_option(POETRY, args, "-C", "--directory", "-P", "--project"))
        return
    if not pos or pos[0].text != "add":
        return
    for w in pos[1:]:
        text = w.text
        if "@" in text and not text.startswith("@") and "://" not in text:
            name, _, version = text.partition("@")
            w2 = Word(name, w.line, w.column, w.quoted, name)
            t = requirement_target(w2)
            if t:
                yield Target("pypi", w, t.name, spec=version or None)
            continue
        t = requirement_target(w)
        if t:
            yield t


PIPENV = Options(with_value=frozenset({"-r", "--requirements", "--python", "--index", "-i", "--extra-index-url",
                                       "--categories", "--pypi-mirror"}))


@grammar("pipenv")
def pipenv(args: list[Word]) -> Iterator[Item]:
    pos = PIPENV.positionals(args)
    if not pos or pos[0].text not in ("install", "upgrade", "sync", "update"):
        return
    rest = args[args.index(pos[0]) + 1:]
    for value in PIPENV.values(rest, "-r", "--requirements"):
        yield manifest_file("pypi", "pipenv", value, "requirements")
    named = False
    for w in pos[1:]:
        for item in requirement_install(w, "pipenv"):
            named = True
            yield item
    if not named and pos[0].text != "upgrade" and not PIPENV.values(rest, "-r", "--requirements"):
        yield project("pypi", "pipenv", pos[0], ("Pipfile", "Pipfile.lock"))


PDM = Options(with_value=frozenset({"-G", "--group", "-p", "--project", "-L", "--lockfile", "--strategy", "-S",
                                    "-e", "--editable", "--venv", "-k", "--skip"}))
RYE = Options(with_value=frozenset({"--features", "--optional", "--path", "--git", "--url", "--branch", "--tag",
                                    "--rev", "--pyproject"}))


@grammar("pdm")
def pdm(args: list[Word]) -> Iterator[Item]:
    pos = PDM.positionals(args)
    if pos and pos[0].text == "self" and len(pos) > 1:  # pdm self add PLUGIN
        pos = pos[1:]
        if pos[0].text in ("install", "sync", "update"):
            return
    if pos and pos[0].text in ("install", "sync", "update"):
        yield project("pypi", "pdm", pos[0], ("pyproject.toml", "pdm.lock"), folder_option(PDM, args, "-p", "--project"))
        return
    if not pos or pos[0].text != "add":
        return
    for w in pos[1:]:
        t = requirement_target(w)
        if t:
            yield t


@grammar("rye")
def rye(args: list[Word]) -> Iterator[Item]:
    pos = RYE.positionals(args)
    if pos and pos[0].text == "sync":
        yield project("pypi", "rye", pos[0], ("pyproject.toml", "requirements.lock", "requirements-dev.lock"))
    if pos and pos[0].text == "add":
        for w in pos[1:]:
            t = requirement_target(w)
            if t:
                yield t


PIPX = Options(with_value=frozenset({"--python", "--pip-args", "--suffix", "--index-url", "-i", "--backend",
                                     "--fetch-python", "--global", "-r", "--requirement"}),
               package_value=frozenset())


@grammar("pipx")
def pipx(args: list[Word]) -> Iterator[Item]:
    pos = PIPX.positionals(args)
    if not pos:
        return
    sub = pos[0].text
    rest = args[args.index(pos[0]) + 1:]
    if sub == "runpip" and len(pos) >= 3 and pos[2].text == "install":  # pipx runpip VENV install X: pip in that venv
        yield from pip_install(rest[rest.index(pos[2]) + 1:] if pos[2] in rest else [], "pipx")
        return
    if sub == "install":
        for w in PIPX.positionals(rest):
            t = requirement_target(w)
            if t:
                yield t
    elif sub == "inject" and len(pos) >= 2:
        for w in PIPX.positionals(rest)[1:]:
            t = requirement_target(w)
            if t:
                yield t
        # `pipx inject VENV -r requirements.txt` (pipx 1.7): a requirements file, as pip's -r (MCDReforged's docs)
        for listed in PIPX.values(rest, "-r", "--requirement"):
            yield manifest_file("pypi", "pipx", listed, "requirements")
    elif sub == "run":
        run = Options(with_value=PIPX.with_value | {"--spec"})
        first = run.positionals(rest)[:1]
        spec = any(w.text.split("=")[0] == "--spec" for w in rest)
        # `pipx run noxfile.py` runs that script (pipx runs a local file of the name, `--path` forces it; nox's docs
        # tell its reader to run their own noxfile so): a path, not a distribution, unless --spec names the package
        if not spec and (any(w.text == "--path" for w in rest) or (first and first[0].text.lower().endswith(".py"))):
            return
        yield from _runner(run, rest, "runs the package (pipx run)")


HATCH = Options(with_value=frozenset({"-e", "--env", "-p", "--project", "--data-dir", "--cache-dir", "--config"}))


@grammar("hatch")
def hatch(args: list[Word]) -> Iterator[Item]:
    """``hatch run``/``hatch shell``/``hatch env create``/``hatch test`` make the project's environment: they
    install what pyproject.toml (or hatch.toml) lists. The command after ``run`` is read by the walk."""
    pos = HATCH.positionals(args)
    if pos and (pos[0].text in ("run", "shell", "test") or (pos[0].text == "env" and len(pos) > 1 and pos[1].text == "create")):
        yield project("pypi", "hatch", pos[0], ("pyproject.toml", "hatch.toml"))
