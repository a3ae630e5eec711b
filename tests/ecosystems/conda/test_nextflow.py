"""Nextflow processes and nextflow.config: conda and container directives (nf-core modules: an environment file or
conda specs, an image chosen by a ternary on the container engine), read as text."""

from __future__ import annotations

from depguard.parsers import Source, get_format
from tests.trees import scan, write

FASTQC = """process FASTQC {
    tag "${meta.id}"
    label 'process_medium'

    conda "${moduleDir}/environment.yml"
    container "${ workflow.containerEngine == 'singularity' && !task.ext.singularity_pull_docker_container ?
        'https://depot.galaxyproject.org/singularity/fastqc:0.12.1--hdfd78af_0' :
        'biocontainers/fastqc:0.12.1--hdfd78af_0' }"

    input:
    tuple val(meta), path(reads)
}
"""

OLD_MODULE = """process SAMTOOLS_SORT {
    conda 'bioconda::samtools=1.9 conda-forge::pigz=2.3.4'
    container 'quay.io/biocontainers/samtools:1.9--h8571acd_11'
    script:
    \"\"\"
    samtools sort $bam
    \"\"\"
}
"""

TEMPLATE = """process TOOL {
    conda "${moduleDir}/environment.yml"
    container "${ workflow.containerEngine == 'singularity' && !task.ext.singularity_pull_docker_container ?
        '{{ singularity_container if singularity_container else 'https://depot.galaxyproject.org/singularity/YOUR-TOOL-HERE' }}':
        '{{ docker_container if docker_container else 'biocontainers/YOUR-TOOL-HERE' }}' }"
}
"""

CONFIG = """params.outdir = './results'
process {
    container = 'nfcore/methylseq:1.4'
    withName: 'SHINY' {
        conda = 'bioconda::r-shinyngs=1.7.1'
    }
}
process.container = "ghcr.io/acme/pipeline:${params.tag}"
"""


def _parse(text: str, path: str = "modules/local/tool/main.nf"):
    source = Source(path=path, text=text)
    found = [(m.key.ecosystem, m.key.name, m.spec, m.location.line, m.location.column)
             for m in get_format("nextflow").parse(source)]
    return found, source.problems


def test_an_nf_core_modules_image_is_the_docker_branch_of_its_ternary_and_its_environment_file_is_read_there():
    # nf-core/tools' pipeline template (modules/nf-core/fastqc/main.nf): the Singularity branch is a URL, the
    # comparison's 'singularity' is no image, the conda directive names the environment.yml beside it
    assert _parse(FASTQC) == ([("docker", "biocontainers/fastqc", "0.12.1--hdfd78af_0", 8, 10)], [])


def test_conda_specs_and_a_plain_container_of_an_older_module():
    found, problems = _parse(OLD_MODULE)
    assert found == [("conda", "bioconda::samtools", "=1.9", 2, 22), ("conda", "pigz", "=2.3.4", 2, 48),
                     ("docker", "quay.io/biocontainers/samtools", "1.9--h8571acd_11", 3, 16)]
    assert problems == []


def test_a_module_templates_slots_name_nothing():
    assert _parse(TEMPLATE, "nf_core/module-template/main.nf") == ([], [])


def test_nextflow_config_process_scope_and_dotted_settings():
    found, problems = _parse(CONFIG, "nextflow.config")
    # a GString with a variable (the tag of ghcr.io/acme/pipeline) names no fixed image: not read
    assert found == [("docker", "nfcore/methylseq", "1.4", 3, 18), ("conda", "bioconda::r-shinyngs", "=1.7.1", 5, 28)]
    assert problems == []


def test_unclosed_directive_strings_name_nothing_and_the_next_directive_is_read():
    # a broken file: unclosed `container "${` and `conda '` lines, then a good directive
    text = 'container "${ x ? \'a\' :\n' * 2000 + "conda 'bioconda::x\n" * 2000 + "container 'acme/tool:1.0'\n"
    found, problems = _parse(text)
    assert found == [("docker", "acme/tool", "1.0", 4001, 12)] and problems == []


def test_an_image_naming_no_registry_is_pulled_from_the_pipeline_s_docker_registry(tmp_path):
    # held-out set 265: nf-core/sarek's nextflow.config sets `docker.registry = 'quay.io'` (nf-core's template), so its
    # modules' `biocontainers/samtools:1.20--h50ea8bc_0` is quay.io's BioContainers image; it was asked of Docker Hub,
    # which has no such tags (nor biocontainers/gawk at all). An image naming its registry keeps it, and a pipeline
    # whose config sets no registry (or a `docker { registry = … }` scope) is read as before
    config = "params.outdir = null\ndocker.registry       = 'quay.io'\nsingularity.registry  = 'quay.io'\n"
    write(tmp_path, {
        "sarek/nextflow.config": config + "process.container = 'nfcore/sarek:3.5'\n",
        "sarek/modules/nf-core/fastqc/main.nf": FASTQC,
        "sarek/modules/local/samtools/main.nf": OLD_MODULE,
        "scoped/nextflow.config": "docker {\n    enabled = true\n    registry = 'ghcr.io'\n}\n",
        "scoped/main.nf": "process X {\n    container 'acme/tool:1.0'\n}\n",
        "plain/nextflow.config": "docker.enabled = true\n",
        "plain/main.nf": "process X {\n    container 'acme/tool:1.0'\n}\n",
    })
    found = {(m.location.path, m.key.name) for m in scan(tmp_path).mentions if m.key.ecosystem == "docker"}
    assert found == {("sarek/nextflow.config", "quay.io/nfcore/sarek"),
                     ("sarek/modules/nf-core/fastqc/main.nf", "quay.io/biocontainers/fastqc"),
                     ("sarek/modules/local/samtools/main.nf", "quay.io/biocontainers/samtools"),
                     ("scoped/main.nf", "ghcr.io/acme/tool"), ("plain/main.nf", "acme/tool")}


PRESEQ = """process PRESEQ_LCEXTRAP {
    conda "${moduleDir}/environment.yml"
    container "${ workflow.containerEngine == 'singularity' && !task.ext.singularity_pull_docker_container ?
        'https://depot.galaxyproject.org/singularity/preseq:3.2.0--hdcf5f25_6':
        'biocontainers/preseq:3.2.0--hdcf5f25_6' }"
}
"""


def test_a_modules_own_nextflow_config_leaves_the_pipelines_docker_registry_in_force(tmp_path):
    # held-out set 314: nf-core/rnaseq's modules/nf-core/preseq/lcextrap/ holds a nextflow.config of its own (ext.args
    # for the module's nf-test runs); it was taken for the pipeline's, which sets docker.registry = 'quay.io', so the
    # module's biocontainers images (sylph-tax among them, which Docker Hub lacks) were asked of Docker Hub. A module's or
    # subworkflow's config is passed over (so is one of its tests folder, itself naming an image); a pipeline nested in
    # the tree whose own config sets no registry keeps Docker Hub, as Nextflow launches it with that config alone
    fragment = "process {\n    withName: 'PRESEQ_LCEXTRAP' {\n        ext.args = '-verbose -bootstrap 3'\n    }\n}\n"
    write(tmp_path, {
        "rnaseq/nextflow.config": "docker.registry       = 'quay.io'\n",
        "rnaseq/modules/nf-core/preseq/lcextrap/main.nf": PRESEQ,
        "rnaseq/modules/nf-core/preseq/lcextrap/nextflow.config": fragment,
        "rnaseq/modules/nf-core/fastqc/main.nf": FASTQC.replace("biocontainers/fastqc", "biocontainers/fastqcc"),
        "rnaseq/subworkflows/nf-core/utils/tests/nextflow.config":
            "process {\n    container = 'biocontainers/gawk:5.1.0'\n}\n",
        "rnaseq/workflows/demo/nextflow.config": "docker.enabled = true\n",
        "rnaseq/workflows/demo/main.nf": "process X {\n    container 'acme/tool:1.0'\n}\n",
    })
    found = {(m.location.path, m.key.name) for m in scan(tmp_path).mentions if m.key.ecosystem == "docker"}
    assert found == {("rnaseq/modules/nf-core/preseq/lcextrap/main.nf", "quay.io/biocontainers/preseq"),
                     # a made-up image is quay.io's to answer, never Docker Hub's nor dropped (not checked, DG100)
                     ("rnaseq/modules/nf-core/fastqc/main.nf", "quay.io/biocontainers/fastqcc"),
                     ("rnaseq/subworkflows/nf-core/utils/tests/nextflow.config", "quay.io/biocontainers/gawk"),
                     ("rnaseq/workflows/demo/main.nf", "acme/tool")}
