"""ruby-imports: a require the code asserts fails to load names no dependency (issue 12, rails' load_error_test)."""

from __future__ import annotations

from ._helpers import parse_fixture, quads


def test_requires_inside_load_error_assertions_are_not_dependencies():
    mentions, source = parse_fixture("ruby-imports", "ruby-expected-failure/test/load_error_test.rb",
                                     root="ruby-expected-failure")
    assert quads(mentions) == [
        ("rubygems", "rack-test", 4, 10),  # minitest ships with Ruby
        ("rubygems", "faraday", 20, 45),  # asserting another error: the require still names a gem
        ("rubygems", "nokogiri", 30, 23),  # expected to load
        ("rubygems", "oj", 35, 12),  # `rescue LoadError` is an optional dependency, still judged
    ]
    assert source.problems == []
