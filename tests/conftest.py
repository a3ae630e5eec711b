"""Strict test settings: a clean environment, a private cache, and no network unless a cassette replays it."""

from __future__ import annotations

import ipaddress
import os
import socket
from datetime import datetime, timezone
from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.http import HttpSettings

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
# the cassettes were recorded (or written after answers recorded) on this day; age checks freeze time here
CASSETTE_DAY = datetime(2026, 12, 2, 12, 0, tzinfo=timezone.utc)


def pytest_collection_modifyitems(config, items):
    if os.environ.get("DEPGUARD_LIVE") == "1":
        return
    skip = pytest.mark.skip(reason="live registry test: set DEPGUARD_LIVE=1 to run")
    for item in items:
        if "live" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch, tmp_path_factory):
    for var in list(os.environ):
        if var.startswith(("DEPGUARD_", "GITHUB_")) or var in ("CI", "NO_COLOR", "FORCE_COLOR"):
            monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(tmp_path_factory.mktemp("data")))  # refreshed popular lists
    monkeypatch.setenv("DEPGUARD_USER_CONFIG", str(tmp_path_factory.mktemp("user") / "config.toml"))  # none


_real_connect = socket.socket.connect


def _guarded_connect(self, address):
    host = address[0] if isinstance(address, tuple) else None
    if host is not None:
        try:
            if not ipaddress.ip_address(host).is_loopback:
                raise OSError(f"network blocked in tests: {address}")
        except ValueError:
            if host != "localhost":
                raise OSError(f"network blocked in tests: {address}") from None
    return _real_connect(self, address)


@pytest.fixture(autouse=True)
def block_network(request, monkeypatch):
    if "live" in request.keywords:
        return
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    real_getaddrinfo = socket.getaddrinfo

    def guarded_getaddrinfo(host, *args, **kwargs):
        if host not in (None, "localhost", "127.0.0.1", "::1") and not str(host).startswith("127."):
            raise socket.gaierror(f"DNS blocked in tests: {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)


@pytest.fixture
def settings() -> Settings:
    """Settings for tests: no cache, quick retries, the clock frozen at the cassettes' day."""
    return Settings(use_cache=False, now=CASSETTE_DAY,
                    http=HttpSettings(timeout=2.0, deadline=5.0, retries=2, backoff=0.01, max_retry_after=1.0))


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not present")
    return SHARED
