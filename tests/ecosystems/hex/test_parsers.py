"""mix.exs and mix.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import case_ids, check_case

CASES = [
    ("mix.exs", "mix.exs/empty.exs", []),
    ("mix.exs", "mix.exs/one.exs", [("jason", 5)]),
    ("mix.exs", "mix.exs/two.exs", [("phoenix", 10), ("ex_doc", 11), ("real_name", 16)]),
    ("mix.exs", "mix.exs/comments.exs", [("plug", 5)]),
    ("mix.exs", "mix.exs/not-this-format.exs", []),
    ("mix.exs", "mix.exs/outside.exs", [("ecto_sql", 11)]),
    # tuples spread over several lines, hex: "real" as a string, a multi-line path: dependency, comments
    ("mix.exs", "mix.exs/multi-line.exs", [("phoenix", 10), ("jason", 14), ("poison", 17), ("credo", 22)]),
    ("mix.lock", "mix.lock/two.lock", [("jason", 2), ("real_name", 4)]),
    # Gleam (held-out set 280, gleam-lang/gleam's 105 gleam.toml files): a version string or a table with a version
    # is Hex's; a path or git dependency is not; the older [dev_dependencies] spelling too
    ("gleam.toml", "gleam.toml/deps.toml", [("gleam_stdlib", 5), ("lustre", 6), ("gleeunit", 11)]),
    ("gleam.toml", "gleam.toml/old-dev.toml", [("gleeunit", 5)]),
    ("gleam.toml", "gleam.toml/empty.toml", []),
    # the lockfile: only source = "hex" entries; another tool's manifest.toml gives nothing
    ("gleam-manifest.toml", "manifest.toml/gleam.toml", [("gleam_stdlib", 5), ("gleeunit", 6)]),
    ("gleam-manifest.toml", "manifest.toml/not-gleam.toml", []),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
