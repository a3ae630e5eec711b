"""Shared helpers for the per-ecosystem parser tests: parse a fixture file with the formats that claim it, or
with one named format."""

from __future__ import annotations

from pathlib import Path

from depguard.errors import ParseError
from depguard.model import Mention, Problem
from depguard.parsers import Source, formats_for, get_format

HERE = Path(__file__).resolve().parent


def parse_fixture(path: Path, fmt: str, shown: str | None = None) -> tuple[list[Mention], list[Problem], ParseError | None]:
    """Mentions, problems and the ParseError (if any) of ``fmt`` for the fixture at ``path``."""
    source = Source(shown or path.name, path.read_text(encoding="utf-8"), fs_path=path, root=path.parent)
    try:
        found = list(get_format(fmt).parse(source))
    except ParseError as exc:
        return [], source.problems, exc
    return found, source.problems, None


def names_and_lines(found: list[Mention]) -> list[tuple[str, int]]:
    return [(m.key.name, m.location.line) for m in found]


ERROR = "parse error"


def case_ids(cases: list[tuple]) -> list[str]:
    return [f"{fmt}:{fixture}" for fmt, fixture, _ in cases]


def check_case(test_file: str, fmt: str, fixture: str, expected) -> None:
    """Parse ``fixtures/<fixture>`` next to ``test_file`` with ``fmt``: a ParseError when ``expected`` is
    ERROR, else exactly the ``expected`` (name, line) pairs and no problems."""
    found, problems, error = parse_fixture(Path(test_file).parent / "fixtures" / fixture, fmt)
    if expected == ERROR:
        assert error is not None
        return
    assert error is None, error
    assert names_and_lines(found) == expected
    assert not problems


def fixture(eco: str, name: str) -> str:
    return (HERE / eco / "fixtures" / name).read_text(encoding="utf-8")


def parse(fmt: str, text: str, path: str | None = None) -> tuple[list[Mention], list[Problem]]:
    f = get_format(fmt)
    source = Source(path=path or f.patterns[0], text=text)
    return list(f.parse(source)), source.problems


def found(mentions: list[Mention]) -> list[tuple[str, int]]:
    """(normalised name, line) of each mention, in order."""
    return [(m.key.name, m.location.line) for m in mentions]


def format_names(path: str) -> set[str]:
    return {f.name for f in formats_for(path)}
