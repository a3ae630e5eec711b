"""Conan (C and C++): ``conan install --requires=zlib/1.3 [--tool-requires=cmake/3.27]``, ``conan install PATH``
(and ``create``, ``build``, ``export-pkg``, ``graph info``, ``lock create``: what the conanfile there requires),
``conan download REF`` and Conan 1's ``conan install zlib/1.2.11@``; ecosystem ``conan`` (ConanCenter).

The values of the profile, settings, options, conf, build-policy, generator, deployer, lockfile and
output options are never references. ``-r/--remote`` naming a remote other than ``conancenter`` sends the
recipes elsewhere: each is marked as coming from that remote. References with a user or channel are not
ConanCenter's (see ``reference``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from ...commands import Item, Options, Target, Unresolved, grammar, plain, project
from ...commands.shell import Word
from ...records import replace
from .reference import parse_reference

_SCOPED = ("-pr", "--profile", "-s", "--settings", "-o", "--options", "-c", "--conf")
CONAN = Options(
    with_value=frozenset({
        *_SCOPED, *(f"{o}:{s}" for o in _SCOPED for s in (("b", "h", "a") if not o.startswith("--")
                                                         else ("build", "host", "all"))),
        "-r", "--remote", "-b", "--build", "-g", "--generator", "-of", "--output-folder", "-d", "--deployer",
        "--deployer-folder", "--deployer-package", "--name", "--version", "--user", "--channel", "-l", "--lockfile",
        "--lockfile-out", "--lockfile-overrides", "-f", "--format", "-cc", "--core-conf", "--out-file",
        "--envs-generation", "-tf", "--test-folder", "--build-test", "-if", "--install-folder", "-e", "--env",
        "-m", "--metadata", "-p", "--package-query", "--only-recipe",
    }),
    package_value=frozenset({"--requires", "--tool-requires"}),
    clusters=False,  # -pr, -of, -cc, -tf are single-dash long options
)
PUBLIC_REMOTES = frozenset({"conancenter", "conan-center"})
# subcommands that resolve (fetch) the recipes a conanfile requires; "graph" and "lock" name an action next
PROJECT = frozenset({"install", "create", "build", "export-pkg", "graph info", "lock create"})
CONANFILES = ("conanfile.py", "conanfile.txt", "conan.lock")


def conan_target(word: Word, remote: str | None) -> Iterator[Item]:
    """The ConanCenter recipe a reference word names (with its other remote marked), or nothing."""
    if not plain(word):
        return
    ref = parse_reference(word.text)
    if ref is None or not ref.on_conancenter or any(c in ref.name for c in "*?"):  # a pattern names no recipe
        return
    spec = None if any(c in ref.version for c in "*?") else ref.version  # conan download 'zlib/*'
    if remote:
        yield Unresolved("other-index", f"{ref.name} comes from the Conan remote {remote}, not ConanCenter",
                         word, "conan", "conan", ref.name)
    yield Target("conan", word, ref.name, spec=spec, index=f"the Conan remote {remote}" if remote else None)


def spec_target(word: Word) -> Target | None:
    """``depguard check conan:zlib/1.3.1``: a reference (its recipe, version as the spec) or a bare recipe name."""
    if not plain(word) or any(c in word.text for c in "*?"):
        return None
    if "/" not in word.text:
        return Target("conan", word, word.text.strip())
    ref = parse_reference(word.text)
    if ref is None or not ref.on_conancenter:
        return None
    return Target("conan", word, ref.name, spec=ref.version)


def _project(word: Word, path: str, remote: str | None) -> Item:
    """``conan install PATH``: PATH is a folder or a conanfile; its recipes come from ``remote`` when given."""
    path = path.rstrip("/") or "/"
    base = posixpath.basename(path)
    if base in ("conanfile.py", "conanfile.txt"):
        found = project("conan", "conan", word, (base, "conan.lock"), posixpath.dirname(path) or ".")
    else:
        found = project("conan", "conan", word, CONANFILES, path)
    return replace(found, index=f"the Conan remote {remote}") if remote else found


@grammar("conan")
def conan(args: list[Word]) -> Iterator[Item]:
    walked = list(CONAN.walk(args))
    positionals = [w for kind, w, _ in walked if kind == "pos"]
    if not positionals:
        return
    sub = positionals[0].text
    rest = positionals[1:]
    if sub in ("graph", "lock") and rest:
        sub, rest = f"{sub} {rest[0].text}", rest[1:]
    remotes = [v.text for kind, w, v in walked if kind == "opt" and v is not None
               and w.text.split("=", 1)[0] in ("-r", "--remote")]
    other = next((r for r in remotes if r.lower() not in PUBLIC_REMOTES), None)
    if sub in PROJECT:
        named = [value for kind, _w, value in walked if kind == "pkgopt" and value is not None]
        for value in named:
            yield from conan_target(value, other)
        if rest:
            first = rest[0]
            if "@" in first.text and plain(first):  # Conan 1: conan install zlib/1.2.11@
                yield from conan_target(first, other)
            else:
                yield _project(first, first.text, other)
        elif not named and sub != "install":  # create/build/export-pkg/graph info default to the current folder
            yield _project(positionals[0], ".", other)
    elif sub == "download":
        for word in rest:
            yield from conan_target(word, other)
    elif sub == "test" and len(rest) >= 2:  # conan test TEST_FOLDER REFERENCE
        yield from conan_target(rest[1], other)
