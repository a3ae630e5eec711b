"""Shared fixtures of the command-line tests."""

from __future__ import annotations

import pytest

CLOSED = "http://127.0.0.1:9"  # the discard port: nothing listens, so every name ends not-checked


@pytest.fixture()
def closed_registries(monkeypatch, tmp_path):
    """PyPI, npm and GitHub pointed at a closed loopback port, a fresh cache, the working folder ``tmp_path``."""
    for eco in ("PYPI", "NPM", "GITHUB_ACTIONS"):
        monkeypatch.setenv(f"DEPGUARD_REGISTRY_{eco}", CLOSED)
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path
