"""``depguard text`` typed at a prompt reads standard input: it says so (and how to end the input) instead of
waiting without a word; piped input gets no such line."""

from __future__ import annotations

import io
import sys

import pytest

from depguard.cli_commands.text import read_input


class _Terminal(io.TextIOWrapper):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_text_from_a_terminal_says_it_reads_standard_input(terminal, monkeypatch, capsys):
    kind = _Terminal if terminal else io.TextIOWrapper
    monkeypatch.setattr(sys, "stdin", kind(io.BytesIO(b"pip install requests\n"), encoding="utf-8"))
    assert read_input("-") == ("<stdin>", "pip install requests\n")
    err = capsys.readouterr().err
    assert ("reading the answer from standard input" in err and "Ctrl-D" in err) == terminal
