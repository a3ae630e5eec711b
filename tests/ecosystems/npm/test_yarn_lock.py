"""yarn.lock, classic (v1) and berry (v2+): names, aliases, skipped non-registry entries, header lines."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

CASES = {
    "classic empty": ("yarn/empty.v1.lock", []),
    "classic one": ("yarn/one.v1.lock", [("left-pad", 5)]),
    "classic two, dependency blocks are not entries": ("yarn/two.v1.lock", [("once", 4), ("wrappy", 11)]),
    "classic scoped": ("yarn/scoped.v1.lock", [("@babel/code-frame", 4), ("@babel/highlight", 10)]),
    "classic aliases": ("yarn/aliases.v1.lock", [("string-width", 4), ("@babel/helper-validator-identifier", 8)]),
    "classic git, codeload and file entries skipped": ("yarn/git.v1.lock", [("private-thing", 15), ("no-resolved", 19)]),
    "classic entry whose registry tarball is another package's": (
        "yarn/tarball-of-another-package.v1.lock", [("left-pad", 5), ("@4lolo/resize-observer-polyfill", 9)]),
    "berry one": ("yarn/one.berry.lock", [("left-pad", 8)]),
    "berry two, scoped": ("yarn/two.berry.lock", [("@babel/code-frame", 5), ("debug", 13)]),
    "berry aliases": ("yarn/aliases.berry.lock", [("string-width", 5), ("@babel/helper-validator-identifier", 11)]),
    "berry workspace, patch, link, portal and git entries skipped": ("yarn/workspace.berry.lock", [("resolve", 19)]),
}


@pytest.mark.parametrize("fixture, expected", CASES.values(), ids=CASES.keys())
def test_names_and_lines(parse_fixture, fixture, expected):
    parsed = parse_fixture("yarn.lock", fixture)
    assert parsed.names_lines == expected
    assert parsed.problems == []


@pytest.mark.parametrize("fixture, column", [("yarn/aliases.v1.lock", 23), ("yarn/aliases.berry.lock", 23)],
                         ids=["classic", "berry"])
def test_alias_column_points_at_the_real_name(parse_fixture, fixture, column):
    m = parse_fixture("yarn.lock", fixture).mentions[0]
    assert (m.written, m.location.column, m.spec) == ("string-width", column, "4.2.3")
    assert m.note == "alias string-width-cjs of string-width"


@pytest.mark.parametrize("fixture", ["yarn/not-yarn.txt", "yarn/json-content.txt"], ids=["text", "JSON"])
def test_not_this_format(parse_fixture, fixture):
    with pytest.raises(ParseError, match="not a yarn.lock") as info:
        parse_fixture("yarn.lock", fixture)
    assert info.value.line == 1


def test_berry_entry_that_is_not_a_mapping_is_a_problem(parse_fixture):
    parsed = parse_fixture("yarn.lock", "yarn/bad-entry.berry.lock")
    assert parsed.mentions == []
    assert [(p.location.line, "not a mapping" in p.message) for p in parsed.problems] == [(3, True)]


def test_berry_that_is_not_yaml_is_a_parse_error():
    from .conftest import parse_as

    with pytest.raises(ParseError, match="not valid YAML"):
        parse_as("yarn.lock", "__metadata:\n  version: 8\n\"a@npm:1\": [unclosed\n")


def test_unknown_protocol_names_no_package(parse_fixture):
    """``asap@unsupported:~2.0.6``: yarn refuses a protocol it does not know, so the entry is no registry name;
    the refusal is a problem at the entry's line."""
    parsed = parse_fixture("yarn.lock", "yarn/unknown-protocol.v1.lock")
    assert parsed.names_lines == [("jquery", 7)]
    assert [(p.location.line, "unknown protocol 'unsupported:'" in p.message) for p in parsed.problems] == [(4, True)]
