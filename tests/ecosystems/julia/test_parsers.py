"""Project.toml and Manifest.toml (formats 1 and 2): registered names and lines; stdlibs, the project
itself, [sources] and path/repo-url entries skipped."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_project_empty():
    assert parse("Project.toml", fixture("julia", "empty.toml")) == ([], [])


def test_project_one():
    mentions, _ = parse("Project.toml", fixture("julia", "one.toml"))
    assert found(mentions) == [("HTTP", 2)]
    assert mentions[0].location.column == 1


def test_project_two_skips_stdlib_sources_and_compat():
    mentions, _ = parse("Project.toml", fixture("julia", "two.toml"))
    assert found(mentions) == [("DataFrames", 8), ("Makie", 13), ("Aqua", 24)]
    assert [m.note for m in mentions] == [None, "weakdeps", "extras"]


def test_project_of_another_tool_gives_nothing():
    assert parse("Project.toml", fixture("julia", "not-julia.toml")) == ([], [])


def test_project_not_toml_raises():
    with pytest.raises(ParseError):
        parse("Project.toml", "[deps\nX = 1")


def test_manifest_v1_skips_stdlib_and_developed_packages():
    mentions, _ = parse("Manifest.toml", fixture("julia", "Manifest-v1.toml"))
    assert found(mentions) == [("JSON", 6)]
    assert (mentions[0].location.column, mentions[0].spec) == (3, "0.21.2")


def test_manifest_v2_skips_stdlib_and_repo_url_packages():
    mentions, _ = parse("Manifest.toml", fixture("julia", "Manifest-v2.toml"))
    assert found(mentions) == [("DataStructures", 10), ("OrderedCollections", 26)]


def test_manifest_empty_and_not_toml():
    assert parse("Manifest.toml", "") == ([], [])
    with pytest.raises(ParseError):
        parse("Manifest.toml", "this is not toml")


def test_file_names_route_to_the_formats():
    assert "Project.toml" in format_names("Project.toml")
    assert "Manifest.toml" in format_names("Manifest.toml")
    assert "Manifest.toml" in format_names("Manifest-v1.11.toml")
