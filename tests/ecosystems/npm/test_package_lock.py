"""package-lock.json / npm-shrinkwrap.json, lockfile versions 1-3: names, real names of aliases, lines."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError
from depguard.model import Origin

CASES = {
    "empty": ("package-lock/empty.v3.json", []),
    "one": ("package-lock/one.v3.json", [("wrappy", 12)]),
    "v1 key written as a node_modules path names its package": (
        "package-lock/path-key-in-v1.v1.json", [("wrappy", 5), ("async", 9)]),
    "two, v2 reads packages and not the duplicate dependencies": ("package-lock/two.v2.json", [("once", 11), ("wrappy", 18)]),
    "scoped and nested": ("package-lock/scoped.v3.json", [("@babel/code-frame", 9), ("@babel/highlight", 13)]),
    "aliases give the real name": ("package-lock/alias.v3.json", [("string-width", 9), ("@babel/code-frame", 14)]),
    "git, file and foreign tarballs are skipped, registry-shaped private tarballs kept":
        ("package-lock/git.v3.json", [("private-thing", 24)]),
    "root, workspace folders and links are local": ("package-lock/workspace.v3.json", [("left-pad", 25)]),
    "v1 nested dependencies, alias, git and file versions, trailing comma":
        ("package-lock/nested.v1.json", [("postcss", 6), ("postcss-calc", 13), ("supports-color", 16),
                                          ("string-width", 21), ("supports-color", 31)]),
}


@pytest.mark.parametrize("fixture, expected", CASES.values(), ids=CASES.keys())
def test_names_and_lines(parse_fixture, fixture, expected):
    parsed = parse_fixture("package-lock.json", fixture)
    assert parsed.names_lines == expected
    assert parsed.problems == []
    assert all(m.origin is Origin.LOCKFILE and m.parser == "package-lock.json" for m in parsed.mentions)


def test_shrinkwrap_is_the_same_format(parse_fixture):
    assert parse_fixture("npm-shrinkwrap.json", "package-lock/one.v3.json").names_lines == [("wrappy", 12)]


def test_a_shrinkwrap_of_npm_2_to_4_without_lockfile_version_is_read_as_version_1(parse_fixture):
    # rushstack's rush-lib keeps one (src/logic/test/shrinkwrapFile/npm-shrinkwrap.json) for its shrinkwrap tests
    parsed = parse_fixture("npm-shrinkwrap.json", "package-lock/before-npm5.shrinkwrap.json")
    assert parsed.names_lines == [("fbjs", 15), ("jquery", 22)]  # the file: entries are the project's own
    assert parsed.problems == []


def test_alias_keeps_what_is_written_and_says_so(parse_fixture):
    m = parse_fixture("package-lock.json", "package-lock/alias.v3.json").mentions[0]
    assert (m.written, m.key.name, m.spec, m.location.column) == ("string-width-cjs", "string-width", "4.2.0", 19)
    assert m.note == "alias string-width-cjs of string-width"


def test_column_points_at_the_name_inside_a_nested_path(parse_fixture):
    m = parse_fixture("package-lock.json", "package-lock/scoped.v3.json").mentions[1]
    assert (m.location.line, m.location.column, m.location.end_column) == (13, 50, 50 + len("@babel/highlight"))


@pytest.mark.parametrize("fixture, message", [
    ("package-lock/not-json.txt", "not valid JSON"),
    ("package-lock/package-json-content.json", "no lockfileVersion"),
], ids=["not JSON", "a package.json, not a lockfile"])
def test_not_this_format(parse_fixture, fixture, message):
    with pytest.raises(ParseError, match=message) as info:
        parse_fixture("package-lock.json", fixture)
    assert info.value.line == 1


def test_entry_that_is_not_an_object_is_a_problem_not_a_crash():
    from .conftest import parse_as

    parsed = parse_as("package-lock.json", '{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": 7,\n'
                                           '    "node_modules/b": {"version": "1.0.0"}\n  }\n}\n')
    assert parsed.names_lines == [("b", 5)]
    assert [(p.message, p.location.line) for p in parsed.problems] == [
        ("packages['node_modules/a'] is not an object; skipped", 4)]
