"""Name rules of every ecosystem: names that could change a request's path are invalid before anything is
asked, real names of unusual shapes are valid, and names a registry refuses are invalid."""

from __future__ import annotations

import pytest

from depguard.ecosystems import catalog


@pytest.mark.parametrize("eco", catalog().ids())
@pytest.mark.parametrize("name", ["../../etc/passwd", "a b", "x?y=1", "foo#bar", "%2e%2e", ""])
def test_names_that_could_change_the_path_are_invalid(eco, name):
    rule = catalog().get(eco).name_rule
    assert rule.invalid_reason(rule.normalise(name)) is not None


@pytest.mark.parametrize("eco, good", [
    ("swift", "github.com/apple/swift-nio"), ("cocoapods", "Firebase"), ("cocoapods", "Reveal-SDK"),
    ("cpan", "Plack::Request"), ("cpan", "Plack-Middleware-Foo"), ("hackage", "aeson"), ("hackage", "AC-Angle"),
    ("cran", "data.table"), ("conda", "bioconda::samtools"), ("conda", "python"), ("homebrew", "python@3.12"),
    ("homebrew", "homebrew/cask/firefox"), ("jsr", "@std/path"), ("julia", "HTTP.jl"), ("docker", "library/nginx"),
    ("docker", "ghcr.io/owner/tool"), ("docker", "localhost:5000/team/app"),
])
def test_real_names_are_valid(eco, good):
    rule = catalog().get(eco).name_rule
    assert rule.invalid_reason(rule.normalise(good)) is None


@pytest.mark.parametrize("eco, bad", [
    ("jsr", "@Std/Path"), ("jsr", "std/path"), ("docker", "library/Nginx"), ("cran", "2pkg"), ("cran", "pkg."),
    ("hackage", "123"), ("cpan", "Foo::"), ("julia", "1Package"),
])
def test_names_the_registry_refuses_are_invalid(eco, bad):
    rule = catalog().get(eco).name_rule
    assert rule.invalid_reason(rule.normalise(bad)) is not None
