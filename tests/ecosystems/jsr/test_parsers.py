"""deno.json(c) and jsr.json: jsr: and npm: specifiers in import maps, JSONC, the package's own name."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, parse


def eco_names(mentions):
    return [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions]


def test_deno_json_empty():
    assert parse("deno.json", fixture("jsr", "empty.json")) == ([], [])


def test_deno_json_one():
    mentions, _ = parse("deno.json", fixture("jsr", "one.json"))
    assert eco_names(mentions) == [("jsr", "@std/path", 3)]
    assert (mentions[0].location.column, mentions[0].spec) == (23, "^1.0.8")


def test_deno_jsonc_two_comments_npm_urls_self_and_scopes():
    mentions, _ = parse("deno.json", fixture("jsr", "two.jsonc"), "deno.jsonc")
    assert eco_names(mentions) == [
        ("jsr", "@std/assert", 8), ("npm", "chalk", 9), ("npm", "@types/node", 10), ("jsr", "@std/fmt", 14),
        ("jsr", "@oak/oak", 17),
    ]
    assert mentions[2].note == "imported as types"
    assert mentions[3].spec == "1"


def test_deno_json_not_json_raises():
    with pytest.raises(ParseError):
        parse("deno.json", fixture("jsr", "not-json.txt"))
    with pytest.raises(ParseError):
        parse("deno.json", "[1]")


def test_jsr_json_own_name_is_local():
    assert parse("jsr.json", fixture("jsr", "jsr.json")) == ([], [])


def test_file_names_route_to_the_formats():
    assert "deno.json" in format_names("deno.json")
    assert "deno.json" in format_names("app/deno.jsonc")
    # honojs/hono: a config named on the command line (`deno test -c runtime-tests/deno-jsx/deno.precompile.json`)
    assert "deno.json" in format_names("runtime-tests/deno-jsx/deno.precompile.json")
    assert "deno.json" in format_names("deno.react-jsx.jsonc")
    assert "deno.json" not in format_names("deno.lock")
    assert "jsr.json" in format_names("jsr.json")
