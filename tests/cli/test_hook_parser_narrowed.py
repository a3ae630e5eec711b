"""`depguard hook <agent>` builds the parser of that hook alone (issue 19: all five copied the common options,
~3M instructions of every agent hook's run); what it parses, prints and refuses is what the whole parser does."""

from __future__ import annotations

import argparse

import pytest

from depguard.cli import build_parser


def hooks_of(parser: argparse.ArgumentParser) -> set[str]:
    hook = next(a for a in parser._subparsers._group_actions if isinstance(a, argparse._SubParsersAction))  # type: ignore[union-attr]
    sub = hook.choices["hook"]
    return set(next(a for a in sub._subparsers._group_actions).choices)  # type: ignore[union-attr]


@pytest.mark.parametrize("rest,built", [
    (["claude-code"], {"claude-code"}), (["cursor", "--budget", "3"], {"cursor"}), (["pre-commit", "a.txt"], {"pre-commit"}),
    (["--help"], {"pre-commit", "claude-code", "codex", "gemini", "cursor"}),
    (["claud-code"], {"pre-commit", "claude-code", "codex", "gemini", "cursor"}),
    ([], {"pre-commit", "claude-code", "codex", "gemini", "cursor"}),
])
def test_only_the_named_hook_is_built(rest, built):
    assert hooks_of(build_parser("hook", rest)) == built


@pytest.mark.parametrize("words", [
    ["hook", "claude-code"], ["hook", "claude-code", "--allow-unchecked", "--budget", "12"],
    ["hook", "codex", "--format", "json", "-q"], ["hook", "pre-commit", "--whole-files", "a.txt", "b.txt"],
    ["hook", "gemini", "--config", "x.toml", "--offline"],
])
def test_the_narrowed_parser_parses_as_the_whole_one(words):
    def parsed(parser: argparse.ArgumentParser) -> dict:
        return {k: v for k, v in vars(parser.parse_args(words)).items() if not k.startswith("_")}

    assert parsed(build_parser("hook", words[1:])) == parsed(build_parser())


@pytest.mark.parametrize("words", [["hook", "claude-code", "--budget", "x"], ["hook", "cursor", "--nope"]])
def test_the_narrowed_parser_refuses_as_the_whole_one(words, capsys):
    messages = []
    for parser in (build_parser("hook", words[1:]), build_parser()):
        with pytest.raises(SystemExit):
            parser.parse_args(words)
        messages.append(capsys.readouterr().err)
    assert messages[0] == messages[1] and "error:" in messages[0]
