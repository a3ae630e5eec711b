"""Homebrew: ``brew install|reinstall|upgrade [--cask|--formula] NAME…``, ecosystem ``homebrew``.

Casks are emitted under their plain token with the note ``cask`` (the registry looks a name up as a formula,
then as a cask, so ``firefox`` and ``--cask firefox`` are the same lookup); ``homebrew/cask/x`` and
``homebrew/core/x`` are the official taps written out. A name in any other tap (``user/tap/name``) is not in
Homebrew's own catalogue and is not looked up. ``python@3.12`` is a formula name, not a version.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, manifest_file, plain, project
from ...commands.shell import Word

FORMULA = lazyre.compile(r"^[a-z0-9][a-z0-9@+._-]*$")
BREW = Options(with_value=frozenset({"--appdir", "--fontdir", "--language", "--env", "--cc", "--bottle-arch",
                                     "--file"}))
STDIN = ("-", "/dev/stdin")


@grammar("brew")
def brew(args: list[Word]) -> Iterator[Item]:
    sub, rest = BREW.subcommand(args)
    if sub is not None and sub.text == "bundle":
        yield from bundle(sub, rest)
        return
    if sub is None or sub.text not in ("install", "reinstall", "upgrade", "fetch"):
        return
    walked = list(BREW.walk(rest))
    cask = any(kind == "opt" and w.text in ("--cask", "--casks") for kind, w, _ in walked)
    for kind, w, _ in walked:
        if kind != "pos" or not plain(w):
            continue
        text, shift, is_cask = w.text, 0, cask
        for tap, tap_cask in (("homebrew/cask/", True), ("homebrew/core/", False)):
            if text.lower().startswith(tap):
                text, shift, is_cask = text[len(tap):], len(tap), tap_cask
        if "/" in text or not FORMULA.match(text.lower()):
            continue
        if text.endswith("@0") and ("$" in w.raw or "`" in w.raw):
            # Home Assistant's developer docs: RUBY_FORMULA="ruby@$(cut -d . -f 1,2 .ruby-version)", then brew install
            # "$RUBY_FORMULA": an unknown version, which the shell model writes "0" after @, is part of a versioned
            # formula's name here, so the name is not known (a literal ruby@0, or a known python@$PY, is judged)
            continue
        yield Target("homebrew", w, text.lower(), note="cask" if is_cask else None, column_shift=shift)


def bundle(sub: Word, rest: list[Word]) -> Iterator[Item]:
    """``brew bundle [install]`` installs what the Brewfile lists: the project's ``Brewfile``, the file of
    ``--file F``, or the here-document given on standard input (``brew bundle --file=- <<EOF``, thoughtbot's
    laptop script), read line by line as a Brewfile. Its other subcommands (``check``, ``dump``, ``cleanup``,
    ``list``, ``exec``) install nothing."""
    verb = BREW.positionals(rest)[:1]
    if verb and verb[0].text not in ("install", "upgrade"):
        return
    files = BREW.values(rest, "--file")
    if not files:
        yield project("homebrew", "brew", sub, ("Brewfile",))
        return
    if files[-1].text not in STDIN:
        yield manifest_file("homebrew", "brew", files[-1])
        return
    from ...commands._analysis import here_document
    from ...parsers._util import code_part
    from .brewfile import LINE, homebrew_name

    given = here_document()
    if given is None:
        return
    text, first = given
    for i, raw in enumerate(text.splitlines()):
        m = LINE.match(code_part(raw))
        if not m:
            continue
        cask = m.group("kind") == "cask"
        written = m.group("name")
        name = homebrew_name(written, cask)
        if "/" in name.removeprefix("homebrew/cask/"):
            continue  # a formula of a third-party tap: not in Homebrew's own catalogue
        yield Target("homebrew", Word(written, first + i, m.start("name") + 1, True, written), name.removeprefix(
            "homebrew/cask/"), note="cask" if cask else None)
