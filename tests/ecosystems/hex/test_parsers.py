"""mix.exs, mix.lock, gleam.toml, Gleam's manifest.toml, rebar.config and rebar.lock: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("mix.exs", "mix.exs/empty.exs", []),
    ("mix.exs", "mix.exs/one.exs", [("jason", 5)]),
    ("mix.exs", "mix.exs/two.exs", [("phoenix", 10), ("ex_doc", 11), ("real_name", 16)]),
    ("mix.exs", "mix.exs/comments.exs", [("plug", 5)]),
    ("mix.exs", "mix.exs/not-this-format.exs", []),
    ("mix.exs", "mix.exs/outside.exs", [("ecto_sql", 11)]),
    # tuples spread over several lines, hex: "real" as a string, a multi-line path: dependency, comments
    ("mix.exs", "mix.exs/multi-line.exs", [("phoenix", 10), ("jason", 14), ("poison", 17), ("credo", 22)]),
    # a comprehension's pattern `{:true, dep} <- [...]` is no dependency; the tuples it walks over are (ejabberd's cond_deps)
    ("mix.exs", "mix.exs/comprehension.exs", [("p1_utils", 5), ("yconf", 6), ("epam", 11), ("exsync", 15), ("eredis", 16)]),
    ("mix.lock", "mix.lock/two.lock", [("jason", 2), ("real_name", 4)]),
    # Gleam (held-out set 280, gleam-lang/gleam's 105 gleam.toml files): a version string or a table with a version
    # is Hex's; a path or git dependency is not; the older [dev_dependencies] spelling too
    ("gleam.toml", "gleam.toml/deps.toml", [("gleam_stdlib", 5), ("lustre", 6), ("gleeunit", 11)]),
    ("gleam.toml", "gleam.toml/old-dev.toml", [("gleeunit", 5)]),
    ("gleam.toml", "gleam.toml/empty.toml", []),
    # the lockfile: only source = "hex" entries; another tool's manifest.toml gives nothing
    ("gleam-manifest.toml", "manifest.toml/gleam.toml", [("gleam_stdlib", 5), ("gleeunit", 6)]),
    ("gleam-manifest.toml", "manifest.toml/not-gleam.toml", []),
    # rebar3 (shapes of erlang-ls/erlang_ls, launchdarkly/erlang-server-sdk and erlang/rebar3): a bare atom, a version,
    # {pkg, HexName} (the Hex name is asked), git and path sources left out, plugins, project_plugins and each profile's
    # deps; a comment, a quoted atom, a string holding %%; overrides and other sections name no dependency; code (a
    # rebar.config.script's shape) is a parse error, not an empty file
    ("rebar.config", "rebar.config/empty.config", []),
    ("rebar.config", "rebar.config/one.config", [("cowboy", 3)]),
    ("rebar.config", "rebar.config/two.config", [("jsx", 4), ("uuid_erl", 5), ("recon", 11), ("rebar3_proper", 15),
                                                 ("rebar3_lint", 16), ("erlfmt", 20), ("meck", 25), ("proper", 25),
                                                 ("sync", 27)]),
    ("rebar.config", "rebar.config/comments.config", [("quoted_atom", 6)]),
    ("rebar.config", "rebar.config/not-this-format.config", ERROR),
    ("rebar.config", "rebar.config/outside.config", [("hackney", 7)]),
    # the lockfile: pkg entries only (the Hex name of an aliased app), the older bare list, hashes after the entries
    ("rebar.lock", "rebar.lock/two.lock", [("docsh", 2), ("uuid_erl", 7)]),
    ("rebar.lock", "rebar.lock/old.lock", [("cf", 1)]),
    ("rebar.lock", "rebar.lock/empty.lock", []),
    ("rebar.lock", "rebar.lock/truncated.lock", ERROR),
    ("rebar.lock", "rebar.lock/not-this-format.lock", ERROR),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
