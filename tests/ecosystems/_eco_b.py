"""Helpers for the ecosystem tests: run one file format's parser on a fixture, ask one registry."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Mention, Problem
from depguard.parsers import Source, formats_for, get_format

from ._registry import ask  # noqa: F401 - one lookup helper for every ecosystem's tests

HERE = Path(__file__).resolve().parent


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

