"""Go modules: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="go",
    package=__name__,
    formats=(
        Format("go.mod", "go_mod", ("go.mod",)),
        Format("go.sum", "go_sum", ("go.sum", "go.work.sum"), kind="lockfile"),
        Format("vendor/modules.txt", "go_vendor", ("vendor/modules.txt",), kind="lockfile"),
        Format("default-go-packages", "default_packages", (".default-go-packages", "default-go-packages",
                                                           "dot_default-go-packages", ".default-golang-pkgs",
                                                           "default-golang-pkgs", "dot_default-golang-pkgs")),
        Format("otelcol-builder", "ocb_manifest", ("*.yaml", "*.yml")),
    ),
    imports=(
        Format("go-imports", "imports", ("*.go",), kind="source"),
    ),
    languages=(
        Language("go", "tree_sitter_go", query="go.scm"),
    ),
    tools=(
        Tools("tools", ("go", "hugo"), versioned=False),
    ),
    registry="goproxy",
)
