"""GitHub's API with a token: GITHUB_TOKEN / GH_TOKEN is sent to api.github.com only, never shown or cached."""

from __future__ import annotations

from dataclasses import replace

import httpx

from depguard.config import Settings, from_environment
from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence

TOKEN = "ghp_exampleexampleexampleexample0001"


def _with_token(settings: Settings, token: str = TOKEN) -> Settings:
    return settings.with_(http=replace(settings.http, github_token=token))


def _recording(seen: list[tuple[str, str | None]]):
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append((request.url.host, request.headers.get("authorization")))
        return httpx.Response(200, json={"full_name": "actions/checkout", "created_at": "2019-08-01T00:00:00Z",
                                         "pushed_at": "2026-11-01T00:00:00Z"})
    return handler


def test_token_is_read_from_github_token_or_gh_token():
    assert from_environment(Settings(), {"GITHUB_TOKEN": f" {TOKEN}\n"}).http.github_token == TOKEN
    assert from_environment(Settings(), {"GH_TOKEN": TOKEN}).http.github_token == TOKEN
    assert from_environment(Settings(), {"GITHUB_TOKEN": "  "}).http.github_token is None


def test_token_never_appears_in_the_settings_repr():
    settings = from_environment(Settings(), {"GITHUB_TOKEN": TOKEN})
    assert TOKEN not in repr(settings) and TOKEN not in str(settings.http)


def test_token_is_sent_to_githubs_api_as_a_bearer_credential(settings):
    seen: list[tuple[str, str | None]] = []
    key = catalog().key("github-actions", "actions/checkout")
    answer = resolve([key], _with_token(settings), transport=httpx.MockTransport(_recording(seen)))[key]
    assert answer.existence is Existence.EXISTS
    assert seen == [("api.github.com", f"Bearer {TOKEN}")]


def test_token_is_never_sent_to_another_host(settings):
    seen: list[tuple[str, str | None]] = []
    moved = _with_token(settings).with_(registries={"github-actions": "http://127.0.0.1:9"})  # a stand-in
    key = catalog().key("github-actions", "actions/checkout")
    resolve([key], moved, transport=httpx.MockTransport(_recording(seen)))
    pypi = catalog().key("pypi", "requests")
    resolve([pypi], _with_token(settings), transport=httpx.MockTransport(_recording(seen)))
    assert seen and all(auth is None for _, auth in seen)


def test_answers_asked_with_a_token_are_cached_apart_and_the_token_is_not_stored(settings, tmp_path):
    from depguard.cache import AnswerCache

    plain = AnswerCache(tmp_path).registry_of("github-actions")
    with_token = AnswerCache(tmp_path, github_token=TOKEN)
    assert with_token.registry_of("github-actions") != plain
    assert TOKEN not in with_token.registry_of("github-actions")
    assert AnswerCache(tmp_path).registry_of("pypi") == with_token.registry_of("pypi")
    seen: list[tuple[str, str | None]] = []
    key = catalog().key("github-actions", "actions/checkout")
    cached = _with_token(settings).with_(use_cache=True, cache_dir=tmp_path)
    resolve([key], cached, transport=httpx.MockTransport(_recording(seen)))
    for f in tmp_path.rglob("*"):
        if f.is_file():
            assert TOKEN.encode() not in f.read_bytes(), f
