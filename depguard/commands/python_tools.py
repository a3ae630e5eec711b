"""Python install and run commands: pip/pip3, uv (pip install, add, tool install/run), uvx, poetry add,
pipenv install, pdm add, pipx install/run/inject, rye add, hatch? (no installs), conda's ``pip:`` is a file.

A requirement word is read with packaging (``name[extra]>=1; marker``); URLs, VCS links, local paths,
wheel and sdist files are not registry names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from . import Options, Target, grammar
from .shell import Word

BARE_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
ARCHIVE = re.compile(r"\.(whl|tar\.gz|tgz|tar\.bz2|tar\.xz|zip|egg)$", re.I)

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


@grammar("pip", "pip3", "pip2")
def pip(args: list[Word]) -> Iterator[Target]:
    pos = PIP_INSTALL.positionals(args)
    if not pos or pos[0].text not in ("install", "download", "wheel"):
        return
    for word in pos[1:]:
        t = requirement_target(word)
        if t:
            yield t
    # pip install -e pkg-from-vcs never names a registry project; -r files are scanned as files themselves


UV = Options(
    with_value=PIP_INSTALL.with_value | {"--from", "--optional", "--package", "--branch", "--tag", "--rev",
                                          "--marker", "-m", "--bounds", "--script", "--env-file"},
    package_value=frozenset({"--with", "-w", "--with-editable", "--with-requirements"}),
)


def _runner(opts: Options, args: list[Word], runs_note: str) -> Iterator[Target]:
    """uvx / pipx run: ``--from PKG`` names the package; else the first positional is it, the rest are its args."""
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
    if chosen is None:
        return
    text = chosen.text
    if from_pkg is None and "@" in text and not text.startswith("@"):  # uvx ruff@0.5
        name, _, version = text.partition("@")
        chosen = Word(name, chosen.line, chosen.column, chosen.quoted, name)
        t = requirement_target(chosen, runs=True, note=runs_note)
        if t:
            yield Target(t.ecosystem, t.word, t.name, spec=f"=={version}" if version else None, runs=True, note=runs_note)
        return
    t = requirement_target(chosen, runs=True, note=runs_note)
    if t:
        yield t


@grammar("uv")
def uv(args: list[Word]) -> Iterator[Target]:
    pos = UV.positionals(args)
    if not pos:
        return
    sub = pos[0].text
    idx = args.index(pos[0])
    rest = args[idx + 1:]
    if sub == "pip":
        yield from pip(rest)
    elif sub == "add":
        for w in UV.positionals(rest):
            t = requirement_target(w)
            if t:
                yield t
        for kind, _w, value in UV.walk(rest):
            if kind == "pkgopt" and value is not None:
                t = requirement_target(value)
                if t:
                    yield t
    elif sub == "tool" and len(pos) > 1:
        action = pos[1].text
        rest2 = args[args.index(pos[1]) + 1:]
        if action == "install":
            for kind, w, value in UV.walk(rest2):
                if kind == "pos" or (kind == "pkgopt" and value is not None):
                    t = requirement_target(w if kind == "pos" else value)  # type: ignore[arg-type]
                    if t:
                        yield t
        elif action == "run":
            yield from _runner(UV, rest2, "runs the package (uv tool run)")
    elif sub == "run":
        for kind, _w, value in UV.walk(rest):
            if kind == "pkgopt" and value is not None and not _w.text.startswith("--with-requirements"):
                t = requirement_target(value)
                if t:
                    yield t
            if kind == "pos":
                break


@grammar("uvx")
def uvx(args: list[Word]) -> Iterator[Target]:
    yield from _runner(UV, args, "runs the package (uvx)")


POETRY = Options(with_value=frozenset({"-G", "--group", "-E", "--extras", "--source", "--python", "--platform",
                                       "--markers", "-C", "--directory", "-P", "--project"}))


@grammar("poetry")
def poetry(args: list[Word]) -> Iterator[Target]:
    pos = POETRY.positionals(args)
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
def pipenv(args: list[Word]) -> Iterator[Target]:
    pos = PIPENV.positionals(args)
    if not pos or pos[0].text not in ("install", "upgrade"):
        return
    for w in pos[1:]:
        t = requirement_target(w)
        if t:
            yield t


PDM = Options(with_value=frozenset({"-G", "--group", "-p", "--project", "-L", "--lockfile", "--strategy", "-S",
                                    "-e", "--editable", "--venv", "-k", "--skip"}))
RYE = Options(with_value=frozenset({"--features", "--optional", "--path", "--git", "--url", "--branch", "--tag",
                                    "--rev", "--pyproject"}))


@grammar("pdm")
def pdm(args: list[Word]) -> Iterator[Target]:
    pos = PDM.positionals(args)
    if not pos or pos[0].text != "add":
        return
    for w in pos[1:]:
        t = requirement_target(w)
        if t:
            yield t


@grammar("rye")
def rye(args: list[Word]) -> Iterator[Target]:
    pos = RYE.positionals(args)
    if pos and pos[0].text == "add":
        for w in pos[1:]:
            t = requirement_target(w)
            if t:
                yield t


PIPX = Options(with_value=frozenset({"--python", "--pip-args", "--suffix", "--index-url", "-i", "--backend",
                                     "--fetch-python", "--global"}),
               package_value=frozenset())


@grammar("pipx")
def pipx(args: list[Word]) -> Iterator[Target]:
    pos = PIPX.positionals(args)
    if not pos:
        return
    sub = pos[0].text
    rest = args[args.index(pos[0]) + 1:]
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
    elif sub == "run":
        yield from _runner(Options(with_value=PIPX.with_value | {"--spec"}), rest, "runs the package (pipx run)")
