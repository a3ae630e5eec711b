"""Commands that run other commands given as one string: ``bash -c '…'``, ``sh -c``, ``su -c``, ``cmd /c``,
``powershell -Command``. The string is read as a script of its own, with positions in the outer text."""

from __future__ import annotations

from collections.abc import Iterator

from . import Target, grammar, script_in_word, targets_of_command
from .shell import SHELLS, Word


@grammar(*sorted(SHELLS))
def shell(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if not w.text.startswith("-"):
            return  # a script file: not read here
        if (w.text == "-c" or (w.text.startswith("-") and not w.text.startswith("--") and w.text.endswith("c"))) and i + 1 < len(args):
            yield from script_in_word(args[i + 1])
            return


@grammar("su")
def su(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if w.text in ("-c", "--command") and i + 1 < len(args):
            yield from script_in_word(args[i + 1])
            return


@grammar("cmd")
def cmd(args: list[Word]) -> Iterator[Target]:
    """``cmd /c pip install x``: the rest of the line is the command."""
    for i, w in enumerate(args):
        if w.text.lower() in ("/c", "/k"):
            rest = args[i + 1:]
            if len(rest) == 1 and rest[0].quoted:
                yield from script_in_word(rest[0])
            else:
                yield from targets_of_command(rest)
            return


@grammar("powershell", "pwsh")
def powershell(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if w.text.lower() in ("-c", "-command") and i + 1 < len(args):
            rest = args[i + 1:]
            if len(rest) == 1:
                yield from script_in_word(rest[0])
            else:
                yield from targets_of_command(rest)
            return
