"""Project templates' version slots and local-path installs with extras (set 18, data projects): the name
is written and judged, what the template fills in is no problem."""

from __future__ import annotations

from tests.trees import scan, write

# kedro-org/kedro-starters: each starter's cookiecutter project, its kedro version filled in at generation
KEDRO_STARTER = {
    "cookiecutter.json": '{"project_name": "Spaceflights", "repo_name": "spaceflights", "kedro_version": "1.0.0"}\n',
    "{{ cookiecutter.repo_name }}/requirements.txt": (
        "ipython>=8.10\njupyterlab>=3.0\nkedro[jupyter]~={{ cookiecutter.kedro_version }}\n"
        "kedro-datasets[pandas-csvdataset]>=3.0\n"),
    "{{ cookiecutter.repo_name }}/pyproject.toml": (
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "{{ cookiecutter.python_package }}"\nreadme = "README.md"\n'
        'dependencies = [\n    "ipython>=8.10",\n    "kedro[jupyter]~={{ cookiecutter.kedro_version }}",\n'
        '    "kedro-viz>={% if cookiecutter.new %}10.0{% else %}9.0{% endif %}",\n]\n'),
}


def placed(root, files: dict[str, str]) -> set[tuple[str, str, int | None]]:
    """(path, name as written, line) of every mention of a scan of ``files``, which must read without a problem."""
    write(root, files)
    collected = scan(root)
    assert [p.message for p in collected.problems] == []
    return {(m.location.path, m.written, m.location.line) for m in collected.mentions}


def test_a_templates_version_slot_keeps_the_name_and_is_no_problem(tmp_path):
    got = placed(tmp_path, KEDRO_STARTER)
    req, pyproject = "{{ cookiecutter.repo_name }}/requirements.txt", "{{ cookiecutter.repo_name }}/pyproject.toml"
    assert (req, "kedro", 3) in got and (req, "kedro-datasets", 4) in got
    assert (pyproject, "kedro", 10) in got and (pyproject, "kedro-viz", 11) in got


def test_a_slot_in_the_name_is_still_a_problem(tmp_path):
    write(tmp_path, {"requirements.txt": "requests\nkedro-{{ cookiecutter.flavour }}>=1.0 --hash=x\n"})
    collected = scan(tmp_path)
    assert [m.written for m in collected.mentions] == ["requests"]
    assert len(collected.problems) == 1


def test_a_pre_commit_hook_installing_its_own_repository_with_extras_is_no_problem(tmp_path):
    # a dbt package's .pre-commit-config.yaml (dbt_date, vendored by astronomer-cosmos): sqlfmt's hook installs
    # the hook repository itself with its jinjafmt extra; pip reads ".[jinjafmt]" as a local path
    write(tmp_path, {".pre-commit-config.yaml": (
        "repos:\n  - repo: https://github.com/tconbeer/sqlfmt\n    rev: v0.29.0\n    hooks:\n      - id: sqlfmt\n"
        "        language_version: python\n        additional_dependencies: [\".[jinjafmt]\", \"black==24.1.0\"]\n"
        "  - repo: local\n    hooks:\n      - id: mine\n        name: mine\n        entry: mine\n"
        "        language: python\n        additional_dependencies: [\"..[docs]\", \"mdformat-invented-thing\"]\n")})
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    assert [m.written for m in collected.mentions] == ["black", "mdformat-invented-thing"]


# pawamoy/copier-uv (held-out set 25): a copier template's files carry copier's ``.jinja`` suffix; rendered, each
# is the file its name says
COPIER_UV = {
    "copier.yml": "python_package_distribution_name:\n  type: str\n_subdirectory: project\n",
    "project/pyproject.toml.jinja": (
        '[build-system]\nrequires = ["pdm-backend"]\nbuild-backend = "pdm.backend"\n\n'
        '[project]\nname = "{{ python_package_distribution_name }}"\ndependencies = []\n'
        '{%- if repository_provider == "github.com" %}\n[project.urls]\nFunding = "https://x/{{ author_username }}"\n'
        '{%- endif %}\n\n{% if python_package_command_line_name -%}\n[project.scripts]\n'
        '{{ python_package_command_line_name }} = "{{ python_package_import_name }}:main"\n\n{% endif -%}\n'
        '[tool.pixi.dependencies]\npython = ">=3.10"\n\n'
        '[dependency-groups]\nmaintain = [\n    "git-changelog>=2.5",\n    "copier-invented-helper>=1.0",\n]\n'),
    "project/.github/workflows/ci.yml.jinja": (
        "name: ci\non: [push]\njobs:\n  tests:\n    runs-on: ubuntu-latest\n    steps:\n"
        "    - run: uv tool install {{ python_package_distribution_name }} git-changelog\n"),
    "project/duties.py.jinja": "from duty import duty\nfrom {{ python_package_import_name }} import main\n",
}


def test_a_copier_templates_jinja_files_are_read_as_the_files_they_render(tmp_path):
    write(tmp_path, COPIER_UV)
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    got = {(m.location.path, m.key.ecosystem, m.key.name, m.location.line) for m in collected.mentions}
    pyproject, ci = "project/pyproject.toml.jinja", "project/.github/workflows/ci.yml.jinja"
    assert {(pyproject, "pypi", "pdm-backend", 2), (pyproject, "pypi", "git-changelog", 23),
            (pyproject, "pypi", "copier-invented-helper", 24), (ci, "pypi", "git-changelog", 7)} <= got
    assert (pyproject, "conda", "python", 19) in got  # pixi's [tool.pixi] of the same template read too
    assert not any(path.startswith("project/duties.py") for path, *_ in got)  # a templated module is not read
    assert not any("{" in name or "python-package" in name for _, _, name, _ in got)


# held-out set 25: a cargo-generate template's Cargo.toml (leptos-rs/start-axum), ccds' pyproject.toml (values that
# are placeholders, an if/elif written on one line inside a list) and pylibrary's docs requirements (a whole line)
TOML_TEMPLATES = {
    "Cargo.toml": (
        '[package]\nname = "{{project-name}}"\nversion = "0.1.0"\n\n[dependencies]\n'
        'leptos = { version = "0.8.0"{% if nightly == "Yes" %}, features = ["nightly"]{% endif %} }\n'
        'axum = { version = "0.8.0", optional = true }\n'),
    "{{ cookiecutter.repo_name }}/pyproject.toml": (
        '[build-system]\nrequires = ["flit_core >=3.2,<4"]\nbuild-backend = "flit_core.buildapi"\n\n'
        '[project]\nname = {{ cookiecutter.module_name|tojson }}\nversion = "0.0.1"\n'
        'authors = [\n  { name = {{ cookiecutter.author_name|tojson }} },\n]\n'
        "{% if cookiecutter.open_source_license != 'No license file' %}license = { file = \"LICENSE\" }{% endif %}\n"
        'classifiers = [\n    "Programming Language :: Python :: 3",\n'
        "    {% if cookiecutter.open_source_license == 'MIT' %}\"License :: OSI Approved :: MIT License\""
        "{% elif cookiecutter.open_source_license == 'BSD-3-Clause' %}\"License :: OSI Approved :: BSD License\"{% endif %}\n"
        ']\ndependencies = ["loguru", "ccds-invented-helper"]\n'),
    "{{ cookiecutter.repo_name }}/docs/requirements.txt": "sphinx>=1.3\n{{ cookiecutter.sphinx_theme|replace('_', '-') }}\n",
}


def test_a_templates_toml_and_requirements_lines_are_read_as_they_render(tmp_path):
    write(tmp_path, TOML_TEMPLATES)
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    got = {(m.key.ecosystem, m.key.name, m.location.line) for m in collected.mentions}
    assert {("cargo", "leptos", 6), ("cargo", "axum", 7), ("pypi", "flit-core", 2), ("pypi", "loguru", 16),
            ("pypi", "ccds-invented-helper", 16), ("pypi", "sphinx", 1)} <= got
    assert not any("{" in name or "cookiecutter" in name for _, name, _ in got)


def test_a_templates_pre_commit_config_with_a_statement_inside_a_line_is_read(tmp_path):
    # cookiecutter-pylibrary's .pre-commit-config.yaml: `{% if %}` inside a flow list (held-out set 25)
    write(tmp_path, {"{{cookiecutter.repo_name}}/.pre-commit-config.yaml": (
        "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: main\n    hooks:\n      - id: ruff\n"
        "        args: [--fix, --show-fixes{% if cookiecutter.ruff_unsafe_fixes %}, --unsafe-fixes{% endif %}]\n"
        "  - repo: https://github.com/pre-commit/mirrors-mypy\n    rev: v1.0.0\n    hooks:\n      - id: mypy\n"
        "        additional_dependencies: [types-requests{% if cookiecutter.x %}, pylib-invented-stubs{% endif %}]\n")})
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    assert {(m.key.name, m.location.line) for m in collected.mentions} >= {
        ("types-requests", 11), ("pylib-invented-stubs", 11)}


# apify/crawlee-python (held-out set 32): its `crawlee create` cookiecutter template picks crawlee's extras by the
# crawler type, in a Jinja list it joins into the extras of the requirement
CRAWLEE_TEMPLATE = {
    "cookiecutter.json": '{"project_name": "my-crawler", "crawler_type": ["beautifulsoup", "playwright"]}\n',
    "{{cookiecutter.project_name}}/pyproject.toml": (
        '[project]\nname = "{{cookiecutter.project_name}}"\nversion = "0.0.1"\n'
        "# % set extras = [cookiecutter.crawler_type]\n"
        "dependencies = [\n    \"crawlee[{{ extras|join(',') }}]\",\n"
        "    # % if cookiecutter.crawler_type == 'playwright-camoufox'\n    \"camoufox[geoip]~=0.4.5\",\n"
        "    # % endif\n    \"apify\",\n]\n"),
    "{{cookiecutter.project_name}}/requirements.txt": (
        "# % if cookiecutter.crawler_type == 'playwright-camoufox'\ncamoufox[geoip]~=0.4.5\n# % endif\n"
        "# % set extras = [cookiecutter.crawler_type]\n# % if cookiecutter.enable_apify_integration\napify\n"
        "# % endif\ncrawlee[{{ extras | join(',') }}]\ncrawlee-invented-addon[{{ extras[0] }}]>=1.0\n"),
}


def test_a_templates_extras_slot_keeps_the_name_and_is_no_problem(tmp_path):
    got = placed(tmp_path, CRAWLEE_TEMPLATE)
    pyproject, req = "{{cookiecutter.project_name}}/pyproject.toml", "{{cookiecutter.project_name}}/requirements.txt"
    assert {(pyproject, "crawlee", 6), (pyproject, "camoufox", 8), (pyproject, "apify", 10)} <= got
    assert {(req, "camoufox", 2), (req, "apify", 6), (req, "crawlee", 8), (req, "crawlee-invented-addon", 9)} <= got
    assert not any("{" in name for _, name, _ in got)


def test_an_extras_slot_does_not_hide_a_slot_in_the_name(tmp_path):
    write(tmp_path, {"requirements.txt": "requests\ncrawlee-{{ flavour }}[{{ extras }}]\n"})
    collected = scan(tmp_path)
    assert [m.written for m in collected.mentions] == ["requests"]
    assert len(collected.problems) == 1


def test_a_line_of_template_tags_only_is_no_problem_and_text_beside_tags_is_still_read(tmp_path):
    # spot set 126: siliconcompiler's data/templates/replay/requirements.txt, a Jinja template that writes the
    # replayed run's packages one a line with `{% for pkg in pkgs %}{{ pkg }}` (then `{% endfor %}`): no requirement
    # is written there. A name written in the same template is still read, and a line with text between its tags
    # (`{% if x %}pkg{% endif %}`) or glued to a slot stays a problem as before
    write(tmp_path, {
        "siliconcompiler/data/templates/replay/requirements.txt": (
            "# SiliconCompiler Replay Environment\n# Design: {{ design }}\n\n"
            "{% for pkg in pkgs %}{{ pkg }}\n{% endfor %}\nfastjsonz-replay==1.0\n"),
        "other/requirements.txt": "{% if gpu %}torchz-gpu{% endif %} --hash=x\nrequests\nkedroz-{{ flavour }} {{ x }}\n",
    })
    collected = scan(tmp_path)
    assert {(m.location.path, m.written) for m in collected.mentions} == {
        ("siliconcompiler/data/templates/replay/requirements.txt", "fastjsonz-replay"),
        ("other/requirements.txt", "requests")}
    assert sorted((p.location.path, p.location.line) for p in collected.problems) == [
        ("other/requirements.txt", 1), ("other/requirements.txt", 3)]
