"""Haskell: ``cabal install`` (``v2-``/``new-`` too) and ``stack install``/``stack build``, ecosystem
``hackage``. A target ``pkg-1.2.3`` or ``pkg==1.2`` carries a version; ``.``, paths, ``pkg:exe:name`` parts
after the package, and option values (``--constraint``, ``--installdir``, ``-w``) are not package names."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Options, Target, grammar, plain
from ...commands.shell import Word

PKG = lazyre.compile(r"^[0-9]*[A-Za-z][A-Za-z0-9]*(-[0-9]*[A-Za-z][A-Za-z0-9]*)*$")
VERSIONED = lazyre.compile(r"^(?P<name>.+?)-(?P<version>\d+(\.\d+)*)$")
CABAL = Options(with_value=frozenset({
    "--constraint", "--installdir", "--install-method", "--package-env", "--env", "-w", "--with-compiler",
    "-j", "--jobs", "--project-file", "--overwrite-policy", "--builddir", "--ghc-options", "-f", "--flags",
    "--allow-newer", "--allow-older", "--index-state", "--with-hc-pkg", "--prefix", "--bindir", "--libdir",
    "--config-file", "--store-dir", "--program-suffix", "--program-prefix", "--reorder-goals",
}))
STACK = Options(with_value=frozenset({
    "--resolver", "--snapshot", "--stack-yaml", "--local-bin-path", "--flag", "--ghc-options", "-j", "--jobs",
    "--work-dir", "--stack-root", "--compiler", "--arch", "--docker-image", "--ta", "--test-arguments",
    "--ba", "--benchmark-arguments", "--verbosity",
}))


def hackage_target(word: Word) -> Target | None:
    if not plain(word):
        return None
    text = word.text.split(":", 1)[0]
    name, spec = text, None
    if "==" in text:
        name, _, spec = text.partition("==")
    else:
        m = VERSIONED.match(text)
        if m:
            name, spec = m.group("name"), m.group("version")
    if not PKG.match(name):
        return None
    return Target("hackage", word, name, spec=spec)


@grammar("cabal")
def cabal(args: list[Word]) -> Iterator[Target]:
    sub, rest = CABAL.subcommand(args)
    if sub is None or sub.text not in ("install", "v2-install", "new-install", "v1-install"):
        return
    yield from CABAL.targets(rest, hackage_target)


@grammar("stack")
def stack(args: list[Word]) -> Iterator[Target]:
    sub, rest = STACK.subcommand(args)
    if sub is None or sub.text not in ("install", "build"):
        return
    yield from STACK.targets(rest, hackage_target)
