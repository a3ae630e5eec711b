"""pnpm-lock.yaml, lockfile versions 5, 6 and 9: package keys, peers suffixes, hosts, git and local entries."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

CASES = {
    "empty v9": ("pnpm/empty.v9.yaml", []),
    "one v5": ("pnpm/one.v5.yaml", [("left-pad", 11)]),
    "two v5, scoped, peer suffix, another registry host":
        ("pnpm/two.v5.yaml", [("@babel/core", 9), ("vue-demi", 13), ("private-thing", 19)]),
    "v6 scoped and peers in parentheses": ("pnpm/v6.yaml", [("@typescript-eslint/types", 13), ("pinia", 17)]),
    "v9 workspace links and file: entries skipped, snapshots not repeated":
        ("pnpm/workspace.v9.yaml", [("left-pad", 25), ("string-width", 32), ("@types/node", 35)]),
    "git and codeload entries skipped": ("pnpm/git.v5.yaml", [("ok-one", 20)]),
}


@pytest.mark.parametrize("fixture, expected", CASES.values(), ids=CASES.keys())
def test_names_and_lines(parse_fixture, fixture, expected):
    parsed = parse_fixture("pnpm-lock.yaml", fixture)
    assert parsed.names_lines == expected
    assert parsed.problems == []


def test_versions_lose_their_peer_suffixes(parse_fixture):
    specs = [m.spec for m in parse_fixture("pnpm-lock.yaml", "pnpm/two.v5.yaml").mentions]
    assert specs == ["7.20.7", "0.13.11", "2.0.0"]
    specs = [m.spec for m in parse_fixture("pnpm-lock.yaml", "pnpm/v6.yaml").mentions]
    assert specs == ["5.57.1", "2.0.28"]


def test_column_skips_the_leading_slash_and_host(parse_fixture):
    cols = [m.location.column for m in parse_fixture("pnpm-lock.yaml", "pnpm/two.v5.yaml").mentions]
    assert cols == [4, 4, 3 + len("registry.corp.example/")]


def test_keys_that_do_not_fit_the_version_are_problems(parse_fixture):
    parsed = parse_fixture("pnpm-lock.yaml", "pnpm/odd-keys.v5.yaml")
    assert parsed.names_lines == [("axios", 5), ("stream", 11)]  # axios is still checked
    assert [(p.location.line, p.message.split(":")[0]) for p in parsed.problems] == [
        (5, "invalid package path 'axios@1.2.5' for lockfileVersion 5.4; read as axios@1.2.5"),
        (8, "invalid package path '/foo/bar'"),
    ]


@pytest.mark.parametrize("fixture, message, line", [
    ("pnpm/not-yaml.txt", "the document is not a mapping", 1),
    ("pnpm/not-pnpm.yaml", "no lockfileVersion", 1),
    ("pnpm/packages-list.yaml", "'packages' is not a mapping", 2),
], ids=["plain text", "YAML but not a lockfile", "packages is a list"])
def test_not_this_format(parse_fixture, fixture, message, line):
    with pytest.raises(ParseError, match=message) as info:
        parse_fixture("pnpm-lock.yaml", fixture)
    assert info.value.line == line


def test_yaml_aliases_are_refused():
    from .conftest import parse_as

    with pytest.raises(ParseError, match="aliases"):
        parse_as("pnpm-lock.yaml", "lockfileVersion: 5.4\nx: &a [1]\npackages:\n  /a/1.0.0: *a\n")


def test_v9_key_with_a_tarball_url():
    from .conftest import parse_as

    text = ("lockfileVersion: '9.0'\n\npackages:\n\n"
            "  tarred@https://registry.npmjs.org/tarred/-/tarred-1.0.0.tgz:\n"
            "    resolution: {tarball: https://registry.npmjs.org/tarred/-/tarred-1.0.0.tgz}\n"
            "    version: 1.0.0\n\n"
            "  other@https://example.com/other.tgz:\n"
            "    resolution: {tarball: https://example.com/other.tgz}\n")
    parsed = parse_as("pnpm-lock.yaml", text)
    assert parsed.names_lines == [("tarred", 5)]
    assert (parsed.mentions[0].spec, parsed.problems) == ("1.0.0", [])
