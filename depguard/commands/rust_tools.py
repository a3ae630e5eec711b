"""Rust: ``cargo add`` and ``cargo install`` (and ``cargo binstall``), ecosystem ``cargo`` (crates.io).

``name@version`` carries the version; ``--git``/``--path``/``--registry``/``--index`` point away from
crates.io, so nothing is a registry name then. Values of ``-F/--features``, ``-p/--package`` (the workspace
member to edit), ``--rename``, ``--bin`` and friends are never crate names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from . import Options, Target, grammar, plain
from .shell import Word

CRATE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
NOT_CRATES_IO = {"--git", "--path", "--registry", "--index"}
CARGO_ADD = Options(with_value=frozenset({
    "-F", "--features", "--rename", "-p", "--package", "--manifest-path", "--target", "--registry", "--branch",
    "--tag", "--rev", "--git", "--path", "--config", "-Z", "--lockfile-path", "--color", "--index",
}))
CARGO_INSTALL = Options(with_value=frozenset({
    "--version", "--vers", "--git", "--branch", "--tag", "--rev", "--path", "--root", "--index", "--registry",
    "-F", "--features", "--bin", "--example", "--target", "--target-dir", "--profile", "-j", "--jobs", "--config",
    "-Z", "--color", "--message-format", "--pkg-url", "--pkg-fmt", "--install-path", "--strategies",
    "--disable-strategies", "--min-tls-version", "--root-certificates", "--github-token", "--rate-limit",
}))
CARGO = Options(with_value=frozenset({"--config", "-Z", "--color", "-C", "--manifest-path"}))


def crate_target(word: Word, spec: str | None = None, runs: bool = False) -> Target | None:
    if not plain(word):
        return None
    name, _, version = word.text.partition("@")
    if not CRATE.match(name):
        return None
    return Target("cargo", word, name, spec=version or spec, runs=runs)


@grammar("cargo")
def cargo(args: list[Word]) -> Iterator[Target]:
    sub, rest = CARGO.subcommand(args)
    if sub is None or sub.text not in ("add", "install", "binstall"):
        return
    opts = CARGO_ADD if sub.text == "add" else CARGO_INSTALL
    walked = list(opts.walk(rest))
    if any(kind == "opt" and w.text.split("=", 1)[0] in NOT_CRATES_IO for kind, w, _ in walked):
        return
    version = next((v.text for kind, w, v in walked if kind == "opt" and v is not None
                    and w.text.split("=", 1)[0] in ("--version", "--vers")), None)
    for kind, w, _ in walked:
        if kind == "pos":
            t = crate_target(w, version, runs=sub.text == "binstall")
            if t:
                yield t


@grammar("cargo-binstall")
def cargo_binstall(args: list[Word]) -> Iterator[Target]:
    yield from CARGO_INSTALL.targets(args, crate_target)
