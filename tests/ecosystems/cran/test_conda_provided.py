"""R scripts of bioinformatics workflows load packages their conda environments provide (issue 12, held-out set 65):
rna-seq-star-deseq2's ``workflow/scripts/deseq2.R`` calls ``library(DESeq2)``, which the rule's ``envs/deseq2.yaml``
installs as bioconda's ``bioconductor-deseq2``; asked of CRAN, which never had the Bioconductor package, it was missing
(hidden in the benchmark, whose CRAN is a closed port). So were nf-core/ampliseq's ``Biostrings`` and ``dada2`` (a
process's ``conda`` directive) and a Galaxy tool's ``preprocessCore``."""

from __future__ import annotations

from depguard.ecosystems.cran.conda_provided import conda_r_packages
from depguard.model import Origin
from tests.trees import scan, write

SNAKEFILE = """rule deseq2:
    input: "counts/all.tsv"
    output: "deseq2/all.rds"
    conda: "../envs/deseq2.yaml"
    script: "../scripts/deseq2.R"
"""

DESEQ2_ENV = """channels:
  - conda-forge
  - bioconda
  - nodefaults
dependencies:
  - bioconductor-deseq2 =1.42
  - r-stringr =1.5
  - bioconda::bioconductor-qdnaseq.hg19
"""

DESEQ2_R = """log <- file(snakemake@log[[1]], open="wt")
library("DESeq2")
library(stringr)
suppressMessages(library(QDNAseq.hg19))
library(inventedRpackage)
dds <- DESeqDataSetFromMatrix(countData = cts, colData = coldata, design = ~ condition)
"""


def _r_imports(root) -> set[str]:
    return {m.key.name for m in scan(root).mentions if m.origin is Origin.IMPORT and m.key.ecosystem == "cran"}


def test_an_r_script_s_packages_from_the_workflow_s_conda_environments_are_no_cran_names(tmp_path):
    write(tmp_path, {"workflow/rules/diffexp.smk": SNAKEFILE, "workflow/envs/deseq2.yaml": DESEQ2_ENV,
                     "workflow/scripts/deseq2.R": DESEQ2_R})
    assert _r_imports(tmp_path) == {"inventedRpackage"}  # an import no environment provides stays judged


def test_without_a_conda_environment_they_stay_cran_names(tmp_path):
    write(tmp_path, {"workflow/scripts/deseq2.R": DESEQ2_R,
                     "workflow/envs/other.yaml": "channels: [conda-forge]\ndependencies:\n  - r-ggplot2\n",
                     "config/config.yaml": "samples: samples.tsv\nbioconductor-deseq2: no conda file\n"})
    assert _r_imports(tmp_path) == {"DESeq2", "stringr", "QDNAseq.hg19", "inventedRpackage"}


def test_nextflow_directives_galaxy_requirements_and_pixi_provide_them_too():
    files = {
        "modules/local/dada2_err.nf": "process DADA2_ERR {\n    conda \"bioconda::bioconductor-dada2=1.30.0 "
                                      "conda-forge::r-digest=0.6.30\"\n    container 'x'\n}\n",
        "tools/plotheatmap/plotheatmap.xml": '<tool id="plotheatmap" name="p" version="1.0">\n  <requirements>\n'
                                             '    <requirement type="package" version="1.34.0">bioconductor-preprocesscore'
                                             '</requirement>\n  </requirements>\n</tool>\n',
        "pixi.toml": '[dependencies]\nr-base = "4.3.*"\nr-data.table = "*"\nr-foo-bar = "*"\n',
        "bin/combine_table.r": "library(dada2)\n",
        "README.md": "conda install r-ggplot2\n",
    }
    assert conda_r_packages(files, files.get) == {"dada2", "digest", "preprocesscore", "base", "data.table"}
    assert conda_r_packages({k: v for k, v in files.items() if not k.endswith(".r")}, files.get) == frozenset()


def test_packages_the_tree_installs_from_github_or_bioconductor_are_no_cran_names(tmp_path):
    # dna-seq-varlociraptor's siglasso environment runs a post-deploy script that installs the package from GitHub
    write(tmp_path, {
        "workflow/envs/siglasso.yaml": "channels: [conda-forge]\ndependencies:\n  - r-devtools =2.4\n",
        "workflow/envs/siglasso.post-deploy.sh": "#!env bash\nset -o pipefail\n\n"
                                                 "Rscript -e \"devtools::install_github('gersteinlab/siglasso@9c5e6b0')\"\n",
        "setup/install.R": 'BiocManager::install(c("apeglm", "tximport"), version = "3.18", update = FALSE)\n'
                           'install.packages("invented.cran.pkg")\n',
        "workflow/scripts/signatures.R": "library(siglasso)\nlibrary(apeglm)\nlibrary(tximport)\nlibrary(ref)\n"
                                         "library(invented.cran.pkg)\n",
    })
    # a keyword's value and a CRAN install stay judged, and so does BiocManager itself (a CRAN package)
    assert _r_imports(tmp_path) == {"ref", "invented.cran.pkg", "BiocManager"}


def test_packages_r_code_installs_from_other_repositories_only_are_no_cran_names(tmp_path):
    # a probe of held-out set 235's category (Stan): cmdstanr's install guide installs it from the Stan team's
    # r-universe, `install.packages("cmdstanr", repos = "https://stan-dev.r-universe.dev")`, and R-INLA from its own
    # download site; CRAN has neither. With CRAN among the repositories (getOption("repos"), a CRAN mirror) or a
    # variable, R may take CRAN's: judged, as pip's --extra-index-url is
    write(tmp_path, {
        "setup/install.R": ('install.packages("cmdstanr", repos = "https://stan-dev.r-universe.dev")\n'
                            'install.packages("INLA", repos = c(INLA = "https://inla.r-inla-download.org/R/stable"))\n'
                            'install.packages("madeup.universe.pkg", repos = c("https://stan-dev.r-universe.dev",'
                            ' getOption("repos")))\n'
                            'install.packages("madeup.mirror.pkg", repos = c("https://x.r-universe.dev",'
                            ' "https://cloud.r-project.org"))\n'
                            'install.packages("madeup.var.pkg", repos = my_repos)\n'),
        "analysis/fit.R": ("library(cmdstanr)\nlibrary(INLA)\nlibrary(madeup.universe.pkg)\nlibrary(madeup.mirror.pkg)\n"
                           "library(madeup.var.pkg)\n"),
    })
    assert _r_imports(tmp_path) == {"madeup.universe.pkg", "madeup.mirror.pkg", "madeup.var.pkg"}
    installs = {m.key.name: m for m in scan(tmp_path).mentions if m.origin is Origin.COMMAND}
    assert {n for n, m in installs.items() if m.example is not None and m.example.unchecked} == {"cmdstanr", "INLA"}
    assert installs["cmdstanr"].note == "from https://stan-dev.r-universe.dev"
    assert {n for n, m in installs.items() if m.example is None} == {"madeup.universe.pkg", "madeup.mirror.pkg",
                                                                     "madeup.var.pkg"}


def test_an_rscript_command_and_an_r_markdown_chunk_installing_from_another_repository_only_are_not_checked(tmp_path):
    write(tmp_path, {
        "install.sh": ("Rscript -e 'install.packages(\"cmdstanr\", repos = \"https://stan-dev.r-universe.dev\")'\n"
                       "Rscript -e 'install.packages(\"madeup.sh.pkg\", repos = c(\"https://stan-dev.r-universe.dev\","
                       " getOption(\"repos\")))'\n"),
        "doc.Rmd": ('```{r}\ninstall.packages("brms", repos = "https://paul-buerkner.r-universe.dev")\n'
                    'install.packages("madeup.rmd.pkg")\n```\n'),
    })
    installs = {m.key.name: m for m in scan(tmp_path).mentions if m.origin is Origin.COMMAND}
    assert {n: m.example is not None and m.example.unchecked for n, m in installs.items()} == {
        "cmdstanr": True, "madeup.sh.pkg": False, "brms": True, "madeup.rmd.pkg": False}
