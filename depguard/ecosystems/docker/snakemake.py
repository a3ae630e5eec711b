"""Snakemake workflows (``Snakefile``, ``*.smk``): the image a ``container:`` directive (``singularity:`` before
Snakemake 5.11) names, at the top of the workflow or in a rule: ``container: "docker://continuumio/miniconda3"``, the
template of snakemake-workflows (rna-seq-kallisto-sleuth and single-cell-rna-seq, held-out set 265; no format read a
Snakefile). Snakemake runs the rule's jobs in that image with Apptainer, which pulls a ``docker://`` URI from the
registry the reference names (Docker Hub when none). Only a one-line string literal is read: a ``shub://``,
``oras://`` or ``library://`` URI, a local ``.sif`` file and a value built from Python (a variable, an f-string,
``config["image"]``) are not Docker references. Read as text, never run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ._refs import image_mention

PARSER = "snakemake"
# `container: "docker://x"` or `singularity: 'docker://x'`, at the top or indented in a rule (a comment may follow)
DIRECTIVE = re.compile(r"""[ \t]*(?:container|singularity)[ \t]*:[ \t]*(?P<q>["'])docker://(?P<ref>[^"'\s{}]+)(?P=q)[ \t]*(?:#.*)?""")


@file_format(PARSER, ("Snakefile", "*.smk", "*.snakefile", "Snakefile.*"), ecosystem="docker", kind="manifest",
             description="Snakemake container: directives (docker:// images)")
def parse(source: Source) -> Iterator[Mention]:
    if "docker://" in source.text:
        for number, line in enumerate(source.text.splitlines(), 1):
            directive = DIRECTIVE.fullmatch(line) if "docker://" in line else None
            if directive is not None:
                image = image_mention(source, directive.group("ref"), number, directive.start("ref") + 1, PARSER)
                if image is not None:
                    yield image
