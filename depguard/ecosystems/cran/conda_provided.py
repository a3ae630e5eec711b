"""The R packages a tree's conda environments provide: an R script of a workflow runs in them, not in a CRAN library.

Bioinformatics workflows run their R scripts in conda environments: a Snakemake rule names ``envs/deseq2.yaml`` with
``bioconductor-deseq2`` and runs ``scripts/deseq2.R``, which calls ``library(DESeq2)``; an nf-core process runs
``bin/combine_table.r`` (``library(Biostrings)``) in the environment of its module or its ``conda`` directive; a Galaxy
tool requires ``bioconductor-preprocesscore`` and its script loads ``preprocessCore``. conda packages R packages as
``r-<name>`` (conda-forge, CRAN's) and ``bioconductor-<name>`` (bioconda, Bioconductor's), the R name lowercased. Such
a package comes from conda: its R import is no CRAN name, and asking CRAN for ``DESeq2`` (a Bioconductor package,
which CRAN never had) is a false alarm. The conda package itself is judged where it is declared, as every manifest
entry is; an R import whose package no environment of the tree declares stays a CRAN name.

The scope is the tree: a workflow names its environments from its rules and processes, anywhere in it (Snakemake's
``envs/`` beside ``scripts/``, nf-core's ``modules/*/environment.yml`` for ``bin/``). Read: conda environment files
(by name, or any YAML file whose top level holds ``channels:`` and ``dependencies:``), ``pixi.toml``, a Nextflow
``conda`` directive's specs and a Galaxy tool's package requirements, as text (only files that name such a package);
nothing is read when the tree has no R source.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

R_SOURCES = (".R", ".r", ".Rmd", ".rmd", ".qmd", ".Rmarkdown")
ENVIRONMENTS = (".yml", ".yaml")
# an R package as conda packages it: r-<name> (conda-forge) or bioconductor-<name> (bioconda), with an optional channel
# before it and a version or a closing quote, tag or space after it
CONDA_R = re.compile(r"(?:(?<=[\s'\"=>:,\[(])|^)(?:[\w.-]+::)?(?:r|bioconductor)-(?P<name>[a-z0-9][a-z0-9.]*[a-z0-9])"
                     r"(?=[\s'\"=<>!~,;\]<)]|$)", re.M)
ENV_TOP = re.compile(r"^(?:channels|dependencies)[ \t]*:", re.M)
NEXTFLOW_CONDA = re.compile(r"^[ \t]*(?:process\.)?conda\b[^\n]*", re.M)
GALAXY_REQUIREMENT = re.compile(r"<requirement\b[^>]*>[^<]*</requirement>")
HINT = ("r-", "bioconductor-")


def conda_r_packages(files: Iterable[str], read: Any) -> frozenset[str]:
    """The R package names (lowercase) that the conda environments among ``files`` (relative paths) provide;
    ``read(rel)`` is a file's text or None. Empty when no file is an R source."""
    found: set[str] = set()
    for name, text in _texts(files, read, lambda n: n.endswith((*ENVIRONMENTS, ".nf", ".xml", ".config"))
                             or n == "pixi.toml", HINT):
        if name.endswith(ENVIRONMENTS):
            if len(ENV_TOP.findall(text)) < 2:
                continue  # not a conda environment: another tool's YAML
            parts = [text]
        elif name == "pixi.toml":
            parts = [text]
        elif name.endswith((".nf", ".config")):
            parts = NEXTFLOW_CONDA.findall(text)
        else:
            parts = GALAXY_REQUIREMENT.findall(text)
        for part in parts:
            found.update(m.group("name") for m in CONDA_R.finditer(part))
    return frozenset(found)


# what a script of the tree installs from outside CRAN, in R code or an `Rscript -e` string of a shell script:
# remotes/devtools `install_github("owner/repo[@ref]")` (the repository's or its subfolder's name, the package's by
# convention: dna-seq-varlociraptor's `siglasso.post-deploy.sh` installs gersteinlab/siglasso for its rule's R script),
# `install_gitlab`/`install_bitbucket`, and Bioconductor's `BiocManager::install("X")`/`BiocInstaller::biocLite`; and in R
# code, `install.packages("X", repos = "https://…")` from repositories none of which is CRAN (cmdstanr's install guide:
# repos = "https://stan-dev.r-universe.dev"; tools.other_repos)
INSTALL_REPO = re.compile(r"\binstall_(?:github|gitlab|bitbucket)[ \t]*\((?P<args>[^()]*(?:\([^()]*\)[^()]*)*)\)")
INSTALL_BIOC = re.compile(r"\b(?:BiocManager::install|biocLite)[ \t]*\((?P<args>[^()]*(?:\([^()]*\)[^()]*)*)\)")
QUOTED = re.compile(r"(?P<q>[\"'])(?P<value>[^\"'\n]+)(?P=q)")
KEYWORD = re.compile(r"[ \t]*[A-Za-z_.][\w.]*[ \t]*=(?!=)")  # `version = "3.18"`, `ref = "main"`: no package
R_PACKAGE = re.compile(r"[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]")
SCRIPTS = (*R_SOURCES, ".sh", ".bash", ".smk", ".yml", ".yaml")
SCRIPT_NAMES = ("Dockerfile", "Snakefile", "Makefile")
INSTALL_HINTS = ("install_git", "install_bitbucket", "BiocManager", "biocLite", "repos")


def r_installs_elsewhere(files: Iterable[str], read: Any) -> frozenset[str]:
    """The R package names (lowercase) that the tree's scripts among ``files`` install from GitHub, GitLab, Bitbucket
    or Bioconductor, or its R code from other repositories than CRAN; ``read(rel)`` is a file's text or None. Empty
    when no file is an R source."""
    from .tools import r_installs

    found: set[str] = set()
    for name, text in _texts(files, read, lambda n: n.endswith(SCRIPTS) or n.startswith(SCRIPT_NAMES), INSTALL_HINTS):
        if name.endswith(R_SOURCES) and "repos" in text:
            found.update(inst.name.lower() for inst in r_installs(text) if inst.index)
        for call in INSTALL_REPO.finditer(text):
            for value in _values(call.group("args")):
                path = re.split(r"[@#]", value.group("value"), maxsplit=1)[0].strip("/")
                if "/" in path and R_PACKAGE.fullmatch(path.rpartition("/")[2]):
                    found.add(path.rpartition("/")[2].lower())
        for call in INSTALL_BIOC.finditer(text):
            for value in _values(call.group("args")):
                if R_PACKAGE.fullmatch(value.group("value")):
                    found.add(value.group("value").lower())
    return frozenset(found)


def _texts(files: Iterable[str], read: Any, wanted: Callable[[str], bool], hints: tuple[str, ...]
           ) -> Iterator[tuple[str, str]]:
    """(file name, text) of the ``files`` whose name is ``wanted`` and whose text holds one of ``hints``; none when no
    file is an R source (nothing would use them)."""
    listed = list(files)
    if not any(rel.endswith(R_SOURCES) for rel in listed):
        return
    for rel in listed:
        name = rel.rpartition("/")[2]
        if wanted(name):
            text = read(rel)
            if text and any(h in text for h in hints):
                yield name, text


def _values(args: str) -> Iterator[re.Match[str]]:
    """The quoted strings of a call's arguments other than keyword arguments' (``c("a", "b")`` gives both)."""
    for arg in args.split(","):
        if not KEYWORD.match(arg):
            yield from QUOTED.finditer(arg)


def project_hints(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None,
                  data_files: Iterable[str] = (), near: Iterable[str] = ()) -> dict[str, Any]:
    """``[project] hints`` of this package's ecosystem.toml (depguard/scan.py): ``r_packages_elsewhere``, the R
    packages the tree's conda environments provide and its scripts install from GitHub or Bioconductor (none without a
    file list: text checks run from a folder)."""
    if files is None:
        return {}
    from ...fsview import digest, text_of

    listed = list(files)

    def compute() -> frozenset[str]:
        def read(rel: str) -> str | None:
            return text_of(root / rel, limit)

        return conda_r_packages(listed, read) | r_installs_elsewhere(listed, read)

    if cache is None:
        return {"r_packages_elsewhere": compute()}
    inputs = digest(f"{limit}\0{root}\0".encode() + "\0".join(listed).encode("utf-8", "surrogateescape"))
    return {"r_packages_elsewhere": cache.fact("r-packages-elsewhere", inputs, compute, _names)}


def _names(value: Any) -> frozenset[str]:
    if type(value) is not frozenset or not all(type(n) is str for n in value):
        raise ValueError("bad names")
    return value
