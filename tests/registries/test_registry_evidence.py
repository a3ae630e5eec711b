"""Evidence beyond the name in registry answers (issue 15): PyPI's yanked state, npm deprecation messages
that name the real package, and "every version" markers that count versions without the field."""

from __future__ import annotations

from dataclasses import replace

import httpx

from depguard.checks import CheckContext, judge
from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Location, Mention, Origin, PackageKey, Verdict

from ..conftest import CASSETTE_DAY


def _answers(settings, eco: str, doc: dict, name: str):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=doc)
    key = PackageKey(eco, name)
    s = replace(settings, registries={"pypi": "https://pypi.test", "npm": "https://npm.test"})
    return resolve([key], s, transport=httpx.MockTransport(handler))[key]


def _judge(settings, answer):
    m = Mention(answer.key, answer.key.name, Location("x", 1, 1), Origin.MANIFEST, "test")
    return judge(m, answer, CheckContext(settings, CASSETTE_DAY))


def _pypi(name: str, yanked_info: bool, files_yanked: bool) -> dict:
    files = [{"upload_time_iso_8601": "2020-01-01T00:00:00Z", "yanked": files_yanked, "filename": f"{name}.tar.gz"}]
    return {"info": {"name": name, "version": "1.0", "summary": "", "yanked": yanked_info,
                     "yanked_reason": "malware" if yanked_info else None},
            "releases": {"1.0": files}, "urls": files}


def test_pypi_project_whose_info_is_yanked_is_marked(settings):
    a = _answers(settings, "pypi", _pypi("tidy-yanked", True, False), "tidy-yanked")
    assert "all-yanked" in a.markers
    assert "every release is yanked" in _judge(settings, a).reasons
    assert "all-yanked" not in _answers(settings, "pypi", _pypi("tidy-kept", False, False), "tidy-kept").markers


def _npm(name: str, deprecated: dict[str, str]) -> dict:
    versions = {v: {"name": name, "version": v, **({"deprecated": deprecated[v]} if v in deprecated else {})}
                for v in ("1.0.0", "1.1.0", "2.0.0")}
    return {"_id": name, "name": name, "description": "", "dist-tags": {"latest": "2.0.0"}, "versions": versions,
            "time": {"created": "2019-01-01T00:00:00Z", "modified": "2024-01-01T00:00:00Z"}}


def test_one_deprecated_version_does_not_make_every_version_deprecated(settings):
    a = _answers(settings, "npm", _npm("tidy-lib", {"1.0.0": "critical bug, use 1.1.0"}), "tidy-lib")
    assert "deprecated" not in a.markers
    assert a.description is None  # a note on one version is not the package's message


def test_npm_deprecation_message_naming_the_real_package_is_the_did_you_mean(settings):
    note = "this package has been renamed to lodash"
    a = _answers(settings, "npm", _npm("lodash-utils-x", dict.fromkeys(("1.0.0", "1.1.0", "2.0.0"), note)),
                 "lodash-utils-x")
    assert "deprecated" in a.markers and a.description == f"deprecated: {note}"
    f = _judge(settings, a)
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "lodash")
    assert catalog().get("npm")  # the shipped npm data declares the deprecation path
