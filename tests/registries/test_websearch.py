"""The web-search fallback on cassettes: off by default, two independent results move missing to unknown,
one result (or results for other pages) change nothing, search trouble changes nothing, never ok."""

from __future__ import annotations

import asyncio

from depguard.ecosystems import catalog
from depguard.model import Existence, RegistryAnswer
from depguard.registries import Context
from depguard.registries.websearch import SearchSettings, confirm_missing, independent_hits
from tests.cassettes import vcr_for
from tests.conftest import CASSETTE_DAY

SEARCH = SearchSettings(url="https://search.example/search")


def _answer(existence=Existence.MISSING, name="tokio-utilz"):
    eco = catalog().get("cargo")
    return RegistryAnswer(key=eco.key(name), existence=existence, source="crates.io", reason="HTTP 404 from crates.io"), eco


def _run(answer, eco, settings, search=SEARCH):
    from depguard.http import make_client

    async def go():
        async with make_client(settings.http) as client:
            return await confirm_missing(answer, eco, Context(client, settings.http, CASSETTE_DAY), search)

    return asyncio.run(go())


def test_off_by_default_asks_nothing(settings):
    answer, eco = _answer()
    from depguard.config import Settings, from_environment

    assert from_environment(Settings(), {}).web_search_url is None
    assert _run(answer, eco, settings, SearchSettings()) is answer


def test_url_comes_from_the_environment_through_the_settings():
    from depguard.config import Settings, from_environment

    url = from_environment(Settings(), {"DEPGUARD_WEBSEARCH_URL": " https://s.example/search "}).web_search_url
    assert url == "https://s.example/search"


def test_two_independent_results_make_missing_unknown_never_ok(settings):
    answer, eco = _answer()
    with vcr_for("websearch").use_cassette("test_two_independent.yaml"):
        got = _run(answer, eco, settings)
    assert got.existence is Existence.UNKNOWN
    assert got.reason.startswith("found only by web search")
    assert "web-search" in got.markers


def test_one_result_leaves_missing(settings):
    answer, eco = _answer()
    with vcr_for("websearch").use_cassette("test_one_result.yaml"):
        got = _run(answer, eco, settings)
    assert got is answer


def test_search_trouble_leaves_the_registry_answer(settings):
    answer, eco = _answer()
    with vcr_for("websearch").use_cassette("test_search_error.yaml"):
        got = _run(answer, eco, settings)
    assert got is answer


def test_existing_answers_are_not_searched(settings):
    answer, eco = _answer(Existence.EXISTS)
    assert _run(answer, eco, settings) is answer  # no cassette: a request would fail the test


def test_only_the_registry_page_for_exactly_this_name_counts():
    eco = catalog().get("maven")
    doc = {"results": [
        {"url": "https://central.sonatype.com/artifact/com.acme/widget", "engines": ["bing"]},
        {"url": "https://central.sonatype.com/artifact/com.acme/widget/", "engines": ["google"]},
        {"url": "https://central.sonatype.com/artifact/com.acme/widget-extra", "engines": ["brave"]},
        {"url": "https://mvnrepository.com/artifact/com.acme/widget", "engines": ["qwant"]},
        {"url": "https://central.sonatype.com.evil.example/artifact/com.acme/widget", "engines": ["mojeek"]},
    ]}
    assert independent_hits(doc, eco, "com.acme:widget") == {"engine:bing", "engine:google"}


def test_the_lookup_stage_consults_search_only_when_configured(settings):
    import httpx

    from depguard.lookup import resolve

    asked = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.host)
        if request.url.host == "search.example":
            return httpx.Response(200, json={"results": [
                {"url": "https://crates.io/crates/tokio-utilz", "engines": ["bing"]},
                {"url": "https://crates.io/crates/tokio-utilz", "engines": ["google"]}]})
        return httpx.Response(404, json={"errors": [{"detail": "Not Found"}]})

    key = catalog().key("cargo", "tokio-utilz")
    plain = resolve([key], settings, transport=httpx.MockTransport(handler))[key]
    assert plain.existence is Existence.MISSING and asked == ["crates.io"]
    asked.clear()
    searched = resolve([key], settings.with_(web_search_url="https://search.example/search"),
                       transport=httpx.MockTransport(handler))[key]
    assert searched.existence is Existence.UNKNOWN and "found only by web search" in searched.reason
    assert asked == ["crates.io", "search.example"]
