"""rebar3's ``rebar.lock``: ``{"1.2.0", [{<<"app">>, {pkg, <<"hex_name">>, <<"1.0.0">>}, Level}, ...]}.`` followed by
the hashes, or the older bare list of the same entries. Only ``pkg`` entries come from Hex; ``git``,
``git_subdir`` and other sources do not and are not asked.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from .erlang_terms import LIST, STRING, TUPLE, Term, consult
from .rebar_config import pkg_source

PARSER = "rebar.lock"


def _entries(forms: list[Term]) -> tuple[Term, ...]:
    if not forms:
        return ()
    first = forms[0]
    if first.kind == LIST:  # before rebar3 3.5: the entries alone
        return first.items()
    parts = first.items() if first.kind == TUPLE else ()
    if len(parts) == 2 and parts[0].kind == STRING and parts[1].kind == LIST:
        return parts[1].items()
    raise ParseError("not a rebar.lock: expected {\"Version\", [Entries]} or a list of entries", first.line, first.column)


@file_format("rebar.lock", ("rebar.lock",), ecosystem="hex", kind="lockfile",
             description="rebar3's rebar.lock: its pkg (Hex) entries")
def parse(source: Source) -> Iterator[Mention]:
    for entry in _entries(consult(source.text)):
        parts = entry.items() if entry.kind == TUPLE else ()
        if len(parts) < 2 or parts[0].text() is None:
            source.problem("a rebar.lock entry that is not {Name, Source, Level}", entry.line, entry.column)
            continue
        pkg = pkg_source(parts[1])
        if pkg is None:  # git, git_subdir, hg…: not from Hex
            continue
        app = parts[0].text() or ""
        name, version = pkg[0] or app, pkg[1]
        yield source.mention("hex", app, parts[0].line, parts[0].column, Origin.LOCKFILE, PARSER, spec=version,
                             name=name, note=None if name == app else f"alias of {name}")
