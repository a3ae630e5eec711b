"""Galaxy tool wrappers: the conda packages of ``<requirement type="package">`` in a tool's XML and in the macro file
its tools expand (earlham-galaxytools' ``tools/ete/``; issue 12, held-out set 65: no format read them, so a wrapper
requiring an invented package went unjudged)."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source, get_format
from tests.trees import scan, write

TOOL = """<tool id="ete_gene_cnv" name="Gene copy-number variation" version="@TOOL_VERSION@+galaxy0" profile="22.05">
    <macros>
        <import>ete_macros.xml</import>
    </macros>
    <expand macro="requirements" />
    <requirements>
        <requirement type="package" version="2.32.3">requests</requirement>
        <requirement type="package" version="1.0">Invented-Galaxy-Dep</requirement>
        <requirement type="set_environment">EXPORT_DIR_PREFIX</requirement>
        <container type="docker">quay.io/biocontainers/ete3:3.1.3--pyhdfd78af_0</container>
    </requirements>
    <command><![CDATA[python '$__tool_directory__/ete_gene_cnv.py' '$input']]></command>
</tool>
"""

MACROS = """<?xml version="1.0"?>
<!-- shared by the ete tools -->
<macros>
    <token name="@TOOL_VERSION@">3.1.3</token>
    <xml name="requirements">
        <requirements>
            <requirement type="package" version="@TOOL_VERSION@">ete3</requirement>
            <requirement type="package" version="1.0">@TOOL_NAME@</requirement>
        </requirements>
    </xml>
</macros>
"""

ANDROID = """<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <requirement type="package">not-a-galaxy-requirement</requirement>
</manifest>
"""


def _parse(path: str, text: str) -> list[tuple[str, str, str | None, int]]:
    source = Source(path=path, text=text)
    return [(m.key.name, m.written, m.spec, m.location.line) for m in get_format("galaxy-tool").parse(source)]


def test_a_tool_s_package_requirements_are_conda_packages_on_galaxy_s_channels():
    assert _parse("tools/ete/ete_gene_cnv.xml", TOOL) == [
        ("bioconda::requests", "requests", "2.32.3", 7),
        ("bioconda::invented-galaxy-dep", "Invented-Galaxy-Dep", "1.0", 8)]


def test_a_macro_file_s_requirements_are_read_and_a_token_names_nothing():
    assert _parse("tools/ete/ete_macros.xml", MACROS) == [("bioconda::ete3", "ete3", None, 7)]


def test_the_names_galaxy_s_conda_resolver_renames_are_asked_as_conda_s():
    # held-out set 265: bgruening/galaxytools' tools/genome_annotation_pipeline/RemoveVectorContamination.xml requires
    # `blast+` (a Tool Shed era name; no conda name may hold a "+"), reported invalid. Galaxy's default_conda_mapping.yml
    # installs it as blast, and R as r-base. A made-up name with a "+" is still read as written (and judged invalid)
    tool = ('<tool id="rmcontamination" name="Remove contamination" version="0.1">\n  <requirements>\n'
            '    <requirement type="package" version="2.2.26+">blast+</requirement>\n'
            '    <requirement type="package">R</requirement>\n'
            '    <requirement type="package">diamond+</requirement>\n  </requirements>\n</tool>\n')
    assert _parse("tools/genome_annotation_pipeline/RemoveVectorContamination.xml", tool) == [
        ("bioconda::blast", "blast+", "2.2.26+", 3), ("bioconda::r-base", "R", None, 4),
        ("bioconda::diamond+", "diamond+", None, 5)]


def test_other_xml_is_left_alone():
    assert _parse("app/src/main/AndroidManifest.xml", ANDROID) == []
    assert _parse("pom.xml", "<project><dependencies/></project>") == []


def test_a_scan_reads_the_wrappers_of_a_tool_repository(tmp_path):
    write(tmp_path, {"tools/ete/ete_gene_cnv.xml": TOOL, "tools/ete/ete_macros.xml": MACROS,
                     "tools/ete/.shed.yml": "name: ete\nowner: earlhaminst\n"})
    out = scan(tmp_path)
    found = {(m.location.path, m.key.ecosystem, m.key.name) for m in out.mentions if m.origin is Origin.MANIFEST}
    assert ("tools/ete/ete_gene_cnv.xml", "conda", "bioconda::invented-galaxy-dep") in found
    assert ("tools/ete/ete_macros.xml", "conda", "bioconda::ete3") in found
    assert not out.problems
