"""Every sub-command's --help fits an 80-column terminal (descriptions and epilogs are wrapped to the terminal
as argparse wraps option help), and the examples scan, check and text print are commands depguard accepts."""

from __future__ import annotations

import re
import shlex

import pytest

from depguard.cli import build_parser, command_names, main


def help_of(argv, monkeypatch, capsys, columns=80):
    monkeypatch.setenv("COLUMNS", str(columns))
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", ["", *command_names(), "hook pre-commit"])
def test_help_of_every_sub_command_fits_80_columns(command, monkeypatch, capsys):
    out = help_of(command.split(), monkeypatch, capsys)
    assert [line for line in out.splitlines() if len(line) > 80] == []


def test_help_keeps_indented_example_lines_as_written(monkeypatch, capsys):
    out = help_of(["completion"], monkeypatch, capsys, columns=60)
    assert '  bash:  eval "$(depguard completion bash)"      (e.g. in ~/.bashrc)' in out.splitlines()


@pytest.mark.parametrize("command", ["scan", "check", "text"])
def test_help_examples_are_commands_depguard_accepts(command, monkeypatch, capsys):
    out = help_of([command], monkeypatch, capsys)
    examples = out.split("examples:\n", 1)[1].splitlines()
    commands = [re.split(r"\s{2,}", line.strip())[0] for line in examples if line.strip().startswith("depguard ")]
    assert len(commands) >= 3
    parser = build_parser()
    for example in commands:
        args = parser.parse_args(shlex.split(example)[1:])
        assert args.command in ("scan", "check", "text", "guard"), example
