"""The project's name and home, as users and registries see them (issue 17): the distribution is named so
it cannot be confused with PyPI's unrelated ``depguard`` project, the command and import stay ``depguard``,
and nothing depguard writes (User-Agent, SARIF links, init's install line) points at that other project."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from depguard import about
from depguard.compat import tomllib
from depguard.http import USER_AGENT
from depguard.model import Report
from depguard.report import render

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PYPI_NAMES = Path("/work/.library/env/packages/pypi.tsv")  # PyPI's project names, one a line (where present)


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()  # PEP 503


def test_the_distribution_is_not_named_after_pypis_other_depguard():
    assert PYPROJECT["project"]["name"] == about.DISTRIBUTION
    assert normalise(about.DISTRIBUTION) != "depguard"
    assert PYPROJECT["project"]["scripts"]["depguard"] == "depguard.cli:entry"  # the command stays depguard
    assert PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["depguard"]  # and the import


@pytest.mark.skipif(not PYPI_NAMES.is_file(), reason="needs the list of PyPI project names")
def test_the_distribution_name_is_free_on_pypi():
    wanted = normalise(about.DISTRIBUTION)
    with PYPI_NAMES.open(encoding="utf-8", errors="replace") as fh:
        taken = {normalise(line.split("\t", 1)[0]) for line in fh} & {wanted, "depguard"}
    assert "depguard" in taken  # the list is the real one: the other project is on it
    assert wanted not in taken


def test_the_homepage_is_the_one_pyproject_declares():
    urls = PYPROJECT["project"].get("urls", {})
    assert about.HOMEPAGE == urls.get("Homepage")
    if about.HOMEPAGE:
        assert about.HOMEPAGE.startswith("https://")


def test_user_agent_names_tool_version_and_distribution_never_the_other_project():
    assert USER_AGENT.startswith("depguard/")
    assert about.DISTRIBUTION in USER_AGENT
    assert "pypi.org/project/depguard" not in USER_AGENT
    assert ("+" + about.HOMEPAGE in USER_AGENT) if about.HOMEPAGE else "://" not in USER_AGENT


def test_sarif_links_only_to_this_projects_docs_and_carries_each_rules_help():
    sarif = json.loads(render(Report(findings=(), problems=()), "sarif"))
    text = json.dumps(sarif)
    assert "pypi.org/project/depguard" not in text
    driver = sarif["runs"][0]["tool"]["driver"]
    links = {driver.get("informationUri")} | {r.get("helpUri") for r in driver["rules"]}
    assert links == {about.HOMEPAGE}
    missing = next(r for r in driver["rules"] if r["id"] == "DG001")
    assert "[allow]" in missing["help"]["markdown"] and "depguard: ignore" in missing["help"]["markdown"]
    assert "--allow" in missing["help"]["text"]
