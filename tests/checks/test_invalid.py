"""DG004: a name its registry cannot hold is reported with a reason that reads as a sentence."""

from __future__ import annotations

import pytest

from depguard.api import check_names


@pytest.mark.parametrize("name, reason", [
    ("", "'': empty name; not looked up"),
    ("evil\x1b[31m", "'evil\\x1b[31m': contains control characters; not looked up"),
    ("foo bar", "'foo bar': not a valid name (letters, digits, '.', '_' and '-', starting and ending with a letter or "
                "digit); not looked up"),
], ids=["empty", "control-characters", "space"])
def test_invalid_reason(name, reason):
    (finding,) = check_names([name], ecosystem="pypi").findings
    assert finding.rule == "DG004"
    assert finding.reasons == (reason,)


@pytest.mark.parametrize("ecosystem, name", [
    ("swift", "github.com/o/.."), ("swift", "github.com/../users"), ("swift", "github.com/./x"),
    ("go", "github.com/o/../x"),
])
def test_a_dot_segment_is_no_name_and_never_reaches_a_lookups_url(ecosystem, name):
    # reviewer r38: Package.swift's `.package(url: "https://github.com/../users", …)` (any Swift reader: a project.pbxproj
    # reference, a Cartfile) was asked of GitHub as /repos/../users, which a server reads as /users; a real repository
    # name beside it is still a valid name
    from depguard.ecosystems import catalog

    (finding,) = check_names([name], ecosystem=ecosystem).findings  # an invalid name is never looked up
    assert finding.rule == "DG004" and "'..' path segment" in finding.reasons[0]
    rule = catalog().get(ecosystem).name_rule
    assert rule.invalid_reason(name.replace("/..", "/r..x").replace("/./", "/.x/")) is None


def test_a_registry_never_quotes_a_dot_segment_into_a_url_path():
    from depguard.ecosystems import catalog
    from depguard.registries import client_for

    registry = client_for(catalog().get("swift"))
    assert [registry.encode(n) for n in (".", "..", "a.b", "..x")] == ["%2E", "%2E%2E", "a.b", "..x"]
