"""crates.io: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="cargo",
    package=__name__,
    formats=(
        Format("Cargo.lock", "cargo_lock", ("Cargo.lock",), kind="lockfile"),
        Format("Cargo.toml", "cargo_toml", ("Cargo.toml",)),
        Format("bazel-crates", "bazel_crates", ("MODULE.bazel", "*.MODULE.bazel")),
        Format("default-cargo-crates", "default_packages", (".default-cargo-crates", "default-cargo-crates",
                                                            "dot_default-cargo-crates")),
    ),
    imports=(
        Format("rust-imports", "imports", ("*.rs",), kind="source"),
    ),
    languages=(
        Language("rust", "tree_sitter_rust", query="rust.scm"),
    ),
    tools=(
        Tools("tools", ("cargo", "cargo-binstall", "cargo-quickinstall")),
    ),
)
