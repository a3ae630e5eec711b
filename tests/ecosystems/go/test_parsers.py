"""go.mod, go.sum and vendor/modules.txt: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("go.mod", "go.mod/empty.mod", []),
    ("go.mod", "go.mod/one.mod", [("github.com/spf13/cobra", 5)]),
    ("go.mod", "go.mod/two.mod", [("github.com/BurntSushi/toml", 6), ("golang.org/x/sys", 7)]),
    ("go.mod", "go.mod/comments.mod", [("gopkg.in/yaml.v3", 6)]),
    ("go.mod", "go.mod/not-this-format.mod", ERROR),
    ("go.mod", "go.mod/outside.mod", [("github.com/pkg/errors", 8), ("example.com/new", 19)]),
    ("go.sum", "go.sum/two.sum", [("github.com/pkg/errors", 1), ("golang.org/x/net", 3)]),
    ("go.sum", "go.sum/not-this-format.sum", ERROR),
    ("vendor/modules.txt", "modules.txt/two.txt", [("github.com/pkg/errors", 1), ("example.com/new", 6)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
