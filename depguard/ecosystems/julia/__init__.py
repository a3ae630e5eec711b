"""Julia (General registry): what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="julia",
    package=__name__,
    formats=(
        Format("julia-install", "depguard.parsers.install_calls", ("*.jl",), kind="source"),
        Format("Manifest.toml", "depguard.parsers.julia_manifest",
               ("Manifest.toml", "JuliaManifest.toml", "Manifest-v*.toml"), kind="lockfile"),
        Format("Project.toml", "depguard.parsers.julia_project", ("Project.toml", "JuliaProject.toml")),
    ),
    imports=(
        Format("julia-imports", "depguard.imports.julia", ("*.jl",), kind="source"),
    ),
    languages=(
        Language("julia", "tree_sitter_julia", query="julia.scm"),
    ),
    tools=(
        Tools("depguard.commands.julia_tools", ("julia",)),
    ),
    registry="depguard.registries.julia",
)
