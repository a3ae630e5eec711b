"""CWL tools and workflows: a SoftwareRequirement's packages (conda names, judged as abstract names: one conda lacks is
not checked) and a DockerRequirement's image (common-workflow-library/bio-cwl-tools, held-out set 265: 147 files, none
read before; its ucsc-bedtobigbed.cwl pulls an image with capitals, which docker refuses)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

# bio-cwl-tools' bedtools/bedtools_genomecov.cwl and ucscuserapps/ucsc-bedtobigbed.cwl, shortened
TOOL = """#!/usr/bin/env cwl-runner
cwlVersion: v1.0
class: CommandLineTool
requirements:
  InlineJavascriptRequirement: {}
hints:
  DockerRequirement:
    dockerPull: quay.io/biocontainers/bedtools:2.26.0gx--he513fc3_4
  SoftwareRequirement:
    packages:
      bedtools:
        specs: [ https://identifiers.org/biotools/bedtools ]
        version: [ "2.26.0" ]
      blast+:
        version: [ "2.2.26" ]
baseCommand: [bedtools, genomecov]
inputs: []
outputs: []
"""

LISTS = """cwlVersion: v1.2
class: Workflow
requirements:
  - class: SoftwareRequirement
    packages:
      - package: samtools
        version: [ "1.17" ]
      - package: $(inputs.tool)
  - class: DockerRequirement
    dockerPull: $(inputs.image)
steps:
  sort:
    run:
      class: CommandLineTool
      hints:
        - class: DockerRequirement
          dockerPull: ubuntu:22.04
        - class: SoftwareRequirement
          packages:
            {$import: software_requirement.yml}
      baseCommand: sort
      inputs: []
      outputs: []
    in: []
    out: []
inputs: []
outputs: []
"""

CAPITALS = """cwlVersion: v1.0
class: CommandLineTool
hints:
  DockerRequirement:
    dockerPull: quay.io/biocontainers/ucsc-bedToBigBed:377--ha8a8165_3
baseCommand: bedToBigBed
"""


def _parse(text: str, path: str = "tools/tool.cwl"):
    source = Source(path=path, text=text)
    mentions = list(get_format("cwl").parse(source))
    return [(m.key.ecosystem, m.key.name, m.spec, m.location.line, m.example is not None) for m in mentions], source


def test_a_tool_s_software_packages_are_conda_names_and_its_image_is_docker_s():
    found, source = _parse(TOOL)
    assert found == [("docker", "quay.io/biocontainers/bedtools", "2.26.0gx--he513fc3_4", 8, False),
                     ("conda", "bioconda::bedtools", "2.26.0", 11, True),
                     ("conda", "bioconda::blast", "2.2.26", 14, True)]
    assert source.problems == []
    example = next(m for m in get_format("cwl").parse(Source(path="t.cwl", text=TOOL)) if m.key.ecosystem == "conda").example
    # a name conda lacks is not checked (abstract names: specs identify them), a look-alike conda has is judged
    assert example is not None and example.unchecked and example.ok_passes and example.doubts_judged


def test_list_forms_inline_steps_and_expressions():
    found, _ = _parse(LISTS)
    assert found == [("conda", "bioconda::samtools", "1.17", 6, True), ("docker", "library/ubuntu", "22.04", 17, False)]


def test_an_image_with_capitals_is_read_as_written():
    # docker refuses a repository name with capitals ("repository name must be lowercase"): judged invalid
    found, _ = _parse(CAPITALS)
    assert found == [("docker", "quay.io/biocontainers/ucsc-bedToBigBed", "377--ha8a8165_3", 5, False)]


def test_a_file_that_is_no_cwl_document_names_nothing():
    assert _parse("hints:\n  DockerRequirement:\n    dockerPull: acme/tool:1\n")[0] == []
    assert _parse("just: text\n")[0] == []


# EBI-Metagenomics/pipeline-v5's tools/Assembly/EggNOG/eggNOG/eggnog.cwl (trimmed): a hint to run the tool in an image
# the authors build from the Dockerfile beside it and tag by hand; nothing in the tree tags it
EGGNOG = """cwlVersion: v1.2
class: CommandLineTool
label: "eggNOG"
hints:
  DockerRequirement:
    dockerPull: IMAGE
baseCommand: [emapper_wrapper.sh]
inputs: []
outputs: []
"""


def test_a_bare_image_named_after_its_tool_and_built_by_a_dockerfile_nearby_is_a_note_while_docker_hub_lacks_it(tmp_path):
    # held-out set 314: Docker Hub would answer for library/eggnog_pipeline (an official image's namespace, which only
    # Docker publishes): DG001 on the authors' local image. The Dockerfile may lie beside the tool, above it or in a
    # folder of that parent (KEGG_analysis/Docker/Dockerfile for KEGG_analysis/KEGG_pathways/kegg_pathways.cwl)
    from tests.trees import judged, verdicts, write

    dockerfile = "FROM python:3.9\nRUN pip install eggnog-mapper\n"
    write(tmp_path, {
        "tools/EggNOG/eggNOG/eggnog.cwl": EGGNOG.replace("IMAGE", "eggnog_pipeline:latest"),
        "tools/EggNOG/eggNOG/Dockerfile": dockerfile,
        "tools/KEGG_analysis/KEGG_pathways/kegg_pathways.cwl": EGGNOG.replace("IMAGE", "kegg_pathways:latest"),
        "tools/KEGG_analysis/Docker/Dockerfile": dockerfile,
        # judged: a name with a namespace, a name unrelated to its tool, a bare name no Dockerfile nearby builds
        "tools/mapseq/mapseq.cwl": EGGNOG.replace("IMAGE", "acme/mapseq:latest"),
        "tools/mapseq/Dockerfile": dockerfile,
        "tools/krona/krona.cwl": EGGNOG.replace("IMAGE", "ubuntuu:22.04"),
        "tools/krona/Dockerfile": dockerfile,
        "tools/go_slim/go_summary.cwl": EGGNOG.replace("IMAGE", "go_slim:latest"),
        # a piece of the tool's name cut inside a word (reviewer r43's point on the Prefect clones) is no name of it
        "tools/Assembly/eggNOG/eggnog.cwl": EGGNOG.replace("IMAGE", "eggnogpipe:latest"),
        "tools/Assembly/eggNOG/Dockerfile": dockerfile,
        "tools/RNA_prediction/krona/krona.cwl": EGGNOG.replace("IMAGE", "kronav2.7.1:latest"),
        "tools/RNA_prediction/krona/Dockerfile": dockerfile,
    })
    got = verdicts(judged(tmp_path, existing=set()))
    assert got[("tools/EggNOG/eggNOG/eggnog.cwl", "eggnog_pipeline:latest")] == "allowed"
    assert got[("tools/KEGG_analysis/KEGG_pathways/kegg_pathways.cwl", "kegg_pathways:latest")] == "allowed"
    assert got[("tools/mapseq/mapseq.cwl", "acme/mapseq:latest")] == "missing"
    assert got[("tools/krona/krona.cwl", "ubuntuu:22.04")] == "missing"
    assert got[("tools/go_slim/go_summary.cwl", "go_slim:latest")] == "missing"
    assert got[("tools/Assembly/eggNOG/eggnog.cwl", "eggnogpipe:latest")] == "missing"
    assert got[("tools/RNA_prediction/krona/krona.cwl", "kronav2.7.1:latest")] == "allowed"


def test_an_official_image_a_tool_pulls_beside_a_dockerfile_is_judged_as_usual(tmp_path):
    # the note is only for a name Docker Hub lacks: an official image it has passes or fails on its own answer
    from tests.trees import scan, write

    write(tmp_path, {
        "tools/python/python.cwl": EGGNOG.replace("IMAGE", "python:3.9"),
        "tools/python/Dockerfile": "FROM python:3.9\n",
    })
    [mention] = [m for m in scan(tmp_path).mentions if m.location.path.endswith(".cwl")]
    assert mention.example is not None and mention.example.any_verdict is False
