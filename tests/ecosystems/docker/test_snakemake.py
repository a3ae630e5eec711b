"""Snakemake's container: directive (snakemake-workflows' template: `container: "docker://continuumio/miniconda3"`,
held-out set 265; no format read a Snakefile, so an invented image there went unjudged)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

SNAKEFILE = """from snakemake.utils import min_version

min_version("8.0")


configfile: "config/config.yaml"


container: "docker://continuumio/miniconda3"  # the workflow's default


rule trim:
    input: "reads/{s}.fq"
    output: "trimmed/{s}.fq"
    singularity: 'docker://quay.io/biocontainers/cutadapt:4.4--py310h1425a21_0'
    shell: "cutadapt {input} > {output}"


rule local:
    container: "images/tool.sif"
    shell: "tool"


rule variable:
    container: config["image"]
    shell: "tool"


rule library:
    container: "library://acme/default/tool:1.0"
    shell: 'echo "container: \\"docker://not/a-directive\\""'
"""


def test_container_directives_name_docker_images():
    source = Source(path="workflow/Snakefile", text=SNAKEFILE)
    found = [(m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("snakemake").parse(source)]
    assert found == [("continuumio/miniconda3", None, 9, 22),
                     ("quay.io/biocontainers/cutadapt", "4.4--py310h1425a21_0", 15, 28)]
    assert source.problems == []
