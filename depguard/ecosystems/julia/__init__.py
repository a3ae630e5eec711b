"""Julia (General registry): what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="julia",
    package=__name__,
    formats=(
        Format("julia-install", "install_calls", ("*.jl",), kind="source"),
        Format("Manifest.toml", "julia_manifest",
               ("Manifest.toml", "JuliaManifest.toml", "Manifest-v*.toml"), kind="lockfile"),
        Format("Project.toml", "julia_project", ("Project.toml", "JuliaProject.toml")),
    ),
    imports=(
        Format("julia-imports", "imports", ("*.jl",), kind="source"),
        Format("rmarkdown-julia-imports", "imports", ("*.qmd", "*.Rmd", "*.rmd", "*.Rmarkdown"), kind="source"),
        Format("myst-julia-notebook-imports", "myst_notebooks", ("*.md",), kind="source"),
        Format("notebook-julia", "notebooks", ("*.ipynb",), kind="source"),
    ),
    languages=(
        Language("julia", "tree_sitter_julia", query="julia.scm"),
    ),
    tools=(
        Tools("tools", ("julia",)),
    ),
    registry="julia",
)
