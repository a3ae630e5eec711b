"""Shared helper for the per-ecosystem registry tests: one lookup through the real lookup stage."""

from __future__ import annotations

from depguard.ecosystems import catalog
from depguard.lookup import resolve
from tests.cassettes import vcr_for


def ask(eco: str, name: str, settings, cassette: str | None = None, transport=None):
    key = catalog().key(eco, name)
    if cassette is None:
        return resolve([key], settings, transport=transport)[key]
    with vcr_for(eco).use_cassette(cassette):
        return resolve([key], settings)[key]
