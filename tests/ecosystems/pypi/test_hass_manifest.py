"""Home Assistant integration manifests: ``custom_components/<domain>/manifest.json`` lists PEP 508
requirements that Home Assistant pip-installs when it loads the integration (HACS installs custom
integrations so). They are install input, judged like a requirements file; other tools' ``manifest.json``
(Obsidian plugins, web app manifests) are not read."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from depguard.api import scan_paths
from depguard.model import Origin
from depguard.parsers import Source, formats_for, get_format

FIXTURES = Path(__file__).parent / "fixtures" / "hass_manifest"


def _mentions(rel: str):
    path = FIXTURES / rel
    source = Source(path=rel, text=path.read_text(encoding="utf-8"), fs_path=path, root=FIXTURES)
    found = list(get_format("hass-manifest").parse(source))
    return [(m.written, m.location.line, m.location.column) for m in found], source, found


@pytest.mark.parametrize(("rel", "expected"), [
    ("custom_components/example/manifest.json", [("aiogithubapi", 10, 6), ("croniter", 11, 6)]),
    ("custom_components/empty/manifest.json", []),
    # a git URL and a direct reference are not registry names; the pinned name beside them is
    ("custom_components/urls/manifest.json", [("watchdog", 4, 124)]),
    # Home Assistant loads an integration from the folder named after its domain: another folder's is not one
    ("custom_components/mismatch/manifest.json", []),
    # an Obsidian plugin's manifest and a web app manifest with comments are other tools' files
    ("obsidian/manifest.json", []),
    ("webapp/manifest.json", []),
])
def test_requirements_of_an_integration_manifest_are_read_at_their_place(rel, expected):
    mentions, source, found = _mentions(rel)
    assert mentions == expected
    assert all(m.origin is Origin.MANIFEST and m.key.ecosystem == "pypi" for m in found)
    assert not source.problems


def test_a_requirement_that_is_not_a_string_is_a_problem_at_its_line():
    mentions, source, _ = _mentions("custom_components/broken/manifest.json")
    assert mentions == [("croniter", 3, 25)]
    assert [(p.location.line, "not a string" in p.message) for p in source.problems] == [(3, True)]


def test_every_manifest_json_reaches_the_reader_as_a_pypi_manifest():
    assert [(f.name, f.kind) for f in formats_for("custom_components/x/manifest.json") if f.ecosystem == "pypi"
            and f.kind != "source"] == [("hass-manifest", "manifest")]


def _nothing_exists() -> httpx.MockTransport:
    return httpx.MockTransport(lambda request: httpx.Response(404, content=b'{"message": "Not Found"}'))


def test_an_invented_requirement_of_a_custom_integration_is_reported_missing(tmp_path, settings):
    integration = tmp_path / "custom_components" / "garage_door"
    integration.mkdir(parents=True)
    (integration / "manifest.json").write_text(json.dumps({
        "domain": "garage_door", "name": "Garage door", "dependencies": ["http"], "codeowners": ["@me"],
        "iot_class": "local_polling", "requirements": ["pygaragedoor-lan-api==0.3.1"], "version": "1.0.0",
    }, indent=2), encoding="utf-8")
    (tmp_path / "plugin").mkdir()
    (tmp_path / "plugin" / "manifest.json").write_text(
        '{"id": "plugin", "name": "Plugin", "version": "1.0.0", "minAppVersion": "1.0.0"}', encoding="utf-8")
    report = scan_paths([tmp_path], settings=settings, transport=_nothing_exists())
    found = {f.mention.key.name: f for f in report.findings if f.mention.key.ecosystem == "pypi"}
    assert list(found) == ["pygaragedoor-lan-api"]
    finding = found["pygaragedoor-lan-api"]
    assert finding.verdict == "missing"
    assert (finding.mention.location.path.endswith("garage_door/manifest.json"), finding.mention.location.line) == (True, 12)
