from __future__ import annotations

from pathlib import Path

import pytest

from .fake_registry import FakeRegistry

KNOWN = ("requests", "flask", "lodash", "left-pad", "@types/node")

# modules built around depguard, its resident server, pre-commit or an MCP client running as processes of their
# own (1-3 s a test; 160 s of the suite's time on a busy 2-core machine): marked slow, so the quick subset
# (python -m pytest -m "not slow") leaves them out. tests/test_quick_subset.py checks every name is a module.
PROCESS_MODULES = ("test_agent_hooks", "test_agent_guard", "test_serve", "test_mcp", "test_annotate_cli",
                   "test_pre_commit_change")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if item.path.parent == here and item.path.stem in PROCESS_MODULES:
            item.add_marker(pytest.mark.slow)


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
