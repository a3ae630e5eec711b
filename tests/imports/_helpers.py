"""Shared by the import tests: run a registered format over a fixture file."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Hints, Source, get_format

FIXTURES = Path(__file__).with_name("fixtures")


def parse_fixture(fmt: str, rel: str, hints: Hints | None = None) -> tuple[list, Source]:
    path = FIXTURES / rel
    source = Source(path=rel, text=path.read_text(encoding="utf-8"), fs_path=path, root=path.parent,
                    hints=hints or Hints())
    return list(get_format(fmt).parse(source)), source


def triples(mentions) -> list[tuple[str, int, int]]:
    """(normalised name, line, column) of each mention."""
    return [(m.key.name, m.location.line, m.location.column) for m in mentions]
