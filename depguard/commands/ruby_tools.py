"""Ruby: ``gem install NAME[:VERSION]… [-v V]`` and ``bundle add NAME… [--version V]``, ecosystem ``rubygems``.

Local ``.gem`` files and ``bundle add --git/--github/--path`` are not registry names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from . import Options, Target, grammar, plain
from .shell import Word

GEM_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
GEM = Options(with_value=frozenset({
    "-v", "--version", "-i", "--install-dir", "-n", "--bindir", "-s", "--source", "--platform", "-g", "--file",
    "--document", "--build-root", "-P", "--trust-policy", "--target-rbconfig", "--config-file",
}))
BUNDLE_ADD = Options(with_value=frozenset({
    "-v", "--version", "-g", "--group", "-s", "--source", "-r", "--require", "--path", "--git", "--github",
    "--branch", "--ref", "--glob",
}))


def gem_target(word: Word, spec: str | None = None) -> Target | None:
    if not plain(word) or word.text.endswith(".gem"):
        return None
    name, _, version = word.text.partition(":")
    if not GEM_NAME.match(name):
        return None
    return Target("rubygems", word, name, spec=version or spec)


def _version(walked: list) -> str | None:
    return next((v.text for kind, w, v in walked if kind == "opt" and v is not None
                 and w.text.split("=", 1)[0] in ("-v", "--version")), None)


@grammar("gem")
def gem(args: list[Word]) -> Iterator[Target]:
    sub, rest = GEM.subcommand(args)
    if sub is None or sub.text not in ("install", "i", "update", "fetch"):
        return
    version = _version(list(GEM.walk(rest)))
    yield from GEM.targets(rest, lambda w: gem_target(w, version))


@grammar("bundle", "bundler")
def bundle(args: list[Word]) -> Iterator[Target]:
    sub, rest = BUNDLE_ADD.subcommand(args)
    if sub is None or sub.text != "add":
        return
    walked = list(BUNDLE_ADD.walk(rest))
    if any(kind == "opt" and w.text.split("=", 1)[0] in ("--git", "--github", "--path") for kind, w, _ in walked):
        return
    version = _version(walked)
    yield from BUNDLE_ADD.targets(rest, lambda w: gem_target(w, version))
