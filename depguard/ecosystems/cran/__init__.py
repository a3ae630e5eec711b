"""CRAN: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="cran",
    package=__name__,
    formats=(
        Format("r-install", "depguard.parsers.install_calls",
               ("*.R", "*.r", ".Rprofile", "Rprofile.site"), kind="source"),
        Format("rmarkdown-install", "depguard.parsers.install_calls",
               ("*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="document"),
        Format("DESCRIPTION", "depguard.parsers.r_description", ("DESCRIPTION",)),
        Format("renv.lock", "depguard.parsers.renv_lock", ("renv.lock",), kind="lockfile"),
    ),
    imports=(
        Format("r-imports", "depguard.imports.r", ("*.R", "*.r", ".Rprofile", "Rprofile.site"), kind="source"),
        Format("rmarkdown-imports", "depguard.imports.r",
               ("*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="document"),
    ),
    tools=(
        Tools("depguard.commands.r_tools", ("R", "Rscript")),
    ),
)
