"""Shared helpers for the per-ecosystem registry tests: one lookup through the real lookup stage, and the rows
of recorded answers an ecosystem's own test folder declares.

An ecosystem's folder ``tests/ecosystems/<id>/`` may hold ``recorded.py`` with ``CASES``: a list of
:class:`Case` rows (its recorded "exists" and "missing" answers at least). The one table in
``test_registries_on_recorded_answers.py`` runs them with its own rows, and its first recorded "exists" name is
the name the catalog-wide failure tests ask (:func:`sample_names`), so a new ecosystem needs no edit to them.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from typing import Any, NamedTuple

from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence
from tests.cassettes import vcr_for

HERE = Path(__file__).resolve().parent


class Case(NamedTuple):
    id: str
    eco: str
    name: str
    cassette: str | None  # None: the name must not be sent anywhere (no cassette, so a request fails the test)
    expect: dict[str, Any]


def ask(eco: str, name: str, settings, cassette: str | None = None, transport=None):
    key = catalog().key(eco, name)
    if cassette is None:
        return resolve([key], settings, transport=transport)[key]
    with vcr_for(eco).use_cassette(cassette):
        return resolve([key], settings)[key]


@functools.cache
def own_cases() -> tuple[Case, ...]:
    """The rows every ``tests/ecosystems/<id>/recorded.py`` declares, in folder order."""
    rows: list[Case] = []
    for path in sorted(HERE.glob("*/recorded.py")):
        spec = importlib.util.spec_from_file_location(f"tests.ecosystems._recorded_{path.parent.name}", path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        rows.extend(module.CASES)
    return tuple(rows)


def sample_names() -> dict[str, str]:
    """Ecosystem -> the name of its first recorded "exists" row in its own ``recorded.py``."""
    names: dict[str, str] = {}
    for case in own_cases():
        if case.cassette and case.expect.get("existence") is Existence.EXISTS:
            names.setdefault(case.eco, case.name)
    return names
