from __future__ import annotations

import pytest

from .fake_registry import FakeRegistry

KNOWN = ("requests", "flask", "lodash", "left-pad", "@types/node")


@pytest.fixture
def registry(monkeypatch):
    """A loopback PyPI + npm registry knowing KNOWN; depguard (in process and in child processes) uses it."""
    with FakeRegistry(KNOWN) as reg:
        monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", reg.url)
        monkeypatch.setenv("DEPGUARD_REGISTRY_NPM", reg.url)
        monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
        monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
        yield reg


@pytest.fixture
def settings(settings, request):
    """The root settings, pointed at the fake registry when the test uses it (registry addresses reach a
    run through its settings: depguard.config reads DEPGUARD_REGISTRY_* for the CLI and the hooks)."""
    if "registry" in request.fixturenames:
        reg = request.getfixturevalue("registry")
        return settings.with_(registries={**settings.registries, "pypi": reg.url, "npm": reg.url})
    return settings
