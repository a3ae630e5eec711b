"""Download counts from npm's downloads API, asked only for look-alike candidates (issue 15).

Cassettes (cassettes/npm/test_downloads_*.yaml): the recorded packument of ``loadsh`` and npm's downloads
answer found (its count in the npm.tsv snapshot of 2026-12-01), missing (404) and failing (503 each try).
Bulk requests, who is asked and the overridden-registry rule use ``httpx.MockTransport``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta

import httpx
import pytest

from depguard.cache import AnswerCache
from depguard.checks import CheckContext, judge
from depguard.config import load_settings
from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence, Location, Mention, Origin, PackageKey, RegistryAnswer, Verdict
from depguard.registries.downloads import NO_COUNT_MARKER

from ..cassettes import vcr_for
from ..conftest import CASSETTE_DAY

LOADSH = PackageKey("npm", "loadsh")


def _count(settings, cassette: str) -> RegistryAnswer:
    with vcr_for("npm").use_cassette(cassette):
        return resolve([LOADSH], settings)[LOADSH]


def test_a_lookalike_gets_its_count_from_the_downloads_api(settings):
    a = _count(settings, "test_downloads_found.yaml")
    assert (a.existence, a.downloads, a.usage) == (Existence.EXISTS, 37293, "api.npmjs.org, the last 30 days")
    assert NO_COUNT_MARKER not in a.markers


def test_a_name_without_counts_says_so(settings):
    a = _count(settings, "test_downloads_missing.yaml")
    assert (a.existence, a.downloads) == (Existence.EXISTS, None)
    assert a.usage == "no download count: api.npmjs.org has no count for it (HTTP 404)"
    assert NO_COUNT_MARKER in a.markers


def test_a_failing_downloads_api_leaves_the_answer_and_says_why(settings):
    a = _count(settings, "test_downloads_failing.yaml")
    assert (a.existence, a.downloads) == (Existence.EXISTS, None)  # the registry's answer stands
    assert a.usage.startswith("no download count: api.npmjs.org could not be asked (") and "503" in a.usage


def _transport(seen: list[str], counts: dict[str, int], status: int = 200):
    """A registry whose every asked name exists (5 releases over two years) and a downloads API."""
    def handler(request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        seen.append(url)
        if request.url.host == "counts.test":
            names = request.url.path.rsplit("/last-month/", 1)[1]
            names = httpx.URL("http://x/" + names).path[1:] if "%" in names else names
            if status != 200:
                return httpx.Response(status, json={"error": "down"})
            if "," in names:
                return httpx.Response(200, json={n: ({"downloads": counts[n], "package": n} if n in counts else None)
                                                 for n in names.split(",")})
            if names not in counts:
                return httpx.Response(404, json={"error": f"package {names} not found"})
            return httpx.Response(200, json={"downloads": counts[names], "package": names})
        name = httpx.URL(url).raw_path.decode().lstrip("/").replace("%2F", "/").replace("%40", "@")
        times = {"created": "2023-01-01T00:00:00Z", "modified": "2025-01-01T00:00:00Z"}
        times.update({f"1.0.{i}": f"202{3 + i % 2}-0{i + 1}-01T00:00:00Z" for i in range(5)})
        return httpx.Response(200, json={"_id": name, "name": name, "time": times,
                                         "versions": {f"1.0.{i}": {} for i in range(5)}})
    return httpx.MockTransport(handler)


def _settings(settings, **registries):
    return replace(settings, registries={"npm": "https://registry.test", "npm.downloads": "https://counts.test",
                                         **registries})


def test_only_lookalikes_are_counted_and_unscoped_ones_share_one_bulk_request(settings):
    seen: list[str] = []
    keys = [PackageKey("npm", n) for n in ("loadsh", "expresss", "reactt", "@typs/node", "express", "my-own-tool-xyz")]
    got = resolve(keys, _settings(settings), transport=_transport(seen, {"loadsh": 37293, "expresss": 3, "reactt": 0}))
    asked = [u for u in seen if "counts.test" in u]
    bulk = [u for u in asked if "," in u]
    assert len(bulk) == 1 and sorted(bulk[0].rsplit("/", 1)[1].split(",")) == ["expresss", "loadsh", "reactt"]
    assert any(u.endswith("/last-month/@typs%2Fnode") for u in asked)  # scoped names are asked one by one
    assert not any(u.endswith(("/express", "/my-own-tool-xyz")) for u in asked)  # popular / no look-alike
    assert [got[PackageKey("npm", n)].downloads for n in ("loadsh", "expresss", "reactt")] == [37293, 3, 0]
    assert got[PackageKey("npm", "@typs/node")].usage.startswith("no download count:")
    assert got[PackageKey("npm", "express")].usage is None


def test_a_failing_downloads_api_is_not_asked_again_in_the_run(settings):
    seen: list[str] = []
    s = replace(_settings(settings), http=replace(settings.http, retries=0))
    got = resolve([PackageKey("npm", "@typs/node")], s, transport=_transport(seen, {}, status=500))
    assert "HTTP 500" in got[PackageKey("npm", "@typs/node")].usage
    more = resolve([PackageKey("npm", "@typs/react")], s, transport=_transport(seen, {}, status=500))
    assert more[PackageKey("npm", "@typs/react")].usage.startswith("no download count")


def test_a_mirrored_registry_sends_no_names_to_the_public_counting_service(settings):
    seen: list[str] = []
    s = replace(settings, registries={"npm": "https://registry.test"})  # npm.downloads not set
    got = resolve([LOADSH], s, transport=_transport(seen, {"loadsh": 5}))
    assert not any("api.npmjs.org" in u for u in seen)
    assert "DEPGUARD_REGISTRY_NPM_DOWNLOADS" in got[LOADSH].usage and got[LOADSH].downloads is None
    assert NO_COUNT_MARKER not in got[LOADSH].markers  # cached as long as any answer: nothing to ask again


def test_the_downloads_address_is_set_like_every_registry_address():
    s = load_settings(None, environ={"DEPGUARD_REGISTRY_NPM_DOWNLOADS": "http://127.0.0.1:9/"})
    assert s.registries["npm.downloads"] == "http://127.0.0.1:9/"


def test_an_answer_without_its_count_is_cached_briefly(tmp_path):
    cache = AnswerCache(tmp_path)
    counted = RegistryAnswer(LOADSH, Existence.EXISTS, "npm", downloads=5, usage="api.npmjs.org")
    uncounted = RegistryAnswer(PackageKey("npm", "expresss"), Existence.EXISTS, "npm", markers=(NO_COUNT_MARKER,))
    cache.put_many([counted, uncounted], now=1000.0)
    later = cache.get_many([counted.key, uncounted.key], now=1000.0 + 2 * 3600)
    assert list(later) == [counted.key] and later[counted.key].downloads == 5
    assert later[counted.key].usage == "api.npmjs.org"


# --- the judgement: a long-lived look-alike by its count ------------------------------------------------

def _judge(settings, name: str, downloads: int | None, usage: str | None = "api.npmjs.org, the last 30 days"):
    key = catalog().key("npm", name)
    m = Mention(key, name, Location("package.json", 3, 1), Origin.MANIFEST, "test")
    a = RegistryAnswer(key, Existence.EXISTS, "the npm registry", at=CASSETTE_DAY, version_count=6,
                       first_release=CASSETTE_DAY - timedelta(days=800), downloads=downloads, usage=usage)
    return judge(m, a, CheckContext(settings, CASSETTE_DAY))


def test_a_long_lived_misspelling_far_less_used_is_flagged_with_how_much_less(settings):
    f = _judge(settings, "loadsh", 37293)
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "lodash")
    assert "less used (37,293 downloads, api.npmjs.org, the last 30 days)" in f.reasons[0]


def test_a_long_lived_affix_name_is_flagged_by_its_count_unless_it_has_users_of_its_own(settings):
    f = _judge(settings, "jquery.js", 956)  # a 2017 squat: its figure in the npm.tsv snapshot
    assert (f.verdict, f.suggestion) == (Verdict.SUSPICIOUS, "jquery")
    assert _judge(settings, "jquery.js", None, None).verdict is Verdict.OK  # no count: age decides, as before
    assert _judge(settings, "wcwidth.js", 42630).verdict is Verdict.OK  # a port with its own users


def test_a_long_lived_name_with_users_of_its_own_is_judged_on_single_letter_misspellings_only(settings):
    # markdown-title (a real dependency of vite, 63,484 a month) is two edits from markdown-table
    assert _judge(settings, "markdown-title", 63_484).verdict is Verdict.OK
    assert _judge(settings, "markdown-title", 900).suggestion == "markdown-table"  # below typosquat-port-downloads


def test_a_lookalike_used_within_the_ratio_is_left_alone(settings):
    assert _judge(settings, "loadsh", 40_000_000).verdict is Verdict.OK


def test_without_a_count_the_reason_says_why(settings):
    f = _judge(settings, "loadsh", None, "no download count: api.npmjs.org answered HTTP 503")
    assert f.verdict is Verdict.SUSPICIOUS
    assert "no download count: api.npmjs.org answered HTTP 503" in f.reasons[0]


@pytest.mark.parametrize("name", ["lodash", "react"])
def test_popular_names_are_never_counted(name, settings):
    from depguard.checks import wants_downloads

    assert not wants_downloads(PackageKey("npm", name), settings)
    assert not wants_downloads(PackageKey("pypi", "reqeusts"), settings)  # PyPI's list has no counts to compare


def test_json_report_carries_the_count_and_its_source(settings, capsys):
    from depguard.cli import main

    with vcr_for("npm").use_cassette("test_downloads_found.yaml"):
        main(["check", "--no-cache", "--format", "json", "-e", "npm", "loadsh"])
    [f] = json.loads(capsys.readouterr().out)["findings"]
    assert (f["evidence"]["downloads"], f["evidence"]["usage"]) == (37293, "api.npmjs.org, the last 30 days")


# --- other registries: counts in the documents depguard reads, or a counting route of their own ----------

def _counted(eco_id: str, name: str, doc: object, status: int = 200) -> tuple[tuple[int | None, str], list[str]]:
    import asyncio

    from depguard.http import HttpSettings
    from depguard.registries import Context
    from depguard.registries.downloads import counter_for

    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(status, json=doc)

    async def run():
        async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
            counter = counter_for(catalog().get(eco_id), {})
            return await counter.count(name, Context(client, HttpSettings(retries=0), CASSETTE_DAY))
    return asyncio.run(run()), seen


def test_packagist_counts_come_from_its_package_page_data():
    got, seen = _counted("composer", "monolog/monolog", {"package": {"name": "monolog/monolog",
                                                                     "downloads": {"total": 900, "monthly": 9}}})
    assert got == (900, "packagist.org, all time")
    assert seen == ["https://packagist.org/packages/monolog/monolog.json"]


def test_nuget_counts_come_from_its_search_service_and_must_be_about_the_name():
    got, seen = _counted("nuget", "newtonsoft.json", {"data": [{"id": "Newtonsoft.Json", "totalDownloads": 7}]})
    assert got == (7, "azuresearch-usnc.nuget.org, all time")
    assert "q=packageid:newtonsoft.json" in seen[0]
    other, _ = _counted("nuget", "newtonsoft.jsonn", {"data": [{"id": "Newtonsoft.Json", "totalDownloads": 7}]})
    assert other == (None, "azuresearch-usnc.nuget.org answered with the count of 'Newtonsoft.Json'")


def test_counts_in_the_registry_document_say_what_they_cover(settings):
    doc = {"crate": {"name": "serde", "id": "serde", "downloads": 12, "num_versions": 3,
                     "created_at": "2020-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"},
           "versions": [{"num": "1.0.0", "yanked": False}]}
    key = PackageKey("cargo", "serde")
    got = resolve([key], replace(settings, registries={"cargo": "https://crates.test"}),
                  transport=httpx.MockTransport(lambda r: httpx.Response(200, json=doc)))[key]
    assert (got.downloads, got.usage) == (12, "crates.io, all time")


def test_a_young_name_used_within_the_ratio_is_unestablished_and_still_gets_its_did_you_mean(settings):
    key = catalog().key("npm", "lodashh")
    m = Mention(key, "lodashh", Location("package.json", 3, 1), Origin.MANIFEST, "test")
    a = RegistryAnswer(key, Existence.EXISTS, "the npm registry", at=CASSETTE_DAY, version_count=1,
                       first_release=CASSETTE_DAY - timedelta(days=10), downloads=40_000_000, usage="x")
    f = judge(m, a, CheckContext(settings, CASSETTE_DAY))
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG003", "lodash")


# --- a count the service does not have is no evidence (H10) ---------------------------------------------

def test_a_count_the_service_does_not_have_is_judged_by_the_ranking_and_says_so(settings):
    a = _count(settings, "test_downloads_missing.yaml")  # npm's downloads API: HTTP 404 for an existing name
    f = judge(Mention(LOADSH, "loadsh", Location("package.json", 3, 1), Origin.MANIFEST, "test"), a,
              CheckContext(settings, CASSETTE_DAY))
    assert (f.rule, f.suggestion) == ("DG002", "lodash")  # a single-letter misspelling: the ranking decides
    assert ("(no download count: api.npmjs.org has no count for it (HTTP 404); judged by the list's ranking"
            in f.reasons[0])
    assert "less used" not in f.reasons[0]  # no count measured nothing


@pytest.mark.parametrize("name, age", [("tryer", 3000), ("fresh-import", 170), ("jquery.js", 800)])
def test_no_count_decides_as_a_registry_without_counts(settings, name, age):
    key = catalog().key("npm", name)
    m = Mention(key, name, Location("package.json", 3, 1), Origin.MANIFEST, "test")
    a = RegistryAnswer(key, Existence.EXISTS, "the npm registry", at=CASSETTE_DAY, version_count=6,
                       first_release=CASSETTE_DAY - timedelta(days=age))
    ctx = CheckContext(settings, CASSETTE_DAY)
    missing = judge(m, replace(a, usage="no download count: api.npmjs.org has no count for it (HTTP 404)"), ctx)
    mirrored = judge(m, replace(a, usage="no download count: npm is asked at http://127.0.0.1:9"), ctx)
    assert (missing.verdict, missing.suggestion) == (mirrored.verdict, mirrored.suggestion)
