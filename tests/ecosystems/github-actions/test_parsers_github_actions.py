"""GitHub Actions uses:: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ecosystems._fixtures import names_and_lines, parse_fixture

FIXTURES = Path(__file__).parent / "fixtures"
ERROR = "parse error"

CASES = [
    ("github-actions-uses", "uses/empty.yml", []),
    ("github-actions-uses", "uses/one.yml", [("actions/checkout", 6)]),
    ("github-actions-uses", "uses/two.yml", [("actions/setup-node", 5), ("github/codeql-action", 8), ("octo-org/shared", 10)]),
    ("github-actions-uses", "uses/comments.yml", [("actions/cache", 5)]),
    ("github-actions-uses", "uses/not-this-format.yml", []),
    ("github-actions-uses", "uses/outside.yml", [("docker/build-push-action", 10)]),
]


@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_parser(fmt, fixture, expected):
    found, problems, error = parse_fixture(FIXTURES / fixture, fmt)
    if expected == ERROR:
        assert error is not None
        return
    assert error is None, error
    assert names_and_lines(found) == expected
    assert not problems
