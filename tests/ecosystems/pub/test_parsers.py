"""pubspec.yaml and pubspec.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ecosystems._fixtures import names_and_lines, parse_fixture

FIXTURES = Path(__file__).parent / "fixtures"
ERROR = "parse error"

CASES = [
    ("pubspec.yaml", "pubspec.yaml/empty.yaml", []),
    ("pubspec.yaml", "pubspec.yaml/one.yaml", [("http", 3)]),
    ("pubspec.yaml", "pubspec.yaml/two.yaml", [("provider", 7), ("lints", 13)]),
    ("pubspec.yaml", "pubspec.yaml/comments.yaml", [("path", 6)]),
    ("pubspec.yaml", "pubspec.yaml/not-this-format.yaml", ERROR),
    ("pubspec.yaml", "pubspec.yaml/outside.yaml", [("meta", 9)]),
    ("pubspec.lock", "pubspec.lock/two.lock", [("collection", 3), ("lints", 16)]),
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
