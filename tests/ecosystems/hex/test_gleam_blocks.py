"""A TOML block of Hex requirements is a gleam.toml excerpt (hex's sniffer in ecosystem.toml), not Cargo's."""

from __future__ import annotations

import pytest

from depguard.parsers import Source
from depguard.text import mentions_in_text, sniff


@pytest.mark.parametrize("body, route", [
    # Hex's requirements (`and`, `~>`) make a dependencies table a gleam.toml excerpt (held-out set 280)
    ('[dev-dependencies]\ngleeunit = ">= 1.0.0 and < 2.0.0"', "file:gleam.toml"),
    ('[dependencies]\ngleam_stdlib = "~> 0.34"', "file:gleam.toml"),
    # Cargo's requirements stay Cargo's
    ('[dependencies]\nserde = "1"', "file:Cargo.toml"),
    ('[dependencies]\nserde = ">= 1, < 2"\ntokio = { version = "1", features = ["full"] }', "file:Cargo.toml"),
])
def test_sniff(body, route):
    assert sniff(body) == route


def test_a_gleam_readmes_uncaptioned_block_is_read_as_gleam_toml():
    # a Gleam package's README (held-out set 280 probe): the [dev-dependencies] block after a captioned one went to the
    # Cargo.toml reader, its gleeunit asked of crates.io
    text = ("Add it:\n\n```toml\n[dev-dependencies]\ngleeunit = \">= 1.0.0 and < 2.0.0\"\n"
            "imagined_gleam_lib = \"~> 1.0\"\n```\n")
    assert sorted((m.key.ecosystem, m.key.name) for m in mentions_in_text(Source("README.md", text))) == [
        ("hex", "gleeunit"), ("hex", "imagined_gleam_lib")]
