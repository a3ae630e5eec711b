"""A Bioconductor package's dependencies (a DESCRIPTION with ``biocViews``) and those of ``Additional_repositories``
resolve from repositories depguard does not ask: a name CRAN lacks is not checked, never missing (held-out set 265:
thelovelab/DESeq2's DESCRIPTION imports Biobase, S4Vectors, IRanges ..., its vignette loads airway and tximeta, all
Bioconductor's; against CRAN each was DG001)."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source, get_format
from tests.trees import scan, write

# DESeq2's DESCRIPTION, shortened
DESEQ2 = """Package: DESeq2
Type: Package
Title: Differential gene expression analysis based on the negative
    binomial distribution
Version: 1.43.4
Imports: BiocGenerics (>= 0.7.5), Biobase, BiocParallel, matrixStats,
    methods, stats4, locfit, ggplot2 (>= 3.4.0), Rcpp (>= 0.11.0)
Depends: S4Vectors (>= 0.23.18), IRanges, GenomicRanges
Suggests: testthat, knitr, airway
biocViews: Sequencing, RNASeq, ChIPSeq, GeneExpression, Transcription,
        Normalization, DifferentialExpression, Bayesian, Regression
"""

CRAN_ONLY = """Package: plainpkg
Version: 0.1.0
Imports: ggplot2, Biobase
"""

DRAT = """Package: withdrat
Version: 0.1.0
Imports: ggplot2, dratpkg
Additional_repositories: https://eddelbuettel.github.io/drat, https://other.example/repo
"""


def _marks(path: str, text: str) -> dict[str, str | None]:
    return {m.key.name: m.example.reason if m.example is not None else None
            for m in get_format("DESCRIPTION").parse(Source(path=path, text=text))}


def test_a_bioconductor_package_s_dependencies_are_not_checked_when_cran_lacks_them():
    marks = _marks("DESCRIPTION", DESEQ2)
    reason = ("its DESCRIPTION also resolves from Bioconductor's repositories (biocViews, line 10), which depguard does "
              "not ask")
    assert marks == {name: reason for name in ("BiocGenerics", "Biobase", "BiocParallel", "matrixStats", "locfit",
                                               "ggplot2", "Rcpp", "S4Vectors", "IRanges", "GenomicRanges", "testthat",
                                               "knitr", "airway")}
    example = next(get_format("DESCRIPTION").parse(Source(path="DESCRIPTION", text=DESEQ2))).example
    assert example is not None and example.unchecked and example.ok_passes and example.doubts_judged


def test_additional_repositories_mark_the_names_too_and_a_cran_package_s_do_not():
    assert _marks("DESCRIPTION", DRAT) == dict.fromkeys(
        ("ggplot2", "dratpkg"), "its DESCRIPTION also resolves from https://eddelbuettel.github.io/drat "
                                "(Additional_repositories, line 4), which depguard does not ask")
    # no biocViews: a name CRAN lacks is judged as missing, as before
    assert _marks("DESCRIPTION", CRAN_ONLY) == {"ggplot2": None, "Biobase": None}


def test_the_package_s_r_code_attaches_from_the_same_repositories(tmp_path):
    write(tmp_path, {
        "DESCRIPTION": DESEQ2,
        "vignettes/DESeq2.Rmd": "---\ntitle: x\n---\n\n```{r}\nlibrary(airway)\nlibrary(tximeta)\n```\n",
        "tests/testthat/test_txi.R": "library(tximportData)\n",
        "other/DESCRIPTION": CRAN_ONLY,
        "other/R/use.R": "library(Biobase)\n",
    })
    out = scan(tmp_path)
    marked = {(m.location.path, m.key.name): m.example is not None and m.example.unchecked
              for m in out.mentions if m.key.ecosystem == "cran" and m.origin is Origin.IMPORT}
    assert marked == {("vignettes/DESeq2.Rmd", "airway"): True, ("vignettes/DESeq2.Rmd", "tximeta"): True,
                      ("tests/testthat/test_txi.R", "tximportData"): True, ("other/R/use.R", "Biobase"): False}
