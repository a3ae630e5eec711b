"""DG002: a long-lived look-alike that describes itself as a package of its own is not judged a squat (issue 12).

Real, used packages one letter from a more popular name (``faqtory``/``faktory``, ``mesop``/``meson`` on PyPI,
``immediato``/``immediate`` on npm) were flagged on the popularity gap alone. The squats npm and PyPI still
serve have no description, a placeholder's, or one that names their target (``loadsh``: "The [Lodash] library
exported as Node.js modules"); the real packages describe themselves. A loopback PyPI (``httpx.MockTransport``)
serves JSON shaped like PyPI's: six yearly releases from the given year and the given summary.
"""

from __future__ import annotations

from dataclasses import replace

import httpx
import pytest

from depguard.checks import CheckContext, judge
from depguard.config import Thresholds
from depguard.lookup import resolve
from depguard.model import Location, Mention, Origin, PackageKey, Verdict

from ..conftest import CASSETTE_DAY

FAKTORY = "Python worker for the Faktory project"


def _pypi(projects: dict[str, tuple[int, str]], seen: list[str]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        name = request.url.path.split("/")[2]
        if name not in projects:
            return httpx.Response(404, json={"message": "Not Found"})
        first, summary = projects[name]
        dates = [f"{first}-0{i + 1}-01" if first >= 2026 else f"{first + i}-03-01" for i in range(6)]
        releases = {f"0.{i}.0": [{"upload_time_iso_8601": f"{d}T12:00:00.000000Z", "yanked": False,
                                  "packagetype": "sdist", "filename": f"{name}-0.{i}.0.tar.gz"}]
                    for i, d in enumerate(dates)}
        return httpx.Response(200, json={"info": {"name": name, "version": "0.5.0", "summary": summary,
                                                  "yanked": False}, "releases": releases,
                                         "urls": releases["0.5.0"], "vulnerabilities": []})
    return httpx.MockTransport(handler)


def _judged(settings, name: str, projects: dict[str, tuple[int, str]], **thresholds):
    s = replace(settings, registries={**settings.registries, "pypi": "https://pypi.test"}, now=CASSETTE_DAY,
                thresholds=replace(Thresholds(), **thresholds))
    key = PackageKey("pypi", name)
    seen: list[str] = []
    answer = resolve([key], s, transport=_pypi(projects, seen))[key]
    m = Mention(key, name, Location(".github/workflows/faq.yml", 22, 5), Origin.COMMAND, "test")
    return answer, judge(m, answer, CheckContext(s, CASSETTE_DAY))


def test_a_long_lived_lookalike_with_a_description_of_its_own_is_not_flagged(settings):
    answer, f = _judged(settings, "faqtory", {"faqtory": (2020, "Auto FAQ builder"), "faktory": (2018, FAKTORY)})
    assert (answer.lookalike_of, answer.lookalike_of_description) == ("faktory", FAKTORY)
    assert f.verdict is Verdict.OK


@pytest.mark.parametrize("summary", [
    "",  # none at all
    "FAQ builder",  # too short to say what it is
    "A Python worker for Faktory jobs",  # names the package it resembles
    "Python worker for the Faktory project!",  # the target's own words
    "Python worker for the project, async",  # most of the target's words
    "A small example package trying to typosquat faktory",  # says so
    "Placeholder package for a future FAQ builder",  # a placeholder
])
def test_a_lookalike_whose_description_is_missing_copied_or_names_its_target_is_still_flagged(settings, summary):
    _, f = _judged(settings, "faqtory", {"faqtory": (2020, summary), "faktory": (2018, FAKTORY)})
    assert (f.rule, f.suggestion) == ("DG002", "faktory")


def test_a_young_lookalike_is_flagged_whatever_its_description(settings):
    _, f = _judged(settings, "faqtory", {"faqtory": (2026, "Auto FAQ builder"), "faktory": (2018, FAKTORY)})
    assert f.verdict is Verdict.SUSPICIOUS and f.suggestion == "faktory"


def test_without_the_targets_description_the_description_excuses_nothing(settings):
    answer, f = _judged(settings, "faqtory", {"faqtory": (2020, "Auto FAQ builder")})  # the target cannot be had
    assert answer.lookalike_of is None
    assert (f.rule, f.suggestion) == ("DG002", "faktory")


def test_the_own_description_rule_can_be_turned_off(settings):
    _, f = _judged(settings, "faqtory", {"faqtory": (2020, "Auto FAQ builder"), "faktory": (2018, FAKTORY)},
                   typosquat_own_description_words=0)
    assert (f.rule, f.suggestion) == ("DG002", "faktory")


# Real PyPI summaries (pypi.tsv): two packages named for the same thing both say it. The words of the two names
# and of the ecosystem's language are not copied words; a copy keeps the target's other words as well.
ACP = "A Python implement of Agent Client Protocol (ACP, by Zed Industries)"


def test_a_description_that_shares_only_the_names_words_with_its_targets_is_its_own(settings):
    projects = {"agent-protocol-client": (2020, "Agent Communication Protocol Client"),
                "agent-client-protocol": (2018, ACP)}
    answer, f = _judged(settings, "agent-protocol-client", projects)
    assert answer.lookalike_of == "agent-client-protocol"
    assert f.verdict is Verdict.OK


@pytest.mark.parametrize("name, summary, target, theirs", [
    # the target's other words kept: a reworded copy
    ("agent-protocol-client", "Agent Client Protocol implementation in Python by Zed Industries",
     "agent-client-protocol", ACP),
    # sqlalchemy's cymysql (70 releases since 2013): "Driver" is the one word PyMySQL's summary keeps besides the
    # names' and the language's, and cymysql's says it: by the half-the-words reading still a reworded copy
    ("cymysql", "Python MySQL Driver using Cython", "pymysql", "Pure Python MySQL Driver"),
])
def test_a_copy_beyond_the_names_words_is_still_a_copy(settings, name, summary, target, theirs):
    _, f = _judged(settings, name, {name: (2020, summary), target: (2018, theirs)})
    assert (f.rule, f.suggestion) == ("DG002", target)


# The nouns of what a package is say nothing of which one: datamol-io's datamol (PyPI summary, 2026-12-05; 84
# releases since 2021), two edits from datadog (#416), was a "copy" of datadog's summary by the word "library" alone
# (held-out sets 217 and 220, molfeat's dependency: review rows left since session 32)
DATADOG = "The Datadog Python library"


def test_a_description_sharing_only_the_kind_of_package_with_its_targets_is_its_own(settings):
    summary = "A python library to work with molecules. Built on top of RDKit."
    answer, f = _judged(settings, "datamol", {"datamol": (2020, summary), "datadog": (2018, DATADOG)})
    assert answer.lookalike_of == "datadog"
    assert f.verdict is Verdict.OK


def test_a_description_that_names_the_lookalike_itself_beside_its_target_is_its_own(settings):
    # npm's cloudflared (held-out set 244: `npx cloudflared tunnel --url …`, the MCP Apps docs' tunnel): "Cloudflared in
    # Node. … HTTPS tunnels using Cloudflare's cloudflared", the Node wrapper of Cloudflare's program of that name, one
    # letter from cloudflare: it names itself, and its target as the maker of the thing it wraps
    answer, f = _judged(settings, "faqtory", {"faqtory": (2020, "Faqtory in Python: builds the FAQ pages of Faktory's "
                                                                "faqtory tool"), "faktory": (2018, FAKTORY)})
    assert answer.lookalike_of == "faktory"
    assert f.verdict is Verdict.OK


@pytest.mark.parametrize("summary", [
    "A Python library package module",  # nothing but the kind of package and the language: nothing of its own
    "The Datamol Python library",  # its own name, the language and the kind: nothing of its own
    "Python library for the Datadog API",  # names its target
])
def test_a_description_saying_nothing_but_the_kind_of_package_is_still_flagged(settings, summary):
    _, f = _judged(settings, "datamol", {"datamol": (2020, summary), "datadog": (2018, DATADOG)})
    assert (f.rule, f.suggestion) == ("DG002", "datadog")


@pytest.mark.parametrize("summary", [
    "Faqtory: Python worker for the Faktory project",  # names itself, but the rest is the target's own words
    "A Python worker for Faktory jobs, faqtor",  # names its target and a part of its own name only
])
def test_naming_itself_excuses_no_copy_and_no_part_of_its_name(settings, summary):
    _, f = _judged(settings, "faqtory", {"faqtory": (2020, summary), "faktory": (2018, FAKTORY)})
    assert (f.rule, f.suggestion) == ("DG002", "faktory")
