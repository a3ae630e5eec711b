"""Go modules: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="go",
    package=__name__,
    formats=(
        Format("go.mod", "depguard.parsers.go_mod", ("go.mod",)),
        Format("go.sum", "depguard.parsers.go_sum", ("go.sum", "go.work.sum"), kind="lockfile"),
        Format("vendor/modules.txt", "depguard.parsers.go_vendor", ("vendor/modules.txt",), kind="lockfile"),
    ),
    imports=(
        Format("go-imports", "depguard.imports.golang", ("*.go",), kind="source"),
    ),
    languages=(
        Language("go", "tree_sitter_go", query="go.scm"),
    ),
    tools=(
        Tools("depguard.commands.go_tools", ("go",)),
    ),
    registry="depguard.registries.goproxy",
)
