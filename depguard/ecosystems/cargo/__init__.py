"""crates.io: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="cargo",
    package=__name__,
    formats=(
        Format("Cargo.lock", "depguard.parsers.cargo_lock", ("Cargo.lock",), kind="lockfile"),
        Format("Cargo.toml", "depguard.parsers.cargo_toml", ("Cargo.toml",)),
    ),
    imports=(
        Format("rust-imports", "depguard.imports.rust", ("*.rs",), kind="source"),
    ),
    languages=(
        Language("rust", "tree_sitter_rust", query="rust.scm"),
    ),
    tools=(
        Tools("depguard.commands.rust_tools", ("cargo", "cargo-binstall")),
    ),
)
