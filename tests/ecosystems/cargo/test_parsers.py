"""Cargo.toml and Cargo.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("Cargo.toml", "Cargo.toml/empty.toml", []),
    ("Cargo.toml", "Cargo.toml/one.toml", [("serde", 6)]),
    ("Cargo.toml", "Cargo.toml/two.toml", [("serde", 2), ("tokio", 3)]),
    ("Cargo.toml", "Cargo.toml/comments.toml", [("rand", 5)]),
    ("Cargo.toml", "Cargo.toml/not-this-format.toml", ERROR),
    ("Cargo.toml", "Cargo.toml/outside.toml", [("log", 9)]),
    ("Cargo.toml", "Cargo.toml/kinds.toml", [("serde_json", 5), ("proptest", 11), ("cc", 14), ("winapi", 17), ("nix", 19), ("anyhow", 23)]),
    ("Cargo.lock", "Cargo.lock/empty.lock", []),
    ("Cargo.lock", "Cargo.lock/one.lock", [("libc", 4)]),
    ("Cargo.lock", "Cargo.lock/two.lock", [("itoa", 4), ("ryu", 9)]),
    ("Cargo.lock", "Cargo.lock/comments.lock", [("memchr", 6)]),
    ("Cargo.lock", "Cargo.lock/not-this-format.lock", ERROR),
    ("Cargo.lock", "Cargo.lock/outside.lock", [("serde", 17)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
