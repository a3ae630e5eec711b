"""Shared by the import tests: run a registered format over a fixture file."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Hints, Source, formats_for, get_format

FIXTURES = Path(__file__).with_name("fixtures")


def parse_fixture(fmt: str, rel: str, hints: Hints | None = None, root: str | None = None) -> tuple[list, Source]:
    """Run format ``fmt`` over fixture ``rel``; the scan root is ``root`` (a fixture folder) or the file's folder."""
    path = FIXTURES / rel
    source = Source(path=rel, text=path.read_text(encoding="utf-8"), fs_path=path,
                    root=FIXTURES / root if root else path.parent, hints=hints or Hints())
    return list(get_format(fmt).parse(source)), source


def triples(mentions) -> list[tuple[str, int, int]]:
    """(normalised name, line, column) of each mention."""
    return [(m.key.name, m.location.line, m.location.column) for m in mentions]


def quads(mentions) -> list[tuple[str, str, int, int]]:
    """(ecosystem, normalised name, line, column) of each mention."""
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in mentions]


def refs(module, text: str, *args) -> list[tuple[str, str, int, int]]:
    """(ecosystem, registry name, line, column) of an import module's ``import_refs(text, ...)``."""
    return [r.astuple() for r in module.import_refs(text, *args)]


def assert_registered(fmt: str, ecosystem: str, owns: tuple[str, ...], not_owned: str) -> None:
    for name in owns:
        assert fmt in [f.name for f in formats_for(name)], name
    assert (get_format(fmt).kind, get_format(fmt).ecosystem) == ("source", ecosystem)
    assert fmt not in [f.name for f in formats_for(not_owned)]


def only_text_mention(text: str):
    """The one mention found in LLM text (a Markdown answer)."""
    from depguard.scan import collect_text

    [m] = collect_text(text, path="answer.md").mentions
    return m
