"""Homebrew: ``brew install|reinstall|upgrade [--cask|--formula] NAME…``, ecosystem ``homebrew``.

Casks are emitted under their plain token with the note ``cask`` (the registry looks a name up as a formula,
then as a cask, so ``firefox`` and ``--cask firefox`` are the same lookup); ``homebrew/cask/x`` and
``homebrew/core/x`` are the official taps written out. A name in any other tap (``user/tap/name``) is not in
Homebrew's own catalogue and is not looked up. ``python@3.12`` is a formula name, not a version.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Options, Target, grammar, plain
from ...commands.shell import Word

FORMULA = lazyre.compile(r"^[a-z0-9][a-z0-9@+._-]*$")
BREW = Options(with_value=frozenset({"--appdir", "--fontdir", "--language", "--env", "--cc", "--bottle-arch"}))


@grammar("brew")
def brew(args: list[Word]) -> Iterator[Target]:
    sub, rest = BREW.subcommand(args)
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
        yield Target("homebrew", w, text.lower(), note="cask" if is_cask else None, column_shift=shift)
