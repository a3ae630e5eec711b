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
    # repositories: vcs (URL's last segment), path (the composer.json there), package, composer with only /
    # named after its host serve the other names; only guzzle is Packagist's
    ("composer.json", "composer.json/repositories/composer.json", [("guzzlehttp/guzzle", 17)]),
    # Roots' WP Packages (repo.wp-packages.org, no "only"), bedrock's composer.json: it serves wp-plugin/* and
    # wp-theme/*, named not after its host; roots/wordpress and the look-alike vendors stay Packagist's
    ("composer.json", "composer.json/wp-packages/composer.json",
     [("roots/wordpress", 13), ("wp-plugins/akismet", 16), ("wordpress-theme/twentytwentyfive", 17)]),
    # without that repository declared, a wp-theme/* name is asked of Packagist
    ("composer.json", "composer.json/wp-names-undeclared/composer.json", [("wp-theme/twentytwentyfive", 7)]),
    # "packagist.org": false (list or object form): nothing is looked up on Packagist
    ("composer.json", "composer.json/packagist-off.json", []),
    ("composer.json", "composer.json/packagist-off-object.json", []),
    ("composer.lock", "composer.lock/one.json", [("psr/log", 4)]),
    ("composer.lock", "composer.lock/outside.json", [("acme/first", 4), ("psr/container", 12), ("phpunit/phpunit", 28)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
