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


# tldr-pages/tldr (held-out set 210, curated lists and cheat sheets): pages/common/conda-create.md,
# conda-install.md and conda-update.md write each option both ways, `{{[-n|--name]}}`, so a client can show either
TLDR_CONDA = (
    "# conda create\n\n> Create new conda environments.\n\n"
    "- Create a new environment named `py39`, install Python 3.9, NumPy v1.11 or above in it, and the latest "
    "stable version of SciPy. Say yes to all confirmations:\n\n"
    '`conda create {{[-y|--yes]}} {{[-n|--name]}} py39 python=3.9 "numpy>=1.11" scipy`\n\n'
    "- Install packages from a channel:\n\n`conda install {{[-c|--channel]}} conda-forge {{package}}`\n\n"
    "- Update conda in the base environment:\n\n`conda update {{[-n|--name]}} base conda`\n\n"
    # made-up neighbours: a name after an option placeholder, and after a subcommand written both ways
    "- Install a package globally:\n\n`npm {{[i|install]}} {{[-g|--global]}} tldr-invented-cli`\n\n"
    "- Add a crate with a feature:\n\n`cargo add serde-invented-zz {{[-F|--features]}} derive`\n\n"
    "- Run a package's binary:\n\n`npx {{[-p|--package]}} invented-binpkg-zz othercmd`\n"
)


def test_a_tldr_pages_option_placeholders_are_options(tmp_path):
    (tmp_path / "pages" / "common").mkdir(parents=True)
    (tmp_path / "pages" / "common" / "conda.md").write_text(TLDR_CONDA, encoding="utf-8")
    got = {(m.key.ecosystem, m.key.name) for m in scan(tmp_path).mentions}
    # the environment (py39, base), the channel (conda-forge) and the feature (derive) are an option's values;
    # the packages are still read, and so is a name after a subcommand written `{{[i|install]}}`
    assert got == {("conda", "python"), ("conda", "numpy"), ("conda", "scipy"), ("conda", "conda"),
                   ("npm", "tldr-invented-cli"), ("cargo", "serde_invented_zz"), ("npm", "invented-binpkg-zz")}


def test_an_option_placeholder_keeps_its_columns_and_a_glued_value():
    line = "xmake {{[i|install]}} {{[-o|--installdir=]}}dist pip {{[-r|--requirement]}} reqs.txt"
    out = without_template_tags(line)
    assert len(out) == len(line)
    assert out.split() == ["xmake", "install", "--installdir=dist", "pip", "--requirement", "reqs.txt"]


def test_a_slot_in_angle_brackets_standing_as_a_word_or_a_value_is_no_redirection():
    # set 216: jupyter/docker-stacks' docs/using/troubleshooting.md runs `docker run --detach \ -v <my-vol>:<container-dir>
    # \ -p 8888:8888 … quay.io/jupyter/minimal-notebook`: read as redirections, `-v` took `-p` and the image read was
    # `8888:8888` (library/8888), the real one lost. A slot as a word or an option's value is the reader's to fill
    def names(line: str) -> list[tuple[str, str]]:
        return [(t.ecosystem, t.name) for t in analyze(line).installs]

    line = "docker run --detach -v <my-vol>:<container-dir> -p 8888:8888 --user root quay.io/jupyter/minimal-notebook"
    assert len(without_template_tags(line)) == len(line)
    assert names(line) == [("docker", "quay.io/jupyter/minimal-notebook")]
    assert names("docker run -e TOKEN=<your-token> -p 5000:5000 acme/imagined-app") == [("docker", "acme/imagined-app")]
    assert names("pip install -t <target-dir> invented-pkg-zz") == [("pypi", "invented-pkg-zz")]
    assert names("npm install --prefix <dir> lodash && npm install invented-js-zz@<version>") == [
        ("npm", "lodash"), ("npm", "invented-js-zz")]
    assert names("pip install <package>") == []
    # redirections as a script writes them are still redirections, and markup is no slot
    assert without_template_tags("sort <in.txt >out.txt && x <in>out && pip install y < c.txt") == (
        "sort <in.txt >out.txt && x <in>out && pip install y < c.txt")
    assert without_template_tags("<details>\npip install z\n") == "<details>\npip install z\n"


def test_a_slot_of_a_few_words_in_angle_brackets_that_ends_the_line_is_no_redirection_and_no_name():
    # set 294: jupyter-gmaps' docs/source/how-to-release.rst has the releaser verify ``pip install
    # gmaps==<new version>``: read as shell, `<new` was a redirection and `version` the package installed
    def names(line: str) -> list[tuple[str, str]]:
        return [(t.ecosystem, t.name) for t in analyze(line).installs]

    line = "pip install gmaps==<new version>"
    assert len(without_template_tags(line)) == len(line)
    assert names(line) == [("pypi", "gmaps")]
    assert names("pip install invented-zz-pkg==<new version>") == [("pypi", "invented-zz-pkg")]  # the name stays judged
    assert names("pip install <new package>") == []
    assert names("npm install <your package name>") == []
    # a redirection with a target after it is still one: the shell runs it, `b` is installed
    assert names("pip install <in b> out.log") == [("pypi", "b")]
    assert without_template_tags("sort <in b> out") == "sort <in b> out"
    assert without_template_tags("<details open>\npip install z\n") == "<details open>\npip install z\n"


def test_a_fill_in_slot_of_a_build_script_or_cmd_is_a_variable():
    # set 216's category: CircleCI's cimg images render their Dockerfile.template with sed (`%%PYTHON_VERSION%%`),
    # autoconf and CMake fill `@VERSION@`, cmd.exe expands `%PACKAGE%`. `pip install fakepkg==%%VERSION%%` read no name
    # (the requirement did not parse); a name that is a slot names nothing
    def names(line: str) -> list[str]:
        return [t.name for t in analyze(line).installs]

    assert names("pip install invented-zz==%%PIP_VERSION%% invented-zy==@VERSION@ invented-zx==__VERSION__") == [
        "invented-zz", "invented-zy", "invented-zx"]
    assert names("pip install %%PACKAGE%% @PACKAGE@ __PACKAGE__ %PACKAGE% && npm install -g invented-js-zz@%VERSION%") == [
        "invented-js-zz"]
    # what is no slot: a strftime letter, a scoped npm name, a lower-case dunder
    for line in ("tar czf out-$(date +%Y%m%d).tgz . && npm install @babel/core@7 && python -m __main__",
                 "printf '%s%%' 5"):
        assert without_template_tags(line) == line
