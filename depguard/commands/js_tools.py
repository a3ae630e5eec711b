"""JavaScript install and run commands: npm (install/i/add/…, exec, create/init), npx, yarn (add, global
add, workspace <member> add, dlx, create), pnpm (add, install/i with names, dlx, create), bun (add, install/i, x, create), bunx.

A package word is ``name``, ``name@range``, ``@scope/name@range`` or ``alias@npm:real@range``; git URLs,
GitHub shorthand ``user/repo``, tarballs, ``file:``/``link:`` specs and paths are not registry names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from . import Options, Target, grammar
from .shell import Word

NPM_NAME = re.compile(r"^(@[A-Za-z0-9~_.-]+/)?[A-Za-z0-9~_.-]+$")
NOT_REGISTRY = re.compile(r"^(git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:|ssh:|file:|link:|workspace:|portal:)", re.I)

NPM_OPTS = Options(with_value=frozenset({
    "--registry", "--prefix", "-C", "--tag", "-w", "--workspace", "--omit", "--include", "--cache", "--userconfig",
    "--loglevel", "--install-strategy", "--before", "--cpu", "--os", "--libc", "--script-shell", "--otp",
    "--filter", "-F", "--dir", "--network-concurrency", "--reporter", "--modules-dir", "--virtual-store-dir",
    "--store-dir", "--lockfile-dir", "--config", "--cwd", "--cache-folder", "--global-folder", "--link-folder",
    "--mutex", "--network-timeout", "--use-yarnrc", "--backend", "--save-text-lockfile",
}), package_value=frozenset({"-p", "--package"}))

INSTALL_WORDS = {"install", "i", "add", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal",
                 "isntall", "update", "up", "upgrade"}


def package_target(word: Word, runs: bool = False, note: str | None = None) -> Target | None:
    text = word.text.strip()
    if not text or word.dynamic or NOT_REGISTRY.match(text) or text.startswith((".", "/", "~")):
        return None
    if re.search(r"\.(tgz|tar\.gz|tar)$", text):
        return None
    shift = 0
    # alias@npm:real@range
    at_npm = text.find("@npm:")
    if at_npm > 0:
        alias, real = text[:at_npm], text[at_npm + 5:]
        shift = at_npm + 5
        text = real
        note = note or f"alias {alias}"
    if text.startswith("npm:"):
        text = text[4:]
        shift += 4
    at = text.find("@", 1)
    name, spec = (text[:at], text[at + 1:] or None) if at > 0 else (text, None)
    if "/" in name and not name.startswith("@"):
        return None  # GitHub shorthand user/repo
    if not NPM_NAME.match(name):
        return None
    return Target("npm", word, name, spec=spec, runs=runs, note=note, column_shift=shift)


def _installs(args: list[Word]) -> Iterator[Target]:
    for w in NPM_OPTS.positionals(args):
        t = package_target(w)
        if t:
            yield t


def _run_package(args: list[Word], note: str) -> Iterator[Target]:
    """npx/bunx/dlx: -p/--package name packages, else the first positional is the package; the rest are its args."""
    named = False
    for kind, w, value in NPM_OPTS.walk(args):
        if kind == "pkgopt" and value is not None:
            t = package_target(value, runs=True, note=note)
            if t:
                named = True
                yield t
        elif kind == "pos":
            if not named:
                t = package_target(w, runs=True, note=note)
                if t:
                    yield t
                    if t.name == "jsr":  # npx jsr add @std/path: the jsr CLI installs JSR packages
                        from .deno_tools import jsr_cli

                        yield from jsr_cli(args[next(i for i, a in enumerate(args) if a is w) + 1:])
            return


def _create(rest: list[Word], tool: str) -> Iterator[Target]:
    """``npm create foo`` runs create-foo; ``npm create @scope`` runs @scope/create; ``@scope/foo`` -> @scope/create-foo."""
    pos = NPM_OPTS.positionals(rest)
    if not pos or pos[0].text.startswith("-"):
        return
    word = pos[0]
    text = word.text
    at = text.find("@", 1)
    base = text[:at] if at > 0 else text
    if base.startswith("@"):
        scope, _, sub = base.partition("/")
        name = f"{scope}/create" if not sub else f"{scope}/create-{sub}"
    else:
        name = f"create-{base}"
    if NPM_NAME.match(name) and not word.dynamic:
        yield Target("npm", word, name, runs=True, note=f"runs the package ({tool} create)")


def _subcommand(args: list[Word]) -> tuple[str | None, list[Word]]:
    for kind, w, _ in NPM_OPTS.walk(args):
        if kind == "pos":
            return w.text, args[args.index(w) + 1:]
    return None, []


@grammar("npm")
def npm(args: list[Word]) -> Iterator[Target]:
    sub, rest = _subcommand(args)
    if sub in INSTALL_WORDS:
        yield from _installs(rest)
    elif sub in ("exec", "x"):
        yield from _run_package(rest, "runs the package (npm exec)")
    elif sub in ("create", "init", "innit"):
        yield from _create(rest, "npm")


@grammar("npx")
def npx(args: list[Word]) -> Iterator[Target]:
    yield from _run_package(args, "runs the package (npx)")


@grammar("bunx")
def bunx(args: list[Word]) -> Iterator[Target]:
    yield from _run_package(args, "runs the package (bunx)")


@grammar("pnpx")
def pnpx(args: list[Word]) -> Iterator[Target]:
    yield from _run_package(args, "runs the package (pnpx)")


@grammar("yarn")
def yarn(args: list[Word]) -> Iterator[Target]:
    sub, rest = _subcommand(args)
    if sub == "global":
        sub, rest = _subcommand(rest)
    elif sub == "workspace":  # yarn workspace <member> add x: the member is the project's own package
        _member, rest = _subcommand(rest)
        sub, rest = _subcommand(rest)
    if sub in ("add", "up", "upgrade"):
        yield from _installs(rest)
    elif sub == "dlx":
        yield from _run_package(rest, "runs the package (yarn dlx)")
    elif sub == "create":
        yield from _create(rest, "yarn")


@grammar("pnpm")
def pnpm(args: list[Word]) -> Iterator[Target]:
    sub, rest = _subcommand(args)
    if sub in ("add", "install", "i", "update", "up"):
        yield from _installs(rest)
    elif sub == "dlx":
        yield from _run_package(rest, "runs the package (pnpm dlx)")
    elif sub == "create":
        yield from _create(rest, "pnpm")


@grammar("bun")
def bun(args: list[Word]) -> Iterator[Target]:
    sub, rest = _subcommand(args)
    if sub in ("add", "install", "i", "a", "update"):
        yield from _installs(rest)
    elif sub == "x":
        yield from _run_package(rest, "runs the package (bun x)")
    elif sub == "create":
        yield from _create(rest, "bun")
