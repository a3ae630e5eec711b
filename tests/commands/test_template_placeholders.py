"""A project template's placeholders inside command lines (held-out set 25, project templates and scaffolders):
``{{ cookiecutter.x }}``, ``{% if %}`` and EJS ``<%= x %>`` are no names, and a real package a template installs
in any branch is still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.commands import analyze
from depguard.commands.placeholders import without_template_tags
from tests.trees import scan

# ionelmc/cookiecutter-pylibrary: the generated project's README and CI workflow, each a Jinja template
PYLIBRARY = {
    "cookiecutter.json": '{"distribution_name": "nameless", "repo_username": "ionelmc", "c_extension_support": "no"}\n',
    "{{cookiecutter.repo_name}}/README.rst": (
        "Installation\n============\n\n::\n\n    pip install {{ cookiecutter.distribution_name }}\n\n"
        "You can also install the in-development version with::\n"
        '{% if cookiecutter.repo_hosting_domain == "github.com" %}\n'
        "    pip install https://github.com/{{ cookiecutter.repo_username }}/{{ cookiecutter.repo_name }}"
        "/archive/{{ cookiecutter.repo_main_branch }}.zip\n"
        "{% else %}\n"
        "    pip install git+ssh://git@{{ cookiecutter.repo_hosting_domain }}/{{ cookiecutter.repo_username }}"
        "/{{ cookiecutter.repo_name }}.git@{{ cookiecutter.repo_main_branch }}\n"
        "{%- endif %}\n\nDevelopment\n===========\n\n::\n\n    pip install tox {{ cookiecutter.invented_extra }}\n"),
    "{{cookiecutter.repo_name}}/ci/templates/.github/workflows/github-actions.yml": (
        "name: build\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
        "    - name: install dependencies\n      run: |\n"
        "        python -mpip install --progress-bar=off{% if cookiecutter.c_extension_support != 'no' %}"
        " cibuildwheel{% endif %} -r ci/requirements.txt\n"
        "        pip install nameless-invented=={{ cookiecutter.version }}\n"),
}


def test_a_templates_placeholders_in_install_commands_are_no_names(tmp_path):
    for rel, text in PYLIBRARY.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    got = {(Path(m.location.path).name, m.key.name, m.location.line) for m in scan(tmp_path).mentions
           if m.key.ecosystem == "pypi"}
    # every branch's real package is judged (cibuildwheel, tox), a name before a version slot too; no word of a
    # placeholder or a statement (cookiecutter-distribution-name, if, endif, no) is a name
    assert got == {("README.rst", "tox", 20), ("github-actions.yml", "cibuildwheel", 9),
                   ("github-actions.yml", "nameless-invented", 10)}


def test_columns_are_kept_and_every_branch_is_read():
    line = "pip install --progress-bar=off{% if c != 'no' %} cibuildwheel{% endif %} {{ x.y }} ruff=={{ v }} z"
    out = without_template_tags(line)
    assert len(out) == len(line) and "{" not in out.replace("${", "").replace("}", "")
    assert [t.name for t in analyze(line).installs] == ["cibuildwheel", "ruff", "z"]


def test_ejs_tags_of_a_yeoman_template_are_no_commands():
    # microsoft/vscode-generator-code: `"pretest": "<%= pkgManager %> run compile && <%= pkgManager %> run lint"`
    assert analyze("<%= pkgManager %> install <%- dep %> left-pad<% if (x) { %> right-pad<% } %>").installs == ()
    assert [t.name for t in analyze("npm install <%- dep %> left-pad<% if (x) { %> right-pad<% } %>").installs] == [
        "left-pad", "right-pad"]
