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
