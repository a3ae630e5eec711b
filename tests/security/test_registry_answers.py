"""A 200 counts only when it is a real document about the asked package (issue 14, "degenerate registry
answers"). Proxies, mirrors and captive portals answer 200 with ``{}``, an error object, HTML, a document
without versions or another package's document; each is not-checked (existence unknown) with its reason,
for every registry depguard speaks. Real documents (the recorded cassettes) stay ``exists``; npm tombstones
stay ``missing``; PyPI's ``Foo_Bar`` is ``foo-bar``.
"""

from __future__ import annotations

import copy
import json

import httpx
import pytest
import yaml

from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence
from tests.cassettes import CASSETTES
from tests.ecosystems._registry import sample_names

# (ecosystem, a name to ask) for every registry client
ASKED = {
    "pypi": "requests", "npm": "is-number", "cargo": "utf8-ranges", "cocoapods": "Alamofire",
    "composer": "dependabot/dummy-pkg-a", "conda": "pytest", "cpan": "Plack::Request", "cran": "dplyr",
    "docker": "library/nginx", "github-actions": "actions/checkout", "go": "github.com/BurntSushi/toml",
    "hackage": "aeson", "hex": "certifi", "homebrew": "wget", "jsr": "@std/path", "julia": "HTTP",
    "maven": "com.google.guava:guava", "nuget": "Newtonsoft.Json", "pub": "retry", "rubygems": "prius",
    "swift": "github.com/apple/swift-nio",
    **sample_names(),  # an ecosystem's own recorded.py (tests/ecosystems/_registry.py)
}

DEGENERATE = {
    "empty object": ("application/json", "{}"),
    "error object": ("application/json", '{"error": "upstream registry unreachable"}'),
    "HTML page": ("text/html", "<!doctype html><html><body><h1>Welcome</h1><a href=\"login/\">Sign in</a></body></html>"),
    "empty list": ("application/json", "[]"),
    "empty body": ("application/json", ""),
}


def test_every_registry_client_is_covered():
    assert set(ASKED) == {e.id for e in catalog()}


def ask_with(eco: str, name: str, handler, settings):
    key = catalog().key(eco, name)
    return resolve([key], settings, transport=httpx.MockTransport(handler))[key]


@pytest.mark.parametrize("shape", sorted(DEGENERATE))
@pytest.mark.parametrize("eco", sorted(ASKED))
def test_degenerate_200_is_not_checked(eco, shape, settings):
    content_type, body = DEGENERATE[shape]

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=body.encode(), headers={"Content-Type": content_type})

    answer = ask_with(eco, ASKED[eco], handler, settings)
    assert answer.existence is Existence.UNKNOWN, (eco, shape, answer.reason)
    assert answer.reason


def recorded(eco: str, cassette: str = "") -> dict[str, tuple[int, str, dict]]:
    """URL -> (status, body, headers) from the ecosystem's recorded "found" cassette."""
    for name in ([cassette] if cassette else ["test_found.yaml", "test_exists.yaml", "test_formula.yaml", "test_found_module.yaml"]):
        path = CASSETTES / eco / name
        if path.is_file():
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            return {i["request"]["uri"]: (i["response"]["status"]["code"], i["response"]["body"]["string"],
                                          {k: v[0] for k, v in i["response"]["headers"].items()})
                    for i in data["interactions"]}
    raise AssertionError(f"no found cassette for {eco}")


def serve(answers: dict[str, tuple[int, str, dict]], rewrite=None):
    """A handler answering every request with the recorded body of the same path (whatever the name asked),
    optionally rewritten: the way a misconfigured mirror serves one fixed document."""
    by_shape = list(answers.values())

    def handler(request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        status, body, headers = answers.get(url) or by_shape[0]
        if rewrite is not None:
            body = rewrite(url, body)
        return httpx.Response(status, content=body.encode(), headers=headers)

    return handler


# registries whose documents carry the package's name: another package's document is not an answer.
# (CocoaPods trunk, NuGet's flat container, RubyGems' version list and Hackage's preferences name no
# package: for them only the document's shape is checked.)
OTHER_NAME = {
    "pypi": "reqeusts", "npm": "is-numbr", "cargo": "utf8-rangse", "conda": "pytset", "cran": "dplyrr",
    "docker": "library/ngnix", "github-actions": "actions/checkoutt", "hex": "certifii", "homebrew": "wgett",
    "jsr": "@std/pathh", "julia": "HTTPP", "maven": "com.google.guava:guavaa", "pub": "retyr",
    "composer": "dependabot/dummy-pkg-b", "cpan": "Plack::Reqeust", "swift": "github.com/apple/swift-nioo",
}


@pytest.mark.parametrize("eco", sorted(ASKED))
def test_the_recorded_document_is_a_real_answer(eco, settings):
    answer = ask_with(eco, ASKED[eco], serve(recorded(eco)), settings)
    assert answer.existence is Existence.EXISTS, (eco, answer.reason)


@pytest.mark.parametrize("eco", sorted(OTHER_NAME))
def test_another_packages_document_is_not_checked(eco, settings):
    answer = ask_with(eco, OTHER_NAME[eco], serve(recorded(eco)), settings)
    assert answer.existence is Existence.UNKNOWN, (eco, answer.reason)
    assert "not" in answer.reason


def _emptied(eco: str, body: str) -> str:
    doc = json.loads(body)
    if eco == "pypi":
        doc["releases"], doc["urls"] = {}, []
    elif eco in ("npm", "jsr", "cran"):
        doc["versions"] = {}
    elif eco == "cargo":
        doc["versions"], doc["crate"]["num_versions"] = [], 0
    elif eco in ("conda", "pub", "cocoapods", "nuget"):
        doc["versions"] = []
    elif eco == "hex":
        doc["releases"] = []
    elif eco == "hackage":
        doc = {k: [] for k in doc}
    elif eco == "rubygems":
        doc = []
    return json.dumps(doc)


NO_VERSIONS = ("pypi", "npm", "jsr", "cran", "cargo", "conda", "pub", "cocoapods", "nuget", "hex", "hackage", "rubygems")


@pytest.mark.parametrize("eco", NO_VERSIONS)
def test_a_document_without_versions_is_not_checked(eco, settings):
    first = next(iter(recorded(eco)))
    rewrite = (lambda url, body: _emptied(eco, body) if url == first else body)
    answer = ask_with(eco, ASKED[eco], serve(recorded(eco), rewrite), settings)
    assert answer.existence is Existence.UNKNOWN, (eco, answer.reason)
    assert "no versions" in answer.reason


def test_maven_metadata_without_versions_or_for_another_artifact(settings):
    answers = recorded("maven")
    url = next(iter(answers))
    status, body, headers = answers[url]
    no_versions = {url: (status, body.split("<versioning>")[0] + "</metadata>\n", headers)}
    answer = ask_with("maven", ASKED["maven"], serve(no_versions), settings)
    assert answer.existence is Existence.UNKNOWN and "no versions" in answer.reason


def test_maven_folder_page_without_version_folders_is_not_checked(settings):
    def handler(request):
        if request.url.path.endswith("maven-metadata.xml"):
            return httpx.Response(404, text="Not Found")
        return httpx.Response(200, text="<html><body>Please sign in to the network</body></html>",
                              headers={"Content-Type": "text/html"})

    answer = ask_with("maven", "org.old:ancient", handler, settings)
    assert answer.existence is Existence.UNKNOWN and "no version folder" in answer.reason


def test_go_proxy_empty_list_without_latest_is_not_checked(settings):
    def handler(request):
        if request.url.path.endswith("/@v/list"):
            return httpx.Response(200, text="", headers={"Content-Type": "text/plain"})
        return httpx.Response(200, text="{}", headers={"Content-Type": "application/json"})

    answer = ask_with("go", "github.com/someone/untagged", handler, settings)
    assert answer.existence is Existence.UNKNOWN and "@latest" in answer.reason


def test_error_words_are_part_of_the_reason(settings):
    answer = ask_with("pypi", "requests", lambda r: httpx.Response(200, json={"message": "quota exceeded"}), settings)
    assert answer.existence is Existence.UNKNOWN
    assert "quota exceeded" in answer.reason


def test_npm_tombstone_stays_missing(settings):
    tombstone = {"_id": "gone-pkg", "name": "gone-pkg",
                 "time": {"created": "2020-01-01T00:00:00Z", "modified": "2021-01-01T00:00:00Z",
                          "unpublished": {"time": "2021-01-01T00:00:00Z", "versions": ["1.0.0"]}}}
    answer = ask_with("npm", "gone-pkg", lambda r: httpx.Response(200, json=tombstone), settings)
    assert answer.existence is Existence.MISSING


def test_pypi_names_are_compared_normalised(settings):
    answers = recorded("pypi")
    url = next(iter(answers))
    status, body, headers = answers[url]
    doc = json.loads(body)
    doc["info"]["name"] = "Foo_Bar"
    answer = ask_with("pypi", "foo.bar", lambda r: httpx.Response(200, json=doc), settings)
    assert answer.existence is Existence.EXISTS, answer.reason


def test_github_renames_count_only_through_a_redirect(settings):
    doc = json.loads(recorded("github-actions")["https://api.github.com/repos/actions/checkout"][1])
    doc = copy.deepcopy(doc)
    doc["full_name"] = "someone-else/checkout"
    direct = ask_with("github-actions", "actions/checkout", lambda r: httpx.Response(200, json=doc), settings)
    assert direct.existence is Existence.UNKNOWN

    def redirecting(request):
        if request.url.path == "/repos/actions/checkout":
            return httpx.Response(301, headers={"Location": "https://api.github.com/repositories/1"})
        return httpx.Response(200, json=doc)

    moved = ask_with("github-actions", "actions/checkout", redirecting, settings)
    assert moved.existence is Existence.EXISTS and "moved" in moved.markers
