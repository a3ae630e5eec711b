"""The project model's sub-project manifests and judged source suffixes are each ecosystem's ``[project]`` table;
depguard/project.py names none of them."""

from __future__ import annotations

import pytest

from depguard.ecosystems import catalog
from depguard.project import _project_tables, code_as_data, manifest_ecosystem


@pytest.mark.parametrize("name, eco", [
    ("pyproject.toml", "pypi"), ("setup.py", "pypi"), ("setup.cfg", "pypi"), ("Pipfile", "pypi"),
    ("requirements-dev.txt", "pypi"), ("dev-requirements.in", "pypi"), ("constraints.txt", "pypi"),
    ("package.json", "npm"), ("deno.json", "npm"), ("deno.jsonc", "npm"), ("Cargo.toml", "cargo"), ("go.mod", "go"),
    ("Gemfile", "rubygems"), ("pom.xml", "maven"), ("build.gradle", "gradle"), ("build.gradle.kts", "gradle"),
    ("composer.json", "composer"), ("mix.exs", "hex"), ("Package.swift", "swift"), ("pubspec.yaml", "pub"),
    ("Project.toml", "julia"), ("DESCRIPTION", "cran"), ("README.md", None), ("syntax_test_package.json", None),
])
def test_sub_project_manifests_are_declared_by_their_ecosystems(name, eco):
    assert manifest_ecosystem(name) == eco


def test_judged_sources_are_declared_by_their_ecosystems():
    sources = _project_tables().sources
    assert {s for s, e in sources.items() if e == "pypi"} == {".py", ".pyi", ".pyw"}
    assert {s for s, e in sources.items() if e == "npm"} == {".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"}
    assert set(sources.values()) <= set(catalog().ids())


def test_a_gradle_sub_project_keeps_its_name():
    names = ["build.gradle", "app/build.gradle", "app/src/gen/x.py"]
    assert code_as_data(names) == {"app/src/gen/x.py": "inside a gradle sub-project (app)"}
