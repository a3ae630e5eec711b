"""MSBuild projects, packages.config, packages.lock.json, paket.dependencies and paket.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("msbuild", "msbuild/empty.csproj", []),
    ("msbuild", "msbuild/one.csproj", [("newtonsoft.json", 3)]),
    ("msbuild", "msbuild/two.fsproj", [("fsharp.core", 3), ("serilog", 4)]),
    ("msbuild", "msbuild/comments.csproj", [("dapper", 4)]),
    ("msbuild", "msbuild/not-this-format.csproj", ERROR),
    ("msbuild", "msbuild/outside.props", [("xunit", 6)]),
    ("packages.config", "packages.config/two.config", [("entityframework", 4), ("nunit", 5)]),
    ("packages.lock.json", "packages.lock.json/two.json", [("serilog", 5), ("system.memory", 11)]),
    ("paket.dependencies", "paket.dependencies/two.txt", [("argu", 3), ("expecto", 7)]),
    ("paket.lock", "paket.lock/two.txt", [("argu", 3), ("fsharp.core", 5)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
