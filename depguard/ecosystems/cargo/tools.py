"""Rust: ``cargo add`` and ``cargo install`` (and ``cargo binstall``, ``cargo quickinstall``), ecosystem ``cargo``
(crates.io).

``name@version`` carries the version; ``--git`` builds from a repository (Unresolved), ``--path`` from a
local crate (its Cargo.toml), ``--registry``/``--index`` from another registry (marked as another index). Values of ``-F/--features``, ``-p/--package`` (the workspace
member to edit), ``--rename``, ``--bin`` and friends are never crate names.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, Unresolved, grammar, plain, project
from ...commands.shell import Word

CRATE = lazyre.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
NOT_CRATES_IO = {"--git", "--path", "--registry", "--index"}
CARGO_ADD = Options(with_value=frozenset({
    "-F", "--features", "--rename", "-p", "--package", "--manifest-path", "--target", "--registry", "--branch",
    "--tag", "--rev", "--git", "--path", "--config", "-Z", "--lockfile-path", "--color", "--index",
}))
CARGO_INSTALL = Options(with_value=frozenset({
    "--manifest-path", "-C", "-p", "--package", "--version", "--vers", "--git", "--branch", "--tag", "--rev", "--path", "--root", "--index", "--registry",
    "-F", "--features", "--bin", "--example", "--target", "--target-dir", "--profile", "-j", "--jobs", "--config",
    "-Z", "--color", "--message-format", "--pkg-url", "--pkg-fmt", "--install-path", "--strategies",
    "--disable-strategies", "--min-tls-version", "--root-certificates", "--github-token", "--rate-limit",
}))
# the installers of prebuilt binaries: cargo-binstall, and cargo-quickinstall (`cargo quickinstall [--version V]
# [--target T] [--force] [--try-upstream] [--no-fallback] [--no-binstall] [--dry-run] [--] CRATE[@V]…`, its
# args.rs), which falls back to `cargo install`
PREBUILT = frozenset({"binstall", "quickinstall"})
CARGO = Options(with_value=frozenset({"--config", "-Z", "--color", "-C", "--manifest-path"}))


def crate_target(word: Word, spec: str | None = None, runs: bool = False) -> Target | None:
    if not plain(word):
        return None
    name, _, version = word.text.partition("@")
    if not CRATE.match(name):
        return None
    return Target("cargo", word, name, spec=version or spec, runs=runs)


# subcommands that fetch the crates Cargo.toml / Cargo.lock name (cargo install without names: --path)
CARGO_BUILDS = {"build", "b", "check", "c", "test", "t", "run", "r", "bench", "fetch", "doc", "d", "update",
                "vendor", "clippy", "generate-lockfile", "install"}


@grammar("cargo")
def cargo(args: list[Word]) -> Iterator[Item]:
    sub, rest = CARGO.subcommand(args)
    if sub is None:
        return
    opts = CARGO_ADD if sub.text == "add" else CARGO_INSTALL
    walked = list(opts.walk(rest))
    if sub.text in CARGO_BUILDS and (sub.text != "install" or not any(kind == "pos" for kind, _, _ in walked)):
        manifest = [v.text for kind, w, v in CARGO_INSTALL.walk(args) if v is not None
                    and w.text.split("=", 1)[0] in ("--manifest-path", "--path", "-C")]
        folder = manifest[-1] if manifest else "."
        folder = folder[: -len("Cargo.toml")] or "." if folder.endswith("Cargo.toml") else folder
        yield project("cargo", "cargo", sub, ("Cargo.toml", "Cargo.lock"), folder)
        return
    if sub.text not in ("add", "install", "binstall", "quickinstall"):
        return
    away = {w.text.split("=", 1)[0]: v for kind, w, v in walked if kind == "opt" and w.text.split("=", 1)[0] in NOT_CRATES_IO}
    git, path = away.get("--git"), away.get("--path")
    if git is not None:  # built from a repository: its crates are not known here
        yield Unresolved("url", f"cargo {sub.text} builds from {git.text}: its dependencies are known only once it is "
                         "fetched", git, "cargo", "cargo")
        return
    if path is not None:
        yield project("cargo", "cargo", path, ("Cargo.toml", "Cargo.lock"), path.text)
        return
    # --registry / --index: the crates come from another registry (the walk marks them)
    version = next((v.text for kind, w, v in walked if kind == "opt" and v is not None
                    and w.text.split("=", 1)[0] in ("--version", "--vers")), None)
    for kind, w, _ in walked:
        if kind == "pos":
            t = crate_target(w, version, runs=sub.text in PREBUILT)
            if t:
                yield t


@grammar("cargo-binstall", "cargo-quickinstall")
def cargo_binstall(args: list[Word]) -> Iterator[Target]:
    yield from CARGO_INSTALL.targets(args, crate_target)
