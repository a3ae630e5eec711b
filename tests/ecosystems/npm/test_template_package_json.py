"""A package.json that is a generator's template (held-out set 25: microsoft/vscode-generator-code, Yeoman with
EJS): read as the JSON it renders to, every dependency it declares judged, its tags no problem."""

from __future__ import annotations

from depguard.parsers.template_json import rendered_json_text
from tests.trees import scan

TEMPLATE = "generators/app/templates/ext-notebook-renderer"
GENERATOR = {
    "package.json": '{"name": "generator-code", "dependencies": {"yeoman-generator": "^7.0.0"}}\n',
    f"{TEMPLATE}/package.json": (
        '{\n  "name": <%- JSON.stringify(name) %>,\n  "version": "0.0.1",\n'
        '  "main": "./out/extension.js",<% if (insiders) { %>\n  "enabledApiProposals": [],<% } %>\n'
        '  "scripts": {\n    "pretest": "<%= pkgManager %> run compile && <%= pkgManager %> run lint"\n  },\n'
        '  "devDependencies": {\n    <%- dep("@types/vscode-notebook-renderer") %>,\n    <%- dep("css-loader") %>,\n'
        '    <%- dep("vscode-invented-overlay") %><% if (insiders) { %>,\n    <%- dep("vscode-dts") %><% } %>,\n'
        '    <%- extraDependencies %>\n  }\n}\n'),
    f"{TEMPLATE}/src/client/index.ts": (
        "import type { ActivationFunction } from 'vscode-notebook-renderer';\nimport css from 'css-loader';\n"),
}


def test_a_generators_ejs_package_json_declares_its_dependencies(tmp_path):
    for rel, text in GENERATOR.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    manifest = {(m.key.name, m.location.line) for m in collected.mentions
                if m.location.path == f"{TEMPLATE}/package.json"}
    assert manifest == {("@types/vscode-notebook-renderer", 10), ("css-loader", 10 + 1),
                        ("vscode-invented-overlay", 12), ("vscode-dts", 13)}  # an invented one stays judged
    imports = {m.key.name for m in collected.mentions if m.location.path.endswith("index.ts")}
    assert imports == {"@types/vscode-notebook-renderer", "css-loader"}  # a type import of the declared @types


def test_lines_and_columns_are_kept_and_a_plain_file_is_left_alone():
    text = GENERATOR[f"{TEMPLATE}/package.json"]
    rendered = rendered_json_text(text)
    assert rendered is not None
    assert [len(line) for line in rendered.split("\n")] == [len(line) for line in text.split("\n")]
    assert rendered_json_text('{"name": "x"}') is None


def test_a_templates_placeholder_key_is_no_dependency(tmp_path):
    # a probe of held-out set 207's category (chezmoi templates, read as the files they render to since 4939065): a
    # package.json template whose dependency key is a placeholder ({{ cookiecutter.dep }}, chezmoi's {{ .dep }}) named
    # a package "{{ cookiecutter.dep }}", reported invalid; the rendering names it. Its written names stay judged
    from tests.trees import judged, verdicts, write

    write(tmp_path, {
        "template/package.json.jinja": '{\n  "dependencies": {\n    "{{ cookiecutter.dep }}": "*",\n'
                                       '    "{% if x %}a{% endif %}": "1",\n    "left-pad": "1",\n'
                                       '    "dgx-invented-templated-dep": "^1"\n  }\n}\n',
        "home/dot_config/tool/package.json.tmpl": '{"dependencies": {"{{ .dep }}": "*", "left-pad": "1"}}\n',
    })
    got = verdicts(judged(tmp_path, {"left-pad"}))
    assert got == {
        ("template/package.json.jinja", "left-pad"): "ok",
        ("template/package.json.jinja", "dgx-invented-templated-dep"): "missing",
        ("home/dot_config/tool/package.json.tmpl", "left-pad"): "ok",
    }
