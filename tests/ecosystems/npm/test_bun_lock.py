"""bun.lock (JSONC text lockfile) and bun.lockb (binary, reported not parsed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.errors import ParseError
from depguard.scan import collect_paths

from .conftest import FIXTURES

CASES = {
    "empty": ("bun/empty.lock", []),
    "one": ("bun/one.lock", [("left-pad", 12)]),
    "two, comments, nested install path": ("bun/two.lock", [("chalk", 13), ("supports-color", 16)]),
    "scoped, nested scoped and an alias": ("bun/scoped-alias.lock",
                                           [("@babel/code-frame", 13), ("@babel/highlight", 15), ("supports-color", 17)]),
    "workspace, git, file, link and foreign tarballs skipped": ("bun/git-workspace.lock",
                                                                [("private-thing", 29), ("ok-one", 31)]),
}


@pytest.mark.parametrize("fixture, expected", CASES.values(), ids=CASES.keys())
def test_names_and_lines(parse_fixture, fixture, expected):
    parsed = parse_fixture("bun.lock", fixture)
    assert parsed.names_lines == expected
    assert parsed.problems == []


def test_alias_is_noted_and_columns_point_into_the_tuple(parse_fixture):
    m = parse_fixture("bun.lock", "bun/scoped-alias.lock").mentions[2]
    assert (m.written, m.spec, m.location.column, m.note) == ("supports-color", "6.1.0", 17, "alias sc-old of supports-color")


def test_bad_tuples_are_problems_and_the_rest_is_read(parse_fixture):
    parsed = parse_fixture("bun.lock", "bun/bad-tuple.lock")
    assert parsed.names_lines == [("ok-one", 5)]
    assert [(p.location.line, p.message.split(":")[0]) for p in parsed.problems] == [
        (4, "could not extract 'bad-number'"), (6, "could not extract 'bad-object'")]


def test_not_json(parse_fixture):
    with pytest.raises(ParseError, match="not valid bun.lock") as info:
        parse_fixture("bun.lock", "bun/not-json.txt")
    assert (info.value.line, info.value.column) == (1, 1)


def test_binary_lockb_is_reported_with_the_fix(tmp_path, monkeypatch):
    shutil.copy(FIXTURES / "bun" / "binary.lockb", tmp_path / "bun.lockb")
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    assert collected.mentions == []
    assert [(p.kind, p.location.path) for p in collected.problems] == [("parse", "bun.lockb")]
    assert "run `bun install --save-text-lockfile`" in collected.problems[0].message
