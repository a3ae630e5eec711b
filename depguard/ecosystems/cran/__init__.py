"""CRAN: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="cran",
    package=__name__,
    formats=(
        Format("r-install", "install_calls", ("*.R", "*.r", ".Rprofile", "Rprofile.site"), kind="source"),
        Format("rmarkdown-install", "install_calls", ("*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="document"),
        Format("DESCRIPTION", "r_description", ("DESCRIPTION",)),
        Format("renv.lock", "renv_lock", ("renv.lock",), kind="lockfile"),
    ),
    imports=(
        Format("r-imports", "imports", ("*.R", "*.r", ".Rprofile", "Rprofile.site"), kind="source"),
        Format("rmarkdown-imports", "imports", ("*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="source"),
        Format("notebook-r", "notebooks", ("*.ipynb",), kind="source"),
    ),
    tools=(
        Tools("tools", ("R", "Rscript")),
    ),
)
