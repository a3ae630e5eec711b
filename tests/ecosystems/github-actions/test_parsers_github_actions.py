"""GitHub Actions uses:: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import case_ids, check_case

CASES = [
    ("github-actions-uses", "uses/empty.yml", []),
    ("github-actions-uses", "uses/one.yml", [("actions/checkout", 6)]),
    ("github-actions-uses", "uses/two.yml", [("actions/setup-node", 5), ("github/codeql-action", 8), ("octo-org/shared", 10)]),
    ("github-actions-uses", "uses/comments.yml", [("actions/cache", 5)]),
    ("github-actions-uses", "uses/not-this-format.yml", []),
    ("github-actions-uses", "uses/outside.yml", [("docker/build-push-action", 11)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
