"""Commands that run other commands given as one string: ``bash -c '…'``, ``sh -c``, ``su -c``, ``cmd /c``,
``powershell -Command``. The string is read as a script of its own, with positions in the outer text."""

from __future__ import annotations

from collections.abc import Iterator

from . import Item, Options, Target, Unresolved, grammar, plain, script_in_word, targets_of_command
from .shell import SHELLS, Word


@grammar(*sorted(SHELLS))
def shell(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if not w.text.startswith("-"):
            return  # a script file: not read here
        if (w.text == "-c" or (w.text.startswith("-") and not w.text.startswith("--") and w.text.endswith("c"))) and i + 1 < len(args):
            yield from script_in_word(args[i + 1])
            return


@grammar("su", "runuser")
def su(args: list[Word]) -> Iterator[Target]:
    """``su [-] USER -c '…'``, ``runuser -l USER -c '…'``, ``runuser -u USER [--] COMMAND…``."""
    for i, w in enumerate(args):
        if w.text in ("-c", "--command") and i + 1 < len(args):
            yield from script_in_word(args[i + 1])
            return
        if w.text.startswith("--command="):
            yield from script_in_word(Word(w.text[10:], w.line, w.column + 10, w.quoted, w.text[10:]))
            return
    texts = [w.text for w in args]
    if "-u" in texts or "--user" in texts:  # runuser -u USER [--] COMMAND
        i = 0
        while i < len(args) and args[i].text.startswith("-") and args[i].text != "--":
            i += 2 if args[i].text in ("-u", "--user", "-g", "--group", "-G", "--supp-group") else 1
        i += 1 if i < len(args) and args[i].text == "--" else 0
        if i < len(args):
            yield from targets_of_command(args[i:])


@grammar("sbatch")
def sbatch(args: list[Word]) -> Iterator[Target]:
    """SLURM's ``sbatch --wrap="…"``: the job script is that string, run by ``sh`` (sbatch(1)); ``sbatch job.sh``
    submits a script file, which is read where it is."""
    for i, w in enumerate(args):
        if w.text == "--wrap" and i + 1 < len(args):
            yield from script_in_word(args[i + 1])
            return
        if w.text.startswith("--wrap="):
            yield from script_in_word(Word(w.text[7:], w.line, w.column + 7, w.quoted, w.text[7:]))
            return


@grammar("nix-shell", "nix", "script", "vagrant", "flatpak-spawn", "distrobox-enter", "toolbox")
def command_option(args: list[Word]) -> Iterator[Target]:
    """Tools that run a command given by an option: ``nix-shell --run '…'``, ``nix develop -c CMD…``,
    ``script -c '…'``, ``vagrant ssh -c '…'``, ``distrobox-enter box -- CMD…``."""
    for i, w in enumerate(args):
        cluster = len(w.text) > 2 and w.text[0] == "-" and w.text[1] != "-" and w.text.endswith("c") and w.text[1:].isalpha()
        if (w.text in ("--run", "--command", "-c") or cluster) and i + 1 < len(args):
            rest = args[i + 1:]
            if len(rest) == 1 or rest[0].quoted:
                yield from script_in_word(rest[0])
            else:
                yield from targets_of_command(rest)
            return
        if w.text == "--" and i + 1 < len(args):
            yield from targets_of_command(args[i + 1:])
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
def powershell(args: list[Word]) -> Iterator[Item]:
    for i, w in enumerate(args):
        if w.text.lower() in ("-encodedcommand", "-enc", "-e", "-ec") and i + 1 < len(args):
            yield from _encoded(args[i + 1])
            return
        if w.text.lower() in ("-c", "-command") and i + 1 < len(args):
            rest = args[i + 1:]
            if len(rest) == 1:
                yield from script_in_word(rest[0])
            else:
                yield from targets_of_command(rest)
            return


def _encoded(word: Word) -> Iterator[Item]:
    """``powershell -EncodedCommand B64``: base64 of UTF-16LE text, decoded (never run) and read as a script."""
    import base64
    import binascii

    try:
        text = base64.b64decode(word.text, validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        yield Unresolved("substitution", "powershell runs an encoded command that does not decode", word, tool="powershell")
        return
    yield from script_in_word(Word(text, word.line, word.column, False, text))


MISE = Options(with_value=frozenset({"-e", "--env", "-p", "--path", "-j", "--jobs", "--remove", "-C", "--cd",
                                     "-c", "--command", "-E"}))


@grammar("mise", "rtx")
def mise(args: list[Word]) -> Iterator[Target]:
    """``mise use [-g] npm:prettier@3 pipx:httpie``, ``mise install cargo:eza``, ``mise exec npm:cowsay -- cowsay``:
    a tool named with a registry's backend is that registry's package (depguard/parsers/mise.py); a tool of mise's
    own registry (``node@20``, ``python``) is not read. The command after ``mise exec``'s ``--`` is the runner's."""
    from ..parsers.mise import backend_tool

    sub, rest = MISE.subcommand(args)
    if sub is None or sub.text not in ("use", "u", "install", "i", "exec", "x"):
        return
    dashes = next((i for i, w in enumerate(rest) if w.text == "--"), len(rest))
    for kind, w, _ in MISE.walk(rest[:dashes]):  # after `--`: the command mise exec runs, read as the runner's
        if kind != "pos" or not plain(w) or "$" in w.raw or "`" in w.raw:
            continue  # "npm:$TOOL": a name the line does not tell
        text, at, version = w.text.rpartition("@") if "@" in w.text[w.text.find(":") + 2:] else (w.text, "", "")
        tool = backend_tool(text)
        if tool is not None:
            yield Target(tool[0], w, tool[1], spec=version or None, column_shift=tool[2])
