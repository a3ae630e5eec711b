"""Fence tags, file names and snippet sniffers are declared by each ecosystem (``[text]`` in its ecosystem.toml)
and the text reader only iterates over the declarations; a snippet no ecosystem recognises is never read as
another ecosystem's file (a vcpkg.json is not a package.json), and when its name says what it is, the user is
told it was not checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.ecosystems import catalog
from depguard.errors import ConfigError
from depguard.parsers import Source, formats_for
from depguard.text import mentions_in_text, route_tag, sniff
from depguard.text import routing as routing_module
from depguard.text.routing import build, routes

VCPKG = '{\n  "name": "my-app",\n  "version-string": "0.1.0",\n  "dependencies": ["fmt", "zlib", "boost-asio"]\n}'


def read(text: str) -> tuple[list[tuple[str, str, int]], list]:
    src = Source(path="answer.md", text=text)
    found = [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions_in_text(src)]
    return found, src.problems


def test_a_vcpkg_json_snippet_is_not_read_as_package_json():
    assert sniff(VCPKG) == ""
    assert sniff(VCPKG, "json") == ""
    found, problems = read(f"Add the libraries:\n\n```json\n{VCPKG}\n```\n")
    assert found == [] and problems == []  # not read, and not a package.json that yielded nothing either


@pytest.mark.parametrize("lead, fence", [
    ("Create `vcpkg.json` in the project root:", "```json"),
    ("**vcpkg.json**", "```"),
    ("Then:", '```json title="vcpkg.json"'),
])
def test_a_named_vcpkg_json_block_is_reported_as_not_checked(lead, fence):
    found, problems = read(f"# Setup\n\n{lead}\n\n{fence}\n{VCPKG}\n```\n")
    assert found == []
    [problem] = problems
    assert problem.kind == "unsupported"  # a note: it does not fail the run (exit code), it says what was not read
    assert "vcpkg.json" in problem.message and "not checked" in problem.message
    assert problem.location.path == "answer.md" and problem.location.line == 6  # the block's first line


def test_a_one_line_vcpkg_json_right_below_its_caption_is_reported_too():
    found, problems = read('Create `vcpkg.json`:\n```json\n{"name": "app", "dependencies": ["fmt", "zlib"]}\n```\n')
    assert found == [] and [(p.kind, p.location.line) for p in problems] == [("unsupported", 3)]


def test_a_named_file_without_dependencies_is_no_note():
    found, problems = read('Create `tsconfig.json`:\n\n```json\n{"compilerOptions": {"strict": true}}\n```\n')
    assert found == [] and problems == []


def test_package_json_snippets_are_still_read_strictly_and_leniently():
    found, _ = read('```json\n{"dependencies": {"left-pad": "^1.3.0"}}\n```\n')
    assert found == [("npm", "left-pad", 2)]
    found, problems = read('```json\n"dependencies": {\n  "expresss": "^4", // typo\n  ...\n}\n```\n')
    assert found == [("npm", "expresss", 3)] and problems == []  # the npm ecosystem's declared fallback


@pytest.mark.parametrize("info, route", [
    ("python", "code:snippet.py"), ("gemfile", "file:Gemfile"), ("toml", "sniff:toml"), ("make", "file:Makefile"),
    ("Podfile", "file:Podfile"), ("c#", "code:Program.cs"), ("vcpkg", "?vcpkg"),
])
def test_fence_tags_come_from_the_declarations(info, route):
    assert route_tag(info) == route


def test_every_declared_route_reaches_a_parser():
    table = routes()
    declared = {*table.tags.values(), *(s.route for s in table.sniffers), *(p.route for p in table.prompts)}
    for route in declared:
        kind, _, name = route.partition(":")
        if kind != "code":  # code routes read the commands in the code even where no import rule exists yet
            assert formats_for(name), f"{route}: no parser reads {name}"
    assert {s.owner for s in table.sniffers} <= set(catalog().ids())


def test_every_tag_and_sniffer_belongs_to_the_ecosystem_that_reads_it():
    owners = {}
    for eco in catalog():
        for route in eco.data.get("text", {}).get("tags", {}).values():
            owners.setdefault(route, set()).add(eco.id)
    assert all(len(ids) == 1 for ids in owners.values()), owners  # one owner per route


def declared(table: dict, eco_id: str = "toy", folder: str = "/x/toy") -> list:
    return [(eco_id, Path(folder), table)]


def test_a_new_ecosystem_routes_its_snippets_with_no_engine_edit(monkeypatch):
    toy = {"tags": {"vcpkg": "file:vcpkg.json"}, "files": ["vcpkg.json"],
           "sniffers": [{"route": "file:vcpkg.json", "order": 13, "json": True, "data": True,
                         "all": [r'"dependencies"\s*:\s*\[']}]}
    built = build([*((e.id, e.folder, e.data.get("text", {})) for e in catalog()), *declared(toy)])
    monkeypatch.setattr(routing_module, "_ROUTING", (catalog(), built))
    assert sniff(VCPKG) == "file:vcpkg.json"
    assert route_tag("vcpkg") == "file:vcpkg.json"
    assert built.file_name.fullmatch("vcpkg.json")
    assert sniff('{"dependencies": {"a": "1"}}') == "file:package.json"  # the others keep their routes


@pytest.mark.parametrize("table, message", [
    ({"tags": {"py": "code:x.py"}}, r"text\.tags\.py: already declared by pypi"),
    ({"tags": {"x": "snippet.x"}}, r"text\.tags\.x: expected 'file:<name>'"),
    ({"sniffers": [{"route": "file:a", "order": 1, "all": ["("]}]}, r"text\.sniffers\[0\]\.all: bad regular expression"),
    ({"sniffers": [{"route": "file:a", "order": 50}]}, r"text\.sniffers\[0\]\.order: expected a whole number other than 50"),
    ({"sniffers": [{"route": "file:a", "order": 1, "al": []}]}, r"text\.sniffers\[0\]: unknown key 'al'"),
    ({"fallback": {"a.json": "nofunction"}}, r"text\.fallback\.a\.json: expected 'module:function'"),
    ({"files": ["a b"]}, r"text\.files: 'a b' is neither"),
    ({"tagz": {}}, r"text: unknown key 'tagz'"),
])
def test_a_bad_text_table_is_a_config_error_naming_the_file_and_key(table, message):
    known = [(e.id, e.folder, e.data.get("text", {})) for e in catalog()]
    with pytest.raises(ConfigError, match=r"/x/toy/ecosystem\.toml: " + message):
        build([*known, *declared(table)])
