"""Install calls inside R code: ``install.packages("x")``/``pak::pak("x")`` in ``*.R``, R Markdown and Quarto
chunks. Imports (``library(x)``) are not read here."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Example, Mention, Origin
from ...parsers import Source, file_format
from ...records import replace
from .. import catalog
from .tools import RInstall, r_installs

CHUNK_OPEN = re.compile(r"^\s*```+\s*\{\s*[rR]\b[^}]*\}\s*$")


def r_chunks(text: str) -> str:
    """An R Markdown or Quarto document with everything but ``{r}`` chunks blanked (positions kept)."""
    from ...parsers._util import chunks_of

    return chunks_of(text, CHUNK_OPEN)


@file_format("r-install", ("*.R", "*.r", ".Rprofile", "Rprofile.site"), kind="source",
             description="R install calls (install.packages, pak, renv, remotes::install_cran)")
def parse_r(source: Source) -> Iterator[Mention]:
    if "cran" not in catalog():  # the CRAN ecosystem's data is not installed
        return
    for inst in r_installs(source.text):
        yield _mention(source, inst, "r-install")


@file_format("rmarkdown-install", ("*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="document",
             description="R install calls in R Markdown and Quarto {r} chunks")
def parse_rmd(source: Source) -> Iterator[Mention]:
    if "cran" not in catalog():
        return
    for inst in r_installs(r_chunks(source.text)):
        yield _mention(source, inst, "rmarkdown-install")


def _mention(source: Source, inst: RInstall, parser: str) -> Mention:
    """The mention of an install call's package; one R installs from other repositories only (``repos =``, no CRAN
    among them) is not checked: CRAN's answer says nothing of those, and a name CRAN has passes."""
    found = source.mention("cran", inst.name, inst.line, inst.column, Origin.COMMAND, parser, spec=inst.spec,
                           note=f"from {inst.index}" if inst.index else None)
    if inst.index is None:
        return found
    return replace(found, example=Example(f"installed from {inst.index} only, a repository depguard does not ask",
                                          any_verdict=True, setting=None, unchecked=True, ok_passes=True))
