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


def test_a_named_config_whose_dependency_keys_hold_a_scalar_or_build_tasks_is_no_note():
    # changesets' docs show `.changeset/config.json` (a VitePress code-group title); rushstack's plug-in README a heft.json
    changesets = ('```json [.changeset/config.json]\n{\n  "changelog": "@changesets/cli/changelog",\n  "commit": false,\n'
                  '  "updateInternalDependencies": "patch",\n  "ignore": []\n}\n```\n')
    heft = ('Load the plug-in in your project\'s **config/heft.json**:\n\n```jsonc\n{\n  "phasesByName": {"build": {\n'
            '    "tasksByName": {"typescript": {\n      "taskDependencies": ["image-typings"]\n    }}}}\n}\n```\n')
    for text in (changesets, heft):
        found, problems = read(text)
        assert found == [] and problems == []
    # a list of packages under a key of the same kind is still told as not read
    found, problems = read('Create `vcpkg.json`:\n```json\n{"name": "app", "dependencies": ["fmt"], "x": "patch"}\n```\n')
    assert found == [] and [p.kind for p in problems] == ["unsupported"]


def test_package_json_snippets_are_still_read_strictly_and_leniently():
    found, _ = read('```json\n{"dependencies": {"left-pad": "^1.3.0"}}\n```\n')
    assert found == [("npm", "left-pad", 2)]
    found, problems = read('```json\n"dependencies": {\n  "expresss": "^4", // typo\n  ...\n}\n```\n')
    assert found == [("npm", "expresss", 3)] and problems == []  # the npm ecosystem's declared fallback


def test_a_block_that_includes_a_file_of_the_tree_with_mkdocs_snippets_is_no_problem():
    # pixi's docs: ```toml title="pixi.toml"``` holding only `--8<-- "docs/source_files/…/pixi.toml:minimal"`, the file
    # MkDocs' snippets extension includes when the site is built (the scan reads that file as itself); a block mixing
    # the line with settings is read without it, and a block that is no TOML at all is still a problem
    found, problems = read('```toml title="pixi.toml"\n--8<-- "docs/source_files/pixi_build/dev/pixi.toml:minimal"\n```\n')
    assert found == [] and problems == []
    found, problems = read('```toml title="pixi.toml"\n--8<-- "docs/snippets/head.toml"\n[dependencies]\n'
                           'pandas = "*"\n```\n')
    assert found == [("conda", "pandas", 4)] and problems == []
    found, problems = read('```toml title="pixi.toml"\nthis is not toml\n```\n')
    assert [p.kind for p in problems] == ["parse"]


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


def _patterns(built) -> list:
    return [built.file_name, *(p.pattern for p in built.prompts),
            *(rx for s in built.sniffers for rx in (*s.all, *s.any, *s.none, *s.before, *([s.lines] if s.lines else [])))]


def _compiled(pattern) -> bool:
    return "compiled" in vars(pattern)  # lazyre keeps the compiled pattern on the instance once it is used


def test_routing_of_tables_read_from_the_files_compiles_every_pattern_and_of_stored_tables_none():
    known = [(e.id, e.folder, e.data.get("text", {})) for e in catalog()]
    read = _patterns(build(known))
    stored = _patterns(build(known, checked=True))
    assert len(read) == len(stored) > 30
    assert all(_compiled(p) for p in read)
    assert not any(_compiled(p) for p in stored)  # a run compiles the few its blocks need


def test_a_sniffer_of_stored_tables_answers_as_one_compiled_at_once():
    known = [(e.id, e.folder, e.data.get("text", {})) for e in catalog()]
    for eager, lazy in zip(build(known).sniffers, build(known, checked=True).sniffers):
        for text in (VCPKG, "[project]\nname = 'x'\ndependencies = ['a']\n", "requests==2.0\nflask\n", "gem 'rails'\n"):
            assert eager.matches(text, text.splitlines(), "Add it:") == lazy.matches(text, text.splitlines(), "Add it:")


def _ecosystem_copy(tmp_path, monkeypatch, sniffer_pattern: str):
    import shutil

    from depguard import ecosystems

    root = tmp_path / "ecos"
    shutil.copytree(ecosystems.data_root() / "pypi", root / "pypi")
    toml = root / "pypi" / "ecosystem.toml"
    toml.write_text(toml.read_text() + f"\n[[text.sniffers]]\nroute = \"file:x.txt\"\norder = 99\nall = ['{sniffer_pattern}']\n")
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    return root, tmp_path / "cache" / "ecosystems.marshal"


def test_tables_whose_routing_builds_are_stored_and_then_trusted(tmp_path, monkeypatch):
    from depguard import ecosystems

    root, stored = _ecosystem_copy(tmp_path, monkeypatch, "^x$")
    first = ecosystems.load_catalog.__wrapped__(root)
    assert stored.is_file() and not first.stored
    assert ecosystems.load_catalog.__wrapped__(root).stored


def test_a_bad_sniffer_pattern_keeps_its_tables_out_of_the_store_and_stays_a_config_error(tmp_path, monkeypatch):
    from depguard import ecosystems

    root, stored = _ecosystem_copy(tmp_path, monkeypatch, "(")
    for _ in range(2):  # every run reads the file again, and its routing says what is wrong
        cat = ecosystems.load_catalog.__wrapped__(root)
        assert not stored.exists() and not cat.stored
        with pytest.raises(ConfigError, match=r"pypi/ecosystem\.toml: text\.sniffers\[\d+\]\.all: bad regular expression"):
            build(((e.id, e.folder, e.data.get("text", {})) for e in cat), cat.stored)
