"""composer.json and composer.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("composer.json", "composer.json/empty.json", []),
    ("composer.json", "composer.json/one.json", [("monolog/monolog", 3)]),
    ("composer.json", "composer.json/two.json", [("guzzlehttp/guzzle", 7), ("phpunit/phpunit", 10)]),
    ("composer.json", "composer.json/comments.json", [("symfony/console", 4)]),
    ("composer.json", "composer.json/not-this-format.json", ERROR),
    ("composer.json", "composer.json/outside.json", [("psr/log", 11)]),
    ("composer.lock", "composer.lock/one.json", [("psr/log", 4)]),
    ("composer.lock", "composer.lock/outside.json", [("acme/first", 4), ("psr/container", 12), ("phpunit/phpunit", 28)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
