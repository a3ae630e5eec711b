"""pixi.toml and [tool.pixi]: conda dependencies (on the workspace's channels) and pypi-dependencies, in every
target and feature table, with lines; tasks, path/git PyPI entries and [project] lists are not pixi's."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, formats_for, get_format

FIXTURES = Path(__file__).parent / "fixtures" / "pixi"


def _parse(name: str) -> list[tuple[str, str, int]]:
    source = Source(path=name, text=(FIXTURES / name).read_text(encoding="utf-8"))
    found = [(m.key.ecosystem, m.key.name, m.location.line) for m in get_format("pixi").parse(source)]
    assert source.problems == []
    return found


def test_pixi_toml_every_dependency_table():
    assert _parse("pixi.toml") == [
        ("conda", "bioconda::python", 10), ("conda", "bioconda::samtools", 11),  # channels beyond conda-forge
        ("pypi", "requests", 14),  # demo (path) and flask (git) are not PyPI names
        ("conda", "bioconda::cuda-toolkit", 19),  # target.linux-64
        ("conda", "bioconda::pytest", 22), ("pypi", "hypothesis", 25),  # feature.test
        ("conda", "bioconda::ruff", 28),  # feature.lint.target.osx-arm64.host-dependencies
    ]


def test_tool_pixi_in_pyproject():
    assert _parse("pyproject.toml") == [("conda", "numpy", 10)]  # [project] dependencies are the pyproject reader's


def test_pyproject_without_tool_pixi_yields_nothing():
    assert list(get_format("pixi").parse(Source(path="pyproject.toml", text='[project]\ndependencies = ["x"]\n'))) == []


def test_a_dependency_in_an_inline_table_is_found_on_its_line():
    # pixi's examples/python-library-gcp-keyring/pyproject.toml: `[tool.pixi.feature.gcp]` then
    # `pypi-dependencies = { python-library-gcp-keyring = "==0.1.1" }` was reported on line 1
    text = ('[project]\nname = "lib"\n\n[tool.pixi.feature.gcp]\n'
            'pypi-dependencies = { python-library-gcp-keyring = "==0.1.1", rich = "*" }\n'
            '[tool.pixi.feature.cpu]\ndependencies = {"numpy" = "*"}\n')
    found = [(m.key.name, m.location.line, m.location.column)
             for m in get_format("pixi").parse(Source(path="pyproject.toml", text=text))]
    assert found == [("python-library-gcp-keyring", 5, 23), ("rich", 5, 63), ("numpy", 7, 17)]


def test_pypi_dependencies_pixi_looks_for_first_in_another_index_are_not_checked():
    # the same reading as a pyproject's non-explicit [[tool.uv.index]] (pixi resolves PyPI packages with uv, whose
    # first-index strategy takes a name from the first index that has it); session 20 left a pixi example pinning its
    # own package from a private extra index as a false alarm
    def unchecked(text: str) -> dict[str, str | None]:
        return {m.key.name: m.example.reason if m.example is not None else None
                for m in get_format("pixi").parse(Source(path="pixi.toml", text=text)) if m.key.ecosystem == "pypi"}

    head = '[workspace]\nname = "w"\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n'
    extra = '[pypi-options]\nextra-index-urls = ["https://pkgs.acme.example/simple"]\n'
    reason = ("pixi looks for it first in https://pkgs.acme.example/simple (pixi pypi-options), an index depguard "
              "does not ask")
    assert unchecked(head + extra + '\n[pypi-dependencies]\nacme-privatez = "*"\n') == {"acme-privatez": reason}
    # a feature's options count for that feature's packages only
    assert unchecked(head + '[pypi-dependencies]\nacme-privatey = "*"\n\n[feature.gpu.pypi-options]\n'
                     'index-url = "https://pkgs.acme.example/simple"\n\n[feature.gpu.pypi-dependencies]\n'
                     'acme-gpuz = "*"\n') == {"acme-privatey": None, "acme-gpuz": reason}
    # PyPI's versions weighed too, or no other index: judged
    assert unchecked(head + extra + 'index-strategy = "unsafe-best-match"\n\n[pypi-dependencies]\nacme-privatex = "*"\n'
                     ) == {"acme-privatex": None}
    assert unchecked(head + '[pypi-options]\nindex-url = "https://pypi.org/simple"\n\n[pypi-dependencies]\n'
                     'acme-privatew = "*"\n') == {"acme-privatew": None}


def test_file_names():
    assert [f.name for f in formats_for("pixi.toml")] == ["pixi"]
    assert "pixi" in [f.name for f in formats_for("sub/pyproject.toml")]


PIXI_LOCK_V7 = """version: 7
environments:
  default:
    channels:
    - url: https://conda.anaconda.org/conda-forge/
    packages:
      linux-64:
      - conda: https://conda.anaconda.org/conda-forge/linux-64/_openmp_mutex-4.5-20_gnu.conda
packages:
- conda: https://conda.anaconda.org/conda-forge/linux-64/_openmp_mutex-4.5-20_gnu.conda
  build_number: 20
  depends:
  - libgomp >=7.5.0
- conda: https://conda.anaconda.org/bioconda/noarch/snakemake-minimal-9.1.0-pyhdfd78af_0.tar.bz2
  sha256: 00
- conda: https://conda.anaconda.org/conda-forge/osx-64/_openmp_mutex-4.5-20_gnu.conda
  sha256: 01
- conda: https://prefix.example/internal/linux-64/inhouse-1.0-h0_0.conda
- pypi: .
  name: snakemake
  requires_dist:
  - pyyaml
- pypi: https://files.pythonhosted.org/packages/00/9b/peppy-0.40.8-py3-none-any.whl
  name: peppy
  version: 0.40.8
- pypi: git+https://github.com/acme/tool.git#abc
  name: acme-tool
"""

PIXI_LOCK_V5 = """version: 5
packages:
- kind: conda
  name: numpy
  version: 2.1.0
  url: https://conda.anaconda.org/conda-forge/linux-64/numpy-2.1.0-py312h0_0.conda
- kind: pypi
  name: rich
  version: 13.9.0
  url: https://files.pythonhosted.org/packages/rich-13.9.0-py3-none-any.whl
"""


def _lock(text: str):
    source = Source(path="pixi.lock", text=text)
    return list(get_format("pixi.lock").parse(source)), source.problems


def test_pixi_lock_conda_packages_by_channel_and_pypi_packages_from_pypi_only():
    # snakemake's pixi.lock (version 7): 317 conda packages named by their file names, 173 PyPI wheels; the
    # project itself (pypi: .), a git source and a channel off anaconda.org are not registry names to ask
    mentions, problems = _lock(PIXI_LOCK_V7)
    assert [(m.key.ecosystem, m.key.name, m.spec, m.location.line) for m in mentions] == [
        ("conda", "_openmp_mutex", "4.5", 10),  # once, though locked for two platforms
        ("conda", "bioconda::snakemake-minimal", "9.1.0", 14),
        ("pypi", "peppy", "0.40.8", 23),
    ]
    assert all(m.origin.value == "lockfile" for m in mentions)
    assert [(p.location.line, p.kind) for p in problems] == [(18, "limit")]
    mentions, problems = _lock(PIXI_LOCK_V5)  # versions 4 and 5: kind, name, url
    assert [(m.key.ecosystem, m.key.name, m.spec) for m in mentions] == [("conda", "numpy", "2.1.0"),
                                                                         ("pypi", "rich", "13.9.0")]
    assert problems == []


def test_pixi_lock_packages_from_prefix_dev_mirrors_are_their_anaconda_channels():
    # dask's and dask/distributed's pixi.lock (spot sets 39, 43): pixi's default channel URL, prefix.dev's mirror of
    # conda-forge (665 and 555 packages were each a "not on anaconda.org" read problem); prefix.dev's own channels
    # stay off anaconda.org
    text = ("version: 6\npackages:\n"
            "- conda: https://prefix.dev/conda-forge/linux-64/_openmp_mutex-4.5-2_gnu.tar.bz2\n  sha256: 00\n"
            "- conda: https://repo.prefix.dev/bioconda/noarch/snakemake-minimal-9.1.0-pyhdfd78af_0.tar.bz2\n  sha256: 01\n"
            "- conda: https://prefix.dev/my-team/linux-64/inhouse-1.0-h0_0.conda\n  sha256: 02\n")
    mentions, problems = _lock(text)
    assert [(m.key.name, m.location.line) for m in mentions] == [("_openmp_mutex", 3),
                                                                 ("bioconda::snakemake-minimal", 5)]
    assert [(p.location.line, p.kind) for p in problems] == [(7, "limit")]
