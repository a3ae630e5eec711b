"""Mocha's configuration file requires modules before the tests (``"require": "ts-node/register"``), as ``mocha -r``
does: each id is judged as a ``require`` written there. Before, nothing read ``.mocharc.*`` (mochajs/mocha-examples'
packages, AdobeDocs' express-add-on-samples, PlasmoHQ's examples hold the shape)."""

from __future__ import annotations

from depguard.parsers import Source, get_format
from tests.test_docs_examples import verdicts, write

# the shapes of mochajs/mocha-examples' packages/typescript/.mocharc.json and packages/babel/.mocharc.yaml
JSON = '{\n  // comment\n  "extension": ["ts"],\n  "spec": "test/**/*.spec.ts",\n  "require": ["prettier/register", "./test/setup.js", "zq-invented-register"]\n}\n'
YAML = "require: 'prettier/register'\nspec: test/**/*.js\n"


def test_each_required_id_is_a_require_at_its_place():
    for path, text, want in ((".mocharc.jsonc", JSON, [("prettier", 5), ("zq-invented-register", 5)]),
                             (".mocharc.yaml", YAML, [("prettier", 1)])):
        lines = text.split("\n")
        found = list(get_format("mocharc").parse(Source(path=path, text=text)))
        assert [(m.key.name, m.location.line) for m in found] == want
        assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)


def test_a_scan_flags_an_invented_id_and_not_a_file_of_the_tree(tmp_path):
    write(tmp_path, {".mocharc.json": JSON.replace("  // comment\n", ""), "test/setup.js": "",
                     "package.json": '{"name": "demo", "private": true}\n'})
    got = verdicts(tmp_path)
    assert {k: v for k, v in got.items() if k[0] == ".mocharc.json"} == {
        (".mocharc.json", "prettier"): "ok", (".mocharc.json", "zq-invented-register"): "missing"}


def test_a_config_without_require_or_of_another_shape_names_nothing():
    parse = get_format("mocharc").parse
    assert list(parse(Source(path=".mocharc.json", text='{"spec": "test"}'))) == []
    assert list(parse(Source(path=".mocharc.yml", text="- require\n"))) == []
    assert list(parse(Source(path=".mocharc.json", text='{"require": {"x": 1}}'))) == []


# nyc's configuration: import-js/eslint-plugin-import's .nycrc (`"require": ["babel-register"]`) and novu's package.json
# `"nyc": {"extends": "@istanbuljs/nyc-config-typescript", …}`; a package.json's "mocha" block is Mocha's configuration
NYCRC = '{\n  "reporter": ["lcov", "text"],\n  "require": ["prettier/register", "zq-invented-nyc-hook"],\n  "extends": "./nyc.base.json"\n}\n'
PACKAGE = ('{\n  "name": "demo",\n  "private": true,\n  "scripts": {"test": "nyc mocha"},\n'
           '  "nyc": {\n    "extends": "zq-invented-nyc-config",\n    "reporter": ["html"]\n  },\n'
           '  "mocha": {"require": ["./test/setup.js", "prettier/register"], "spec": "test"}\n}\n')


def test_nycs_require_and_extends_and_a_package_jsons_blocks_are_requires_at_their_places():
    for fmt, path, text, want in (("nycrc", ".nycrc", NYCRC, [("prettier", 3), ("zq-invented-nyc-hook", 3)]),
                                  ("nycrc", ".nycrc.yml", "extends: zq-yaml-config\nall: true\n", [("zq-yaml-config", 1)]),
                                  ("package-json-test-preloads", "package.json", PACKAGE,
                                   [("zq-invented-nyc-config", 6), ("prettier", 9)])):
        lines = text.split("\n")
        found = list(get_format(fmt).parse(Source(path=path, text=text)))
        assert sorted((m.key.name, m.location.line) for m in found) == sorted(want)
        assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)


def test_a_scan_flags_invented_nyc_and_package_json_ids_and_not_files_of_the_tree(tmp_path):
    write(tmp_path, {".nycrc": NYCRC, "nyc.base.json": "{}\n", "test/setup.js": "", "package.json": PACKAGE})
    got = verdicts(tmp_path)
    assert {k: v for k, v in got.items() if k[0] == ".nycrc"} == {
        (".nycrc", "prettier"): "ok", (".nycrc", "zq-invented-nyc-hook"): "missing"}
    assert {k: v for k, v in got.items() if k[0] == "package.json" and k[1] != "nyc"} == {
        ("package.json", "zq-invented-nyc-config"): "missing", ("package.json", "prettier"): "ok"}


def test_a_package_json_without_those_blocks_or_of_another_shape_names_nothing():
    parse = get_format("package-json-test-preloads").parse
    assert list(parse(Source(path="package.json", text='{"name": "a", "scripts": {"test": "mocha"}}'))) == []
    assert list(parse(Source(path="package.json", text='{"nyc": "x", "mocha": ["zq"]}'))) == []
    assert list(parse(Source(path="package.json", text='{"nyc": {'))) == []  # invalid: the package.json format's problem
    assert list(get_format("nycrc").parse(Source(path=".nycrc", text='{"reporter": "lcov"}'))) == []


def test_ids_not_written_as_they_parse_cost_a_bounded_read():
    # l38: each required id was looked for up to the text's end and an id written otherwise than it parses (an escaped
    # JSON string) is never found: a pass over the config each (20,000 in 370 KB: 2.6 s; benchmarks/crafted_inputs.py).
    # After MISS_PASSES passes an id is looked for near the last one found: the text read stays linear in the ids,
    # and a plain id after the escaped ones is still a require (at its place, with a few)
    from depguard.ecosystems.npm import mocharc

    read: list[int] = []

    class Counting(str):
        def find(self, sub, start=0, end=None):
            read.append((len(self) if end is None else min(end, len(self))) - start)
            return str.find(self, sub, start, len(self) if end is None else end)

    n = 2_000
    text = '{"require": [' + ", ".join(f'"mod\\u002d{i}"' for i in range(n)) + ', "ts-node/register"]}'
    found = list(get_format("mocharc").parse(Source(".mocharc.json", Counting(text))))
    assert read and sum(read) <= (mocharc.MISS_PASSES + 2) * len(text) + n * (mocharc.NEAR_CHARS + 40)  # 30 M before
    assert "ts-node" in {m.key.name for m in found}
    small = '{"require": [' + ", ".join(f'"mod\\u002d{i}"' for i in range(5)) + ', "ts-node/register"]}'
    assert [(m.key.name, m.location.column) for m in get_format("mocharc").parse(Source(".mocharc.json", small))] == [
        ("ts-node", small.index('"ts-node/register"') + 2)]
