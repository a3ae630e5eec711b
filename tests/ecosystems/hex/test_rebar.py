"""rebar3's rebar.config and rebar.lock in a scanned tree: the Hex names they declare are judged; a dependency named
as an OTP application the tree holds is taken from the tree; a Common Test suite's data folder is fixture data; a
file that is not Erlang terms is a parse problem with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.ecosystems.hex.erlang_terms import MAX_DEPTH, consult
from depguard.errors import ParseError
from tests.trees import scan, write


def _hex(root: Path) -> list[tuple[str, str]]:
    out = scan(root, Settings(use_cache=False))
    return sorted((m.location.path, m.key.name) for m in out.mentions if m.key.ecosystem == "hex")


def test_a_dependency_on_an_app_of_the_tree_is_taken_from_the_tree_and_an_invented_one_is_judged(tmp_path: Path):
    # launchdarkly/erlang-server-sdk: the repository is the ldclient application (src/ldclient.app.src); its Makefile
    # links it into test-service/_checkouts/ldclient, and test-service/rebar.config depends on `ldclient`
    write(tmp_path, {
        "rebar.config": '{deps, [{jsx, "3.1.0"}]}.\n',
        "src/ldclient.app.src": '{application, ldclient, [{vsn, "3.0.0"}, {applications, [kernel, stdlib, jsx]}]}.\n',
        "Makefile": "tests:\n\t@ln -sf $(CURDIR)/ $(CURDIR)/test-service/_checkouts/ldclient\n",
        "test-service/rebar.config": '{deps, [\n    {jsx, "3.1.0"},\n    ldclient,\n    ldclient_helpers\n]}.\n',
        "test-service/src/ts.app.src": '{application, ts, [{applications, [kernel, stdlib, ldclient]}]}.\n',
    })
    assert _hex(tmp_path) == [("rebar.config", "jsx"), ("test-service/rebar.config", "jsx"),
                              ("test-service/rebar.config", "ldclient_helpers")]


def test_a_lockfile_entry_of_an_app_of_the_tree_is_still_judged(tmp_path: Path):
    # rebar.lock holds only what rebar3 fetched: a pkg entry came from Hex, whatever the tree holds
    write(tmp_path, {
        "src/cowboy.app.src": "{application, cowboy, []}.\n",
        "rebar.lock": '{"1.2.0",\n[{<<"cowboy">>,{pkg,<<"cowboy">>,<<"2.10.0">>},0}]}.\n',
    })
    assert _hex(tmp_path) == [("rebar.lock", "cowboy")]


def test_a_common_test_suites_data_folder_is_fixture_data(tmp_path: Path):
    # erlang/rebar3: systest/all_SUITE_data/<case>/ is a small project per case of all_SUITE, with made-up plug-ins
    write(tmp_path, {
        "rebar.config": '{deps, [getopt]}.\n',
        "systest/all_SUITE.erl": "-module(all_SUITE).\n",
        "systest/all_SUITE_data/alias_clash/rebar.config": "{plugins, [rebar_alias]}.\n",
    })
    assert _hex(tmp_path) == [("rebar.config", "getopt")]
    judged = scan(tmp_path, Settings(use_cache=False, judge_fixtures=True))
    assert "rebar_alias" in {m.key.name for m in judged.mentions}


def test_a_rebar_config_that_is_not_terms_is_a_parse_problem_with_its_line(tmp_path: Path):
    write(tmp_path, {"rebar.config": '{erl_opts, [debug_info]}.\n{deps, [\n    {cowboy, "2.10.0"}\n'})
    out = scan(tmp_path, Settings(use_cache=False))
    assert [(p.location.path, p.location.line) for p in out.problems if p.kind == "parse"] == [("rebar.config", 3)]
    assert "end of the file" in out.problems[0].message


@pytest.mark.parametrize(("text", "line"), [
    ("{deps, [cowboy]}\n{plugins, []}.\n", 2),  # a form not ended by '.'
    ("{deps, [Cowboy]}.\n", 1),  # a variable: code, not data
    ("{deps, [cowboy]}.\n\n{a, ~}.\n", 3),  # a character no term starts with
])
def test_terms_that_are_not_data_name_their_line(text: str, line: int):
    with pytest.raises(ParseError) as caught:
        consult(text)
    assert caught.value.line == line


def test_nesting_deeper_than_any_configuration_is_refused_not_a_crash():
    with pytest.raises(ParseError, match="nested deeper"):
        consult("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + ".")
    assert consult("[" * 50 + "]" * 50 + ".")[0].kind == "list"
