"""PHP: ``composer require`` (also ``global require``) and ``composer create-project``, ecosystem
``composer`` (Packagist).

A package word is ``vendor/name`` with an optional constraint after ``:``, ``=``, a space inside the word or
``@`` (``vendor/pkg:^1.2``, ``"vendor/pkg ^1.2"``, ``vendor/pkg@dev``). Platform packages (``php``,
``ext-json``, ``lib-icu``) have no vendor and are not on Packagist.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, folder_option, grammar, plain, project
from ...commands.shell import Word

PACKAGE = lazyre.compile(r"^[a-z0-9]([_.-]?[a-z0-9]+)*/[a-z0-9](([_.]|-{1,2})?[a-z0-9]+)*$", re.I)
SPLIT = lazyre.compile(r"[:= @]")
COMPOSER = Options(with_value=frozenset({
    "-d", "--working-dir", "--repository", "--repository-url", "--stability", "-s", "--add-repository",
    "--prefer-install", "--sort-packages-option",
}))


def composer_target(word: Word, runs: bool = False) -> Target | None:
    if not plain(word):
        return None
    m = SPLIT.search(word.text)
    name, spec = (word.text[: m.start()], word.text[m.end():].strip() or None) if m else (word.text, None)
    if not PACKAGE.match(name):
        return None
    return Target("composer", word, name.lower(), spec=spec, runs=runs)


@grammar("composer", "composer.phar")
def composer(args: list[Word]) -> Iterator[Item]:
    sub, rest = COMPOSER.subcommand(args)
    if sub is not None and sub.text == "global":
        sub, rest = COMPOSER.subcommand(rest)
    if sub is None:
        return
    if sub.text in ("install", "i", "update", "u", "upgrade") and not COMPOSER.positionals(rest):
        yield project("composer", "composer", sub, ("composer.json", "composer.lock"),
                      folder_option(COMPOSER, args, "-d", "--working-dir"))
        return
    if sub.text in ("require", "req", "r", "update", "u", "upgrade"):
        yield from COMPOSER.targets(rest, composer_target)
    elif sub.text == "create-project":
        pos = COMPOSER.positionals(rest)
        if pos:
            t = composer_target(pos[0])
            if t:
                if len(pos) >= 3 and t.spec is None and plain(pos[2]):
                    t = Target(t.ecosystem, t.word, t.name, spec=pos[2].text)
                yield t
