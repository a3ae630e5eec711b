"""DG002: a name first released before the popular name it resembles cannot be imitating it (H10).

The original ``django-sendfile`` (first upload 2011) was judged a look-alike of its own later fork
``django-sendfile2`` (first upload 2018; on PyPI's popular list, the original is not). The lookup asks for the
target's first release only for an established look-alike, once per target; a loopback PyPI
(``httpx.MockTransport``) serves JSON answers shaped like PyPI's with those dates.
"""

from __future__ import annotations

from dataclasses import replace

import httpx

from depguard.checks import CheckContext, judge
from depguard.lookup import resolve
from depguard.model import Location, Mention, Origin, PackageKey, Verdict

from ..conftest import CASSETTE_DAY


def _pypi(first_years: dict[str, int], seen: list[str]) -> httpx.MockTransport:
    """PyPI's JSON API for the given projects: six releases, one a year from the given year (months for 2026)."""
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        name = request.url.path.split("/")[2]
        if name not in first_years:
            return httpx.Response(404, json={"message": "Not Found"})
        first = first_years[name]
        dates = [f"{first}-0{i + 1}-01" if first >= 2026 else f"{first + i}-03-01" for i in range(6)]
        releases = {f"0.{i}.0": [{"upload_time_iso_8601": f"{d}T12:00:00.000000Z", "yanked": False,
                                  "packagetype": "sdist", "filename": f"{name}-0.{i}.0.tar.gz"}]
                    for i, d in enumerate(dates)}
        return httpx.Response(200, json={"info": {"name": name, "version": "0.5.0", "summary": "Send files",
                                                  "yanked": False}, "releases": releases,
                                         "urls": releases["0.5.0"], "vulnerabilities": []})
    return httpx.MockTransport(handler)


def _judged(settings, name: str, first_years: dict[str, int], seen: list[str]):
    s = replace(settings, registries={**settings.registries, "pypi": "https://pypi.test"}, now=CASSETTE_DAY)
    key = PackageKey("pypi", name)
    answer = resolve([key], s, transport=_pypi(first_years, seen))[key]
    m = Mention(key, name, Location("tox.ini", 22, 5), Origin.MANIFEST, "test")
    return answer, judge(m, answer, CheckContext(s, CASSETTE_DAY))


def test_a_name_older_than_the_popular_name_it_resembles_is_not_its_lookalike(settings):
    seen: list[str] = []
    answer, f = _judged(settings, "django-sendfile", {"django-sendfile": 2011, "django-sendfile2": 2018}, seen)
    assert (answer.lookalike_of, answer.lookalike_of_since.year) == ("django-sendfile2", 2018)
    assert f.verdict is Verdict.OK
    assert sum("django-sendfile2" in p for p in seen) == 1  # the target asked once


def test_a_lookalike_younger_than_its_target_is_still_flagged(settings):
    seen: list[str] = []
    answer, f = _judged(settings, "django-sendfile", {"django-sendfile": 2019, "django-sendfile2": 2018}, seen)
    assert (f.rule, f.suggestion) == ("DG002", "django-sendfile2")


def test_without_the_targets_first_release_nothing_changes(settings):
    seen: list[str] = []  # the target cannot be had (here: the registry lacks it): judged as before
    answer, f = _judged(settings, "django-sendfile", {"django-sendfile": 2011}, seen)
    assert answer.lookalike_of_since is None
    assert (f.rule, f.suggestion) == ("DG002", "django-sendfile2")


def test_only_established_lookalikes_ask_for_their_targets_first_release(settings):
    seen: list[str] = []  # an ordinary name, and a young look-alike: no request beyond their own
    _judged(settings, "flask", {"flask": 2010}, seen)
    _judged(settings, "reqeusts", {"reqeusts": 2026, "requests": 2011}, seen)
    assert not any("/requests/" in p for p in seen)


def test_a_name_older_than_every_popular_name_it_resembles_imitates_none_of_them(settings):
    # ipython's qt_loaders imports PySide (first upload 2011), one letter from both PySide2 (2018) and PySide6 (2020):
    # the original binding, older than both successors. One of them older than the name still makes it a look-alike
    seen: list[str] = []
    answer, f = _judged(settings, "pyside", {"pyside": 2011, "pyside2": 2018, "pyside6": 2020}, seen)
    assert set(answer.lookalike_predated) == {"pyside2", "pyside6"}
    assert f.verdict is Verdict.OK
    answer, f = _judged(settings, "pyside", {"pyside": 2019, "pyside2": 2018, "pyside6": 2020}, [])
    assert answer.lookalike_predated == ("pyside6",)
    assert (f.rule, f.suggestion) == ("DG002", "pyside2")


def _one_release(name: str, year: int, transport: httpx.MockTransport) -> httpx.MockTransport:
    """``transport`` with ``name`` answered as a project of one release in ``year`` (no description)."""
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.split("/")[2] != name:
            return transport.handle_request(request)
        files = [{"upload_time_iso_8601": f"{year}-03-01T12:00:00.000000Z", "yanked": False, "packagetype": "sdist",
                  "filename": f"{name}-1.0.tar.gz"}]
        return httpx.Response(200, json={"info": {"name": name, "version": "1.0", "summary": "", "yanked": False},
                                         "releases": {"1.0": files}, "urls": files, "vulnerabilities": []})
    return httpx.MockTransport(handler)


def test_a_settled_name_of_one_release_older_than_each_popular_name_it_resembles_imitates_none(settings):
    # spaCy's setup.cfg extra cuda117 (held-out set 55): cupy-cuda117, one release (2022-06-30), one edit from
    # cupy-cuda11x (2022-07-28) and two from cupy-cuda12x (2023-01-19). Not established, so only the best target's
    # first release was asked: cupy-cuda11x was dropped as predated and the finding fell to cupy-cuda12x, unasked.
    # Each of a few targets' first releases is asked now; one target older than the name still makes it a look-alike
    seen: list[str] = []
    s = replace(settings, registries={**settings.registries, "pypi": "https://pypi.test"}, now=CASSETTE_DAY)
    key = PackageKey("pypi", "pyside")
    m = Mention(key, "pyside", Location("setup.cfg", 112, 5), Origin.MANIFEST, "test")
    answer = resolve([key], s, transport=_one_release("pyside", 2011, _pypi({"pyside2": 2018, "pyside6": 2020}, seen)))[key]
    assert answer.version_count == 1 and set(answer.lookalike_predated) == {"pyside2", "pyside6"}
    assert judge(m, answer, CheckContext(s, CASSETTE_DAY)).verdict is Verdict.OK
    assert answer.lookalike_others == ()  # their descriptions are kept only for an established name
    answer = resolve([key], s, transport=_one_release("pyside", 2019, _pypi({"pyside2": 2018, "pyside6": 2020}, [])))[key]
    assert answer.lookalike_predated == ("pyside6",)
    f = judge(m, answer, CheckContext(s, CASSETTE_DAY))
    assert (f.rule, f.suggestion) == ("DG002", "pyside2")
