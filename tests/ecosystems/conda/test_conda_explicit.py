"""conda's explicit files (``@EXPLICIT``): Snakemake's per-platform pins of a rule's environment
(snakemake-wrappers' ``bio/bgzip/environment.linux-64.pin.txt``; issue 12, held-out set 65: no format read them,
so a pinned environment's packages went unjudged)."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source, get_format
from tests.trees import scan, write

PIN = """# This file may be used to create an environment using:
# $ conda create --name <env> --file <this file>
# platform: linux-64
# created-by: conda 24.9.2
@EXPLICIT
https://conda.anaconda.org/conda-forge/noarch/ca-certificates-2026.6.17-hbd8a1cb_0.conda#a9965dd99f683c5f444428f896635716
https://conda.anaconda.org/conda-forge/linux-64/_openmp_mutex-4.5-2_gnu.tar.bz2#73aaf86a425cc6e73fcf236a5a46396d
https://repo.anaconda.com/pkgs/main/linux-64/zstd-1.5.7-h11fc155_0.conda#16ba8ab84a4e4d0ca4ea6cbb9f0e4bd1
https://conda.anaconda.org/bioconda/linux-64/invented-pinned-tool-1.24-h566b1c6_0.tar.bz2#0f4b4a8e1b7e0d9c3c3f6e2a1d5b7c9e
https://conda.anaconda.org/conda-forge/linux-64/libzlib-1.3.2-h25fd6f3_2.conda#d87ff7921124eccd67248aa483c23fec
https://conda.anaconda.org/conda-forge/linux-64/libzlib-1.3.2-h25fd6f3_2.conda#d87ff7921124eccd67248aa483c23fec
https://packages.example.org/private/linux-64/inhouse-1.0-0.conda#00
"""


def test_an_explicit_file_s_package_urls_are_lockfile_entries_by_channel():
    source = Source(path="bio/bgzip/environment.linux-64.pin.txt", text=PIN)
    got = [(m.key.name, m.written, m.spec, m.location.line) for m in get_format("conda-explicit").parse(source)]
    assert got == [("ca-certificates", "ca-certificates", "2026.6.17", 6), ("_openmp_mutex", "_openmp_mutex", "4.5", 7),
                   ("zstd", "zstd", "1.5.7", 8), ("bioconda::invented-pinned-tool", "invented-pinned-tool", "1.24", 9),
                   ("libzlib", "libzlib", "1.3.2", 10)]
    assert [(p.location.line, p.kind) for p in source.problems] == [(12, "limit")]  # not on anaconda.org


def test_a_file_of_that_name_without_the_marker_is_left_alone():
    source = Source(path="docs/versions.pin.txt", text="sphinx==7.2\n")
    assert list(get_format("conda-explicit").parse(source)) == [] and not source.problems


def test_a_scan_reads_the_pins_beside_a_wrapper_s_environment(tmp_path):
    write(tmp_path, {"bio/bgzip/environment.yaml": "channels:\n  - conda-forge\n  - bioconda\ndependencies:\n"
                                                   "  - htslib =1.24\n",
                     "bio/bgzip/environment.linux-64.pin.txt": PIN})
    found = {(m.key.name, m.origin) for m in scan(tmp_path).mentions if m.location.path.endswith(".pin.txt")}
    assert ("bioconda::invented-pinned-tool", Origin.LOCKFILE) in found
