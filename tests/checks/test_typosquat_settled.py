"""DG002: the history a look-alike needs before its own description may speak for it (issue 12).

Two real packages of the real-repositories corpus were flagged as young although they are years old: express's
example requires ``online`` (one release, 2012, "Track online user activity with redis") and pip's docs name
``water`` (one release, 2015, "Apply watermarks to images"); ``established`` (a year AND five releases) counted them
young. The other way round, a sleeper squat kept alive with fresh releases was excused by any description it wrote.
``settled``: the first and the latest release at least ``typosquat-settled-days`` old; or established with a user
base of its own (``typosquat-port-downloads``). A loopback PyPI (``httpx.MockTransport``) serves the releases given.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import httpx
import pytest

from depguard.checks import CheckContext, judge
from depguard.config import Thresholds
from depguard.lookup import resolve
from depguard.model import Existence, Location, Mention, Origin, PackageKey, RegistryAnswer, Verdict

from ..conftest import CASSETTE_DAY

FAKTORY = "Python worker for the Faktory project"
OLD = ["2015-06-16"]  # one release, years before the cassette day (2026-12-02)
TARGET = ["2010-01-01", "2011-01-01", "2012-01-01", "2013-01-01", "2014-01-01", "2021-01-01"]  # older than faqtory


def _pypi(projects: dict[str, tuple[list[str], str]]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[2]
        if name not in projects:
            return httpx.Response(404, json={"message": "Not Found"})
        dates, summary = projects[name]
        releases = {f"0.{i}.0": [{"upload_time_iso_8601": f"{d}T12:00:00.000000Z", "yanked": False,
                                  "packagetype": "sdist", "filename": f"{name}-0.{i}.0.tar.gz"}]
                    for i, d in enumerate(dates)}
        last = f"0.{len(dates) - 1}.0"
        return httpx.Response(200, json={"info": {"name": name, "version": last, "summary": summary, "yanked": False},
                                         "releases": releases, "urls": releases[last], "vulnerabilities": []})
    return httpx.MockTransport(handler)


def _judged(settings, name: str, projects: dict[str, tuple[list[str], str]], **thresholds):
    s = replace(settings, registries={**settings.registries, "pypi": "https://pypi.test"}, now=CASSETTE_DAY,
                thresholds=replace(Thresholds(), **thresholds))
    key = PackageKey("pypi", name)
    answer = resolve([key], s, transport=_pypi(projects))[key]
    m = Mention(key, name, Location("examples/online/requirements.txt", 3, 1), Origin.MANIFEST, "test")
    return answer, judge(m, answer, CheckContext(s, CASSETTE_DAY))


def _days_ago(*days: int) -> list[str]:
    return [(CASSETTE_DAY - timedelta(days=d)).strftime("%Y-%m-%d") for d in days]


def test_a_single_release_lookalike_years_old_with_a_description_of_its_own_is_not_flagged(settings):
    answer, f = _judged(settings, "faqtory", {"faqtory": (OLD, "Auto FAQ builder"), "faktory": (TARGET, FAKTORY)})
    assert answer.version_count == 1 and answer.lookalike_of == "faktory"  # the target's description was asked
    assert f.verdict is Verdict.OK


def test_a_single_release_lookalike_years_old_without_a_description_is_still_flagged(settings):
    _, f = _judged(settings, "faqtory", {"faqtory": (OLD, ""), "faktory": (TARGET, FAKTORY)})
    assert (f.rule, f.suggestion) == ("DG002", "faktory")


@pytest.mark.parametrize("releases", [
    _days_ago(800, 640, 480, 320, 160, 3),  # a sleeper that has just published again
    _days_ago(800, 90),  # ... or woke up three months ago
    _days_ago(200),  # one release, less than a year old
], ids=["awake", "woke-90-days-ago", "young-single"])
def test_a_lookalike_with_a_recent_release_is_flagged_whatever_its_description(settings, releases):
    _, f = _judged(settings, "faqtory", {"faqtory": (releases, "Auto FAQ builder"), "faktory": (TARGET, FAKTORY)})
    assert (f.rule, f.suggestion) == ("DG002", "faktory")


def test_settled_days_zero_restores_the_year_and_five_releases_rule(settings):
    _, old = _judged(settings, "faqtory", {"faqtory": (OLD, "Auto FAQ builder"), "faktory": (TARGET, FAKTORY)},
                     typosquat_settled_days=0)
    _, awake = _judged(settings, "faqtory", {"faqtory": (_days_ago(800, 640, 480, 320, 160, 3), "Auto FAQ builder"),
                                             "faktory": (TARGET, FAKTORY)}, typosquat_settled_days=0)
    assert (old.rule, awake.verdict) == ("DG002", Verdict.OK)


def test_a_reworded_copy_of_the_targets_description_is_no_excuse(settings):
    # half of the target's words ("python", "worker"), reworded around them: a paraphrase, not a description of its own
    _, f = _judged(settings, "faqtory", {"faqtory": (OLD, "Python job worker, lightweight and async"),
                                         "faktory": (TARGET, FAKTORY)})
    assert (f.rule, f.suggestion) == ("DG002", "faktory")


def _npm(settings, name: str, description: str, target: str, target_description: str, downloads: int | None,
         latest_days: int, releases: int = 6) -> Verdict:
    first = 2000 if releases > 1 else latest_days
    answer = RegistryAnswer(PackageKey("npm", name), Existence.EXISTS, "the npm registry",
                            first_release=CASSETTE_DAY - timedelta(days=first), version_count=releases,
                            latest_release=CASSETTE_DAY - timedelta(days=latest_days), downloads=downloads,
                            description=description, lookalike_of=target, lookalike_of_description=target_description)
    m = Mention(answer.key, name, Location("package.json", 12, 5), Origin.MANIFEST, "test")
    return judge(m, answer, CheckContext(replace(settings, now=CASSETTE_DAY), CASSETTE_DAY)).verdict


IMMEDIATO = "An isomorphic setImmediate implementation that doesn't prevent the process from exiting naturally."


def test_an_established_lookalike_with_users_of_its_own_keeps_its_description_after_a_new_release(settings):
    # immediato: 28,837 downloads a month (npm.tsv), a release last week
    assert _npm(settings, "immediato", IMMEDIATO, "immediate", "A cross browser microtask library", 28_837, 7) is Verdict.OK
    assert _npm(settings, "immediato", IMMEDIATO, "immediate", "A cross browser microtask library", 1_000, 7) \
        is Verdict.SUSPICIOUS


def test_a_description_naming_a_word_of_its_targets_name_is_no_excuse(settings):
    # one release 800 days ago (settled); 'grunt' is a word of grunt-cli's name, not of gruntcli's own
    said = "Simple command line runner for grunt tasks"
    assert _npm(settings, "gruntcli", said, "grunt-cli", "The grunt command line interface", None, 800, 1) \
        is Verdict.SUSPICIOUS
    assert _npm(settings, "gruntcli", "Runs build tasks read from a config file", "grunt-cli",
                "The grunt command line interface", None, 800, 1) is Verdict.OK


def test_a_lookalike_of_several_popular_names_is_not_excused_by_its_description(settings):
    # water (one release, 2015) is one edit from both 'waiter' and 'later': only the best target's description is
    # asked, so a copy of the other one's would pass unseen; nothing is excused
    old = ["2010-01-01", "2011-01-01", "2012-01-01", "2013-01-01", "2014-01-01", "2020-01-01"]
    _, f = _judged(settings, "water", {"water": (OLD, "Apply watermarks to images"),
                                       "waiter": (old, "Delayed iteration with waits"),
                                       "later": (old, "Determine later occurrences of recurring schedules")})
    assert f.rule == "DG002" and f.suggestion in ("waiter", "later")


def _maintained(releases: int) -> list[str]:
    # established (first release 800 days ago), the latest release last week: awake, as an active project is
    return _days_ago(*[800 - i * (793 // (releases - 1)) for i in range(releases - 1)], 7)


def test_an_established_lookalike_with_a_maintained_history_keeps_its_description_where_the_registry_counts_nothing(
        settings):
    # mesop (PyPI: "Build UIs in Python", 108 releases since 2023-12, one letter from 'meson'): PyPI gives no
    # download count, so a maintained project's history is the evidence; a sleeper's handful of releases is not
    mesop = {"faqtory": (_maintained(25), "Auto FAQ builder"), "faktory": (TARGET, FAKTORY)}
    assert _judged(settings, "faqtory", mesop)[1].verdict is Verdict.OK
    assert _judged(settings, "faqtory", {**mesop, "faqtory": (_maintained(6), "Auto FAQ builder")})[1].rule == "DG002"
    assert _judged(settings, "faqtory", {**mesop, "faqtory": (_maintained(25), "")})[1].rule == "DG002"
    assert _judged(settings, "faqtory", mesop, typosquat_maintained_versions=0)[1].rule == "DG002"


def test_where_the_registry_counts_downloads_the_count_decides_not_the_release_count(settings):
    # 25 releases, a release last week, 1,000 downloads a month: npm's count says it has no user base of its own
    assert _npm(settings, "immediato", IMMEDIATO, "immediate", "A cross browser microtask library", 1_000, 7,
                releases=25) is Verdict.SUSPICIOUS
    assert _npm(settings, "immediato", IMMEDIATO, "immediate", "A cross browser microtask library", None, 7,
                releases=25) is Verdict.OK
