"""Shared helpers for the npm parser tests: parse a fixture under its real file name."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.model import Mention, Problem
from depguard.parsers import Hints, Source, formats_for

FIXTURES = Path(__file__).parent / "fixtures"


class Parsed:
    def __init__(self, mentions: list[Mention], problems: list[Problem]) -> None:
        self.mentions = mentions
        self.problems = problems

    @property
    def names_lines(self) -> list[tuple[str, int | None]]:
        return [(m.key.name, m.location.line) for m in self.mentions]


def parse_as(real_name: str, text: str, hints: Hints | None = None, fs_path: Path | None = None,
             root: Path | None = None) -> Parsed:
    """Parse ``text`` with every format that owns ``real_name`` (exactly one for the npm files; an import reader of the
    same file, such as package.json's ``package-json-test-preloads``, has its own tests)."""
    formats = [f for f in formats_for(real_name) if f.ecosystem == "npm" and f.kind != "source"]
    assert len(formats) == 1, f"{real_name}: {[f.name for f in formats]}"
    source = Source(path=real_name, text=text, hints=hints or Hints(), fs_path=fs_path, root=root)
    mentions = list(formats[0].parse(source))
    return Parsed(mentions, source.problems)


@pytest.fixture
def parse_fixture():
    def run(real_name: str, fixture: str, **kwargs) -> Parsed:
        return parse_as(real_name, (FIXTURES / fixture).read_text(encoding="utf-8"), **kwargs)

    return run
