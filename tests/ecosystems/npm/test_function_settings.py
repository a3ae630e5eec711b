"""Azure Functions' local settings: the ``Values`` map is the environment of the Functions host's Node workers, so its
``NODE_OPTIONS`` preloads what it names in each (newrelic-node-examples' azure-functions/example_local.settings.json:
``"NODE_OPTIONS": "-r newrelic"``). Before, nothing read the file; now each id is judged as a require there."""

from __future__ import annotations

from depguard.parsers import Source, formats_for, get_format
from tests.test_docs_examples import verdicts, write

SETTINGS = ('{\n  "IsEncrypted": false,\n  "Values": {\n    "FUNCTIONS_WORKER_RUNTIME": "node",\n'
            '    "NODE_OPTIONS": "-r prettier/register --require ./preload.js --require zq-invented-worker-hook",\n'
            '    "NEW_RELIC_APP_NAME": ""\n  }\n}\n')


def test_each_preload_of_the_settings_node_options_is_a_require_at_its_place():
    assert "azure-functions-settings" in {f.name for f in formats_for("example_local.settings.json")}
    lines = SETTINGS.split("\n")
    found = list(get_format("azure-functions-settings").parse(Source(path="local.settings.json", text=SETTINGS)))
    assert [(m.key.name, m.origin.value, m.location.line) for m in found] == [
        ("prettier", "import", 5), ("zq-invented-worker-hook", "import", 5)]
    assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)


def test_a_scan_flags_an_invented_preload_and_not_a_file_of_the_tree(tmp_path):
    write(tmp_path, {"app/local.settings.json": SETTINGS, "app/preload.js": "",
                     "app/package.json": '{"name": "fn", "private": true}\n'})
    got = {k: v for k, v in verdicts(tmp_path).items() if k[0] == "app/local.settings.json"}
    assert got == {("app/local.settings.json", "prettier"): "ok",
                   ("app/local.settings.json", "zq-invented-worker-hook"): "missing"}


def test_settings_without_a_preload_or_of_another_shape_name_nothing():
    parse = get_format("azure-functions-settings").parse
    for text in ('{"Values": {"NODE_OPTIONS": "--max-old-space-size=4096"}}', '{"NODE_OPTIONS": "-r zq-not-in-values"}',
                 '{"Values": {"NODE_OPTIONS": 3}}', '["NODE_OPTIONS"]', '{"Values": {"NODE_OPTIONS": "-r \\u0078"}}',
                 "{not json NODE_OPTIONS"):
        assert list(parse(Source(path="local.settings.json", text=text))) == []
