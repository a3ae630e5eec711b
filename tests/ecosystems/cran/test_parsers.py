"""DESCRIPTION and renv.lock: CRAN names and lines; R, base packages, Remotes and non-CRAN sources skipped."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_description_empty():
    assert parse("DESCRIPTION", fixture("cran", "empty.DESCRIPTION")) == ([], [])


def test_description_one():
    mentions, _ = parse("DESCRIPTION", fixture("cran", "one.DESCRIPTION"))
    assert found(mentions) == [("dplyr", 3)]
    assert (mentions[0].location.column, mentions[0].spec) == (10, ">= 1.0.0")


def test_description_two_skips_r_base_remotes_and_prose():
    mentions, problems = parse("DESCRIPTION", fixture("cran", "two.DESCRIPTION"))
    assert found(mentions) == [("dplyr", 6), ("rlang", 8), ("testthat", 10), ("knitr", 10), ("Rcpp", 11)]
    assert mentions[0].spec == ">= 1.0.0"  # the spec wraps onto the next line
    assert mentions[2].note == "Suggests"
    assert problems == []


def test_description_not_a_control_file_raises():
    with pytest.raises(ParseError):
        parse("DESCRIPTION", fixture("cran", "not-description.txt"))


def test_renv_lock_only_cran_repositories():
    mentions, _ = parse("renv.lock", fixture("cran", "renv.lock"))
    assert found(mentions) == [("dplyr", 11), ("rlang", 12), ("digest", 16)]
    assert [m.spec for m in mentions] == ["1.1.4", "1.1.2", "0.6.33"]


@pytest.mark.parametrize("text", ["this is not json!", "[]", '{"R": {}}'])
def test_renv_lock_not_a_lockfile_raises(text):
    with pytest.raises(ParseError):
        parse("renv.lock", text)


def test_renv_lock_no_packages():
    assert parse("renv.lock", '{"R": {"Version": "4.3.1"}, "Packages": {}}') == ([], [])


def test_file_names_route_to_the_formats():
    assert "DESCRIPTION" in format_names("pkg/DESCRIPTION")
    assert "renv.lock" in format_names("renv.lock")
