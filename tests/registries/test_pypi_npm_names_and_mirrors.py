"""PyPI and npm: names that could change a request's path are invalid, and a mirror set in the environment is
the address asked. (Their recorded answers are rows of tests/ecosystems/test_registries_on_recorded_answers.py.)"""

from __future__ import annotations

import os

import pytest

from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence


@pytest.mark.parametrize("name", ["../../etc/passwd", "a/b", "x?y=1", "foo#bar", "%2e%2e", "foo bar", ""])
def test_names_that_could_change_the_path_are_invalid_for_pypi(name):
    rule = catalog().get("pypi").name_rule
    assert rule.invalid_reason(rule.normalise(name)) is not None


@pytest.mark.parametrize("name", ["@scope/../x", "a/b", "x?y", "foo#bar", "%2e", "@a/b/c", ".hidden", "_under"])
def test_names_that_could_change_the_path_are_invalid_for_npm(name):
    rule = catalog().get("npm").name_rule
    assert rule.invalid_reason(name) is not None


def test_registry_base_url_from_environment(settings, monkeypatch):
    import httpx

    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(404, json={"message": "Not Found"})

    from depguard.config import from_environment

    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", "https://mirror.example/base/")
    key = catalog().key("pypi", "Some_Thing")
    a = resolve([key], from_environment(settings, os.environ), transport=httpx.MockTransport(handler))[key]
    assert seen == ["https://mirror.example/base/pypi/some-thing/json"]
    assert a.existence is Existence.MISSING
