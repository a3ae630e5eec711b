"""Elixir: ``mix archive.install hex NAME [VERSION]``, ``mix escript.install hex NAME [VERSION]`` and
``mix igniter.install NAME[@VERSION]``, ecosystem ``hex``. ``github``/``git``/path sources are not Hex.
Gleam: ``gleam add [--dev] NAME[@VERSION] ...`` (hex.pm packages; ``gleam deps download`` and ``gleam update``
install what ``gleam.toml`` and ``manifest.toml`` name)."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain, project
from ...commands.shell import Word

HEX_NAME = lazyre.compile(r"^[a-z][a-z0-9_]*$")
GLEAM = Options(with_value=frozenset())
MIX = Options(with_value=frozenset({"--sha512", "--organization", "--repo", "--only", "--app"}))


@grammar("mix")
def mix(args: list[Word]) -> Iterator[Item]:
    sub, rest = MIX.subcommand(args)
    if sub is None:
        return
    if sub.text in ("deps.get", "deps.update", "setup"):
        yield project("hex", "mix", sub, ("mix.exs", "mix.lock"))
        return
    pos = MIX.positionals(rest)
    if sub.text in ("archive.install", "escript.install"):
        if len(pos) >= 2 and pos[0].text == "hex" and plain(pos[1]) and HEX_NAME.match(pos[1].text):
            spec = pos[2].text if len(pos) >= 3 and plain(pos[2]) else None
            yield Target("hex", pos[1], pos[1].text, spec=spec)
    elif sub.text == "igniter.install":
        yield from _packages_at_versions(pos)


def _packages_at_versions(words: list[Word]) -> Iterator[Item]:
    """The Hex packages of ``NAME[@VERSION]`` words (``mix igniter.install``, ``gleam add``)."""
    for w in words:
        name, _, version = w.text.partition("@")
        if plain(w) and HEX_NAME.match(name):
            yield Target("hex", w, name, spec=version or None)


@grammar("gleam")
def gleam(args: list[Word]) -> Iterator[Item]:
    sub, rest = GLEAM.subcommand(args)
    if sub is None:
        return
    if sub.text == "add":
        yield from _packages_at_versions(GLEAM.positionals(rest))
        return
    if sub.text == "update" or (sub.text == "deps" and any(w.text == "download" for w in GLEAM.positionals(rest)[:1])):
        yield project("hex", "gleam", sub, ("gleam.toml", "manifest.toml"))
