"""Gemfile, Gemfile.lock and *.gemspec: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import case_ids, check_case

CASES = [
    ("Gemfile", "Gemfile/empty.rb", []),
    ("Gemfile", "Gemfile/one.rb", [("rails", 3)]),
    ("Gemfile", "Gemfile/two.rb", [("puma", 2), ("rspec-rails", 5)]),
    ("Gemfile", "Gemfile/comments.rb", [("sidekiq", 2)]),
    ("Gemfile", "Gemfile/not-this-format.rb", []),
    ("Gemfile", "Gemfile/outside.rb", [("pg", 6), ("extra_gem", 17)]),
    ("Gemfile.lock", "Gemfile.lock/outside.lock", [("nokogiri", 15), ("racc", 17)]),
    ("gemspec", "gemspec/two.gemspec", [("thor", 4), ("rake", 5)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
