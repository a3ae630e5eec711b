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
