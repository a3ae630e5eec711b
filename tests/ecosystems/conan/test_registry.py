"""ConanCenter through the real lookup stage: the search answer of Conan's v2 remote API.

The cassettes in cassettes/conan/ and the MockTransport answers here are hand-written in the documented shape
(conan-io/conan ``conans/server/rest/controller/v2/search.py``: ``{"results": [references]}``; Artifactory's
``@_/_`` for "no user/channel"), not recorded: this machine cannot reach conan.io (see the cassettes' header). The
recorded "exists" and "missing" rows are in recorded.py, run by the one table of recorded answers."""

from __future__ import annotations

import json

import httpx
import pytest

from depguard.model import Existence
from tests.ecosystems._registry import ask

EXISTS, MISSING, UNKNOWN = Existence.EXISTS, Existence.MISSING, Existence.UNKNOWN
SEARCH = "https://center2.conan.io/v2/conans/search?q={}%2F%2A&ignorecase=False"


def answering(status: int, body: object, content_type: str = "application/json"):
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        return httpx.Response(status, content=content, headers={"Content-Type": content_type})

    return httpx.MockTransport(handler), seen


def test_a_404_is_missing(settings):
    transport, _ = answering(404, {"errors": [{"status": 404, "message": "Not Found"}]})
    assert ask("conan", "zlibb", settings, transport=transport).existence is MISSING


def test_references_without_the_artifactory_suffix_count_too(settings):
    transport, _ = answering(200, {"results": ["fmt/10.2.1", "fmt/11.0.2", "fmt/11.0.2#rev"]})
    a = ask("conan", "fmt", settings, transport=transport)
    assert a.existence is EXISTS and a.version_count == 2


@pytest.mark.parametrize(("body", "why"), [
    ({"results": ["zlib-ng/2.2.2@_/_"]}, "name no recipe 'zlib'"),  # another recipe only: not an answer about zlib
    ({"results": ["zlib/1.3@mycorp/stable"]}, "name no recipe 'zlib'"),  # only another user's recipe
    ({}, "no list of results"),
    ({"results": "zlib/1.3"}, "no list of results"),
    ([], "no list of results"),
])
def test_an_answer_that_does_not_describe_the_recipe_is_unknown(settings, body, why):
    transport, _ = answering(200, body)
    a = ask("conan", "zlib", settings, transport=transport)
    assert a.existence is UNKNOWN
    assert why in a.reason


def test_the_name_is_sent_quoted_inside_the_query(settings):
    transport, seen = answering(200, {"results": ["c++-utils/1.0"]})
    a = ask("conan", "c++-utils", settings, transport=transport)
    assert a.existence is EXISTS
    assert seen == [SEARCH.format("c%2B%2B-utils")]


@pytest.mark.parametrize("name", ["Zlib", "zlib/1.3", "z", "zl*b", "-zlib", "zlib&q=x"])
def test_names_conan_refuses_are_invalid_and_never_sent(name):
    from depguard.ecosystems import catalog

    rule = catalog().get("conan").name_rule
    assert rule.invalid_reason(rule.normalise(name)) is not None
