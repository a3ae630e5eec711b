"""MSBuild projects, packages.config, packages.lock.json, paket.dependencies and paket.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ecosystems._fixtures import names_and_lines, parse_fixture

FIXTURES = Path(__file__).parent / "fixtures"
ERROR = "parse error"

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


@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_parser(fmt, fixture, expected):
    found, problems, error = parse_fixture(FIXTURES / fixture, fmt)
    if expected == ERROR:
        assert error is not None
        return
    assert error is None, error
    assert names_and_lines(found) == expected
    assert not problems
