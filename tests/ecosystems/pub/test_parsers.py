"""pubspec.yaml and pubspec.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("pubspec.yaml", "pubspec.yaml/empty.yaml", []),
    ("pubspec.yaml", "pubspec.yaml/one.yaml", [("http", 3)]),
    ("pubspec.yaml", "pubspec.yaml/two.yaml", [("provider", 7), ("lints", 13)]),
    ("pubspec.yaml", "pubspec.yaml/comments.yaml", [("path", 6)]),
    ("pubspec.yaml", "pubspec.yaml/not-this-format.yaml", ERROR),
    ("pubspec.yaml", "pubspec.yaml/outside.yaml", [("meta", 9)]),
    ("pubspec.lock", "pubspec.lock/two.lock", [("collection", 3), ("lints", 16)]),
    # the pub.dev mirror the Flutter docs give is pub.dev's names; an sdk entry and another host are not
    ("pubspec.lock", "pubspec.lock/mirror.lock", [("crypto", 3)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
