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


def test_file_names():
    assert [f.name for f in formats_for("pixi.toml")] == ["pixi"]
    assert "pixi" in [f.name for f in formats_for("sub/pyproject.toml")]
