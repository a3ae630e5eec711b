"""DG002: a look-alike published by the maintainers of the name it resembles is theirs, not a squat on it (issue 12).

npm records, for each version, the account that published it (``_npmUser``: set by the registry from the
publishing account, not from the package's files), and lists the accounts that may publish a package now
(``maintainers``). An author's family of small packages often sits one reordering or edit from each other
(``import-fresh``, ``import-from``, ``import-cwd``); when every version of the look-alike was published by a
maintainer of its target, nobody squatted on that target. The evidence a squatter controls is not used: a
package's own ``author`` and its own ``maintainers`` list. A loopback npm (``httpx.MockTransport``) serves the
documents in npm's shape; the popular list is the shipped npm list. vite's real ``fresh-import`` (3 releases
since 2026-06-11, published by sapphi-red) resembles ``import-fresh`` (Sindre Sorhus): different people, still
flagged.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import httpx

from depguard.checks import CheckContext, judge
from depguard.lookup import resolve
from depguard.model import Location, Mention, Origin, PackageKey, Verdict

from ..conftest import CASSETTE_DAY

FRESH = "Import an ESM entry in its own fresh module graph and get back the statically-imported relative files."
TARGET = "Import a module while bypassing the cache"


def _doc(name: str, description: str, days: list[int], publishers: list[str | None], maintainers: list[str]) -> dict:
    stamps = [(CASSETTE_DAY - timedelta(days=d)).strftime("%Y-%m-%dT%H:%M:%S.000Z") for d in days]
    versions = {}
    for i, who in enumerate(publishers):
        v = {"name": name, "version": f"0.{i}.0", "author": "sindresorhus"}  # self-written: not evidence
        if who is not None:
            v["_npmUser"] = {"name": who, "email": f"{who}@example.test"}
        versions[f"0.{i}.0"] = v
    time = {f"0.{i}.0": t for i, t in enumerate(stamps)}
    time.update(created=stamps[0], modified=stamps[-1])
    return {"_id": name, "name": name, "description": description, "dist-tags": {"latest": f"0.{len(days) - 1}.0"},
            "versions": versions, "time": time, "maintainers": [{"name": m, "email": f"{m}@example.test"} for m in maintainers]}


def _judged(settings, docs: dict[str, dict]):
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.lstrip("/").replace("%2F", "/")
        return httpx.Response(200, json=docs[name]) if name in docs else httpx.Response(404, json={"error": "Not found"})

    s = replace(settings, registries={**settings.registries, "npm": "https://registry.npm.test"}, now=CASSETTE_DAY)
    key = PackageKey("npm", "fresh-import")
    answer = resolve([key], s, transport=httpx.MockTransport(handler))[key]
    m = Mention(key, key.name, Location("packages/vite/package.json", 106, 5), Origin.MANIFEST, "test")
    return answer, judge(m, answer, CheckContext(s, CASSETTE_DAY))


def _target(maintainers: list[str]) -> dict:
    return _doc("import-fresh", TARGET, [4000, 3000, 2000, 1000, 500, 100], ["sindresorhus"] * 6, maintainers)


def test_a_lookalike_every_version_of_which_its_targets_maintainer_published_is_not_flagged(settings):
    docs = {"fresh-import": _doc("fresh-import", FRESH, [175, 174, 156], ["sindresorhus"] * 3, ["sindresorhus"]),
            "import-fresh": _target(["sindresorhus"])}
    answer, f = _judged(settings, docs)
    assert answer.publishers == ("sindresorhus",) and answer.lookalike_of_maintainers == ("sindresorhus",)
    assert (f.verdict, f.rule) == (Verdict.OK, "DG000")


def test_a_lookalike_published_by_someone_else_is_still_flagged(settings):
    # the real facts: fresh-import by sapphi-red, import-fresh maintained by Sindre Sorhus
    docs = {"fresh-import": _doc("fresh-import", FRESH, [175, 174, 156], ["sapphi-red"] * 3, ["sapphi-red"]),
            "import-fresh": _target(["sindresorhus"])}
    _, f = _judged(settings, docs)
    assert (f.rule, f.suggestion) == ("DG002", "import-fresh")


def test_its_own_maintainers_list_naming_the_targets_maintainer_is_no_excuse(settings):
    # a squatter lists the target's maintainer among its own package's maintainers; the registry still recorded
    # the squatter's account as the publisher of every version
    docs = {"fresh-import": _doc("fresh-import", FRESH, [10], ["attacker"], ["attacker", "sindresorhus"]),
            "import-fresh": _target(["sindresorhus"])}
    _, f = _judged(settings, docs)
    assert (f.rule, f.suggestion) == ("DG002", "import-fresh")


def test_one_version_by_another_account_or_without_a_recorded_publisher_is_no_excuse(settings):
    for publishers in (["sindresorhus", "sindresorhus", "attacker"], ["sindresorhus", None, "sindresorhus"]):
        docs = {"fresh-import": _doc("fresh-import", FRESH, [175, 174, 156], publishers, ["sindresorhus"]),
                "import-fresh": _target(["sindresorhus"])}
        _, f = _judged(settings, docs)
        assert (f.rule, f.suggestion) == ("DG002", "import-fresh"), publishers


def test_a_registry_that_gives_no_maintainers_for_the_target_excuses_nothing(settings):
    docs = {"fresh-import": _doc("fresh-import", FRESH, [175, 174, 156], ["sindresorhus"] * 3, ["sindresorhus"]),
            "import-fresh": _target([])}
    _, f = _judged(settings, docs)
    assert (f.rule, f.suggestion) == ("DG002", "import-fresh")


def test_who_published_and_maintains_survives_the_answer_cache(settings, tmp_path):
    from depguard.cache import AnswerCache

    docs = {"fresh-import": _doc("fresh-import", FRESH, [175, 174, 156], ["sindresorhus"] * 3, ["sindresorhus"]),
            "import-fresh": _target(["sindresorhus"])}
    answer, _ = _judged(settings, docs)
    cache = AnswerCache(tmp_path)
    cache.put_many([answer])
    got = cache.get_many([answer.key])[answer.key]
    assert (got.publishers, got.maintainers, got.lookalike_of_maintainers) == \
        (("sindresorhus",), ("sindresorhus",), ("sindresorhus",))


def test_account_names_from_the_registry_are_read_as_plain_names_only():
    from depguard.registries.jsonapi import accounts

    assert accounts(["Sindresorhus", "sindresorhus", "a b", "\x1b[31mx", 7, "wooorm"]) == ("sindresorhus", "wooorm")
    assert accounts(["sindresorhus", None], every=True) == ()  # a version without a recorded publisher
    assert accounts(["sindresorhus", "a b"], every=True) == ()
    assert accounts([f"user{i}" for i in range(100)], every=True) == ()  # more than are kept: no partial list
