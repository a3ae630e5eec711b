"""Folders below a test folder that the project's own pytest configuration tells pytest not to collect
(``norecursedirs``, ``testpaths``, a conftest's ``collect_ignore``/``collect_ignore_glob``) are the tests' input:
their imports are fixture data, while an import in a collected test module is still judged
(depguard/ecosystems/pypi/project.py, ``PythonProject.uncollected``). Each test builds a small realistic tree
whose folder names are not fixture names (``fixture_root`` alone would judge them)."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings, apply_mapping
from depguard.ecosystems.pypi.project import collect_ignore, python_project
from depguard.project import fixture_root
from tests.test_project_model import imports, write

# a linter's test corpus: modules whose imports are what the linter is tested on
CORPUS = "import inventedcorpusdep\nfrom another_made_up import thing\n"


def test_a_conftest_collect_ignore_folder_is_fixture_data_and_a_collected_test_is_still_judged(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "lintkit"\ndependencies = ["httpx"]\n',
        "lintkit/__init__.py": "import httpx\n",
        "tests/conftest.py": 'import sys\n\ncollect_ignore = ["examples/"]\ncollect_ignore_glob = ["snippets_*"]\n'
                             'if sys.version_info < (3, 10):\n    collect_ignore.append("py310")\n',
        "tests/examples/unused_import.py": CORPUS,
        "tests/examples/nested/star.py": "from yet_another_made_up import *\n",
        "tests/snippets_py3/walrus.py": "import snippet_made_up\n",
        "tests/py310/test_match.py": "import conditional_made_up\n",  # ignored on old Pythons only: collected
        "tests/test_rules.py": "import lintkit\nimport inventedtestdep\n",
    })
    assert all(fixture_root(rel) is None for rel in ("tests/examples/unused_import.py", "tests/snippets_py3/walrus.py"))
    got = imports(tmp_path)
    assert got == {("lintkit/__init__.py", "httpx"), ("tests/py310/test_match.py", "conditional-made-up"),
                   ("tests/test_rules.py", "inventedtestdep")}


def test_a_pytest_ini_norecursedirs_folder_is_fixture_data(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "fmt"\n',
        "pytest.ini": "[pytest]\nnorecursedirs = .git build sources\naddopts = -ra\n",
        "fmt/__init__.py": "",
        "tests/sources_extra/ok.py": "import still_judged_dep\n",  # a name the pattern does not match
        "tests/formatting/sources/long_lines.py": CORPUS,
        "tests/formatting/test_format.py": "import fmt\nimport invented_format_dep\n",
    })
    assert fixture_root("tests/formatting/sources/long_lines.py") is None
    got = imports(tmp_path)
    assert got == {("tests/sources_extra/ok.py", "still-judged-dep"),
                   ("tests/formatting/test_format.py", "invented-format-dep")}


def test_testpaths_leave_a_folder_without_test_modules_as_data_but_not_one_holding_tests(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "plug"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests/unit"]\n',
        "tests/unit/test_plugin.py": "import invented_unit_dep\n",
        "tests/sample_projects/proj_a/app.py": CORPUS,
        "tests/integration/test_live.py": "import invented_integration_dep\n",  # run by name in CI
        "ui/test/tools/make_report.py": "import invented_ui_tool_dep\n",  # another suite's test folder
    })
    got = imports(tmp_path)
    assert got == {("tests/unit/test_plugin.py", "invented-unit-dep"),
                   ("tests/integration/test_live.py", "invented-integration-dep"),
                   ("ui/test/tools/make_report.py", "invented-ui-tool-dep")}


def test_a_package_the_tests_import_by_name_is_code_whatever_the_configuration(tmp_path):
    write(tmp_path, {
        "tox.ini": "[tox]\nenvlist = py3\n\n[pytest]\nnorecursedirs = helpers\n",
        "tests/__init__.py": "",
        "tests/helpers/__init__.py": "import invented_helper_dep\n",
        "tests/test_x.py": "from tests.helpers import make\n",
    })
    assert ("tests/helpers/__init__.py", "invented-helper-dep") in imports(tmp_path)


def test_an_importable_case_folder_nothing_imports_is_the_tests_input(tmp_path):
    # jedi's layout: test/completion is a package all the way up (test/__init__.py), left out by norecursedirs, and
    # read by path by test/run.py; its thirdparty/PyQt4_.py imports PyQt4 to test completion on it
    write(tmp_path, {
        "setup.py": "from setuptools import setup\nsetup(name='complete', install_requires=['parso'])\n",
        "pytest.ini": "[pytest]\n# Ignore broken files in blackbox test directories\n"
                      "norecursedirs = .* docs\n    test/completion test/refactor\ntestpaths = complete test\n",
        "complete/__init__.py": "import parso\n",
        "complete/api/completion.py": "import parso\n",
        "test/__init__.py": "",
        "test/helpers.py": "import os\n",
        "test/run.py": "import os\nfrom complete.api.completion import get\ncompletion_test_dir = os.path.join('test', "
                       "'completion')\n",
        "test/conftest.py": "from . import helpers\n",
        "test/completion/__init__.py": "",
        "test/completion/basic.py": "import invented_case_dep_zz\n",
        "test/completion/thirdparty/PyQt4_.py": "from PyQt4.QtCore import *\n#? ['QActionGroup']\nQActionGroup\n",
        "test/refactor/__init__.py": "",
        "test/refactor/extract.py": "import invented_refactor_helper_zz\n",
        "test/test_refactor.py": "from test.refactor import extract\nimport invented_test_dep_zz\n",
    })
    got = imports(tmp_path)
    assert not any(path.startswith("test/completion/") for path, _ in got)
    # a package the tests import (absolutely here; relatively in the test below) stays code, as do collected tests
    assert {("test/refactor/extract.py", "invented-refactor-helper-zz"), ("test/test_refactor.py", "invented-test-dep-zz")} <= got


def test_a_package_the_tests_import_relatively_or_over_lines_is_code(tmp_path):
    base = {"tox.ini": "[pytest]\nnorecursedirs = helpers\n", "tests/__init__.py": "", "tests/unit/__init__.py": "",
            "tests/helpers/__init__.py": "import invented_helper_dep\n"}
    for n, test in enumerate(("from ..helpers import make\n", "from .. import (\n    other,\n    helpers,\n)\n",
                 "from tests import other, helpers\n", "import importlib\nimportlib.import_module('tests.helpers')\n")):
        root = tmp_path / f"case{n}"
        write(root, {**base, "tests/unit/test_x.py": test})
        assert ("tests/helpers/__init__.py", "invented-helper-dep") in imports(root), test
    root = tmp_path / "unrelated"
    write(root, {**base, "tests/unit/test_x.py": "from tests import other\n\nhelpers = other.helpers\n"})
    assert not any(path.startswith("tests/helpers/") for path, _ in imports(root))


def test_uncollected_folders_are_judged_with_judge_fixtures(tmp_path):
    write(tmp_path, {"tests/conftest.py": 'collect_ignore = ["examples"]\n', "tests/examples/a.py": CORPUS})
    settings = apply_mapping(Settings(), {"judge-fixtures": True}, "test")
    assert {name for _, name in imports(tmp_path, settings)} == {"inventedcorpusdep", "another-made-up"}


def test_the_model_records_the_uncollected_folders_outermost_only():
    files = ["setup.cfg", "tests/conftest.py", "tests/examples/a.py", "tests/examples/deep/b.py", "examples/c.py"]
    texts = {"setup.cfg": "[tool:pytest]\nnorecursedirs = deep\n", "tests/conftest.py": "collect_ignore = ['examples']\n"}
    import depguard.ecosystems.pypi.project as project

    real = project._read
    project._read = lambda path, limit: texts.get(Path(path).relative_to("/virtual").as_posix())
    try:
        view = python_project(Path("/virtual"), files)
    finally:
        project._read = real
    assert view.uncollected == frozenset({"tests/examples"})  # examples/ is below no test folder
    assert view.in_uncollected("tests/examples/deep/b.py") and not view.in_uncollected("examples/c.py")


def test_collect_ignore_reads_literal_module_level_statements_only():
    text = ('collect_ignore = ["setup.py", "data/"]\ncollect_ignore += ["more"]\ncollect_ignore.extend(("x", "y"))\n'
            'collect_ignore.append(compute())\ncollect_ignore_glob: list = ["*_py2.py"]\n'
            'if True:\n    collect_ignore.append("conditional")\n')
    assert collect_ignore(text) == [("collect_ignore", ["setup.py", "data/"]), ("collect_ignore", ["more"]),
                                    ("collect_ignore", ["x", "y"]), ("collect_ignore_glob", ["*_py2.py"])]
    assert collect_ignore("collect_ignore = [") == [] and collect_ignore("x = 1\n") == []


def test_a_warm_scan_sees_a_pytest_configuration_written_or_changed_since(tmp_path):
    from depguard.scan import collect_paths

    settings = Settings(use_cache=True, cache_dir=tmp_path / "cache")
    root = tmp_path / "proj"
    write(root, {"pyproject.toml": '[project]\nname = "fmt"\n', "tests/sources/a.py": CORPUS,
                 "tests/test_a.py": "import invented_test_dep\n"})

    def names() -> set[str]:
        return {m.key.name for m in collect_paths([root], settings).mentions}

    assert "inventedcorpusdep" in names()
    write(root, {"pytest.ini": "[pytest]\nnorecursedirs = sources\n"})  # not a scanned file: looked for by the model
    assert names() == {"invented-test-dep"}
    write(root, {"pytest.ini": "[pytest]\nnorecursedirs = other\n"})
    assert "inventedcorpusdep" in names()


def test_an_uncollected_folder_with_its_own_manifest_is_a_suite_run_on_its_own_and_still_judged(tmp_path):
    # pytest's testing/plugins_integration: left out by norecursedirs, run by a tox env from its requirements.txt
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "runner"\n\n[tool.pytest.ini_options]\n'
                          'norecursedirs = ["testing/example_scripts", "testing/plugins_integration"]\n',
        "testing/example_scripts/acceptance/fixture_mock_integration.py": CORPUS,
        "testing/plugins_integration/requirements.txt": "anyio\n",
        "testing/plugins_integration/anyio_integration.py": "import anyio\nimport invented_plugin_dep\n",
    })
    got = {name for _, name in imports(tmp_path)}
    assert got == {"anyio", "invented-plugin-dep"}


# the same trees through the paths that judge one file without the scan's file list: a coding agent's edit
# (hooks.check_file_change) and files named one by one (`depguard scan tests/x.py`, pre-commit)
LINTER_TREE = {
    "pyproject.toml": '[project]\nname = "lintkit"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests/unit"]\n',
    "tests/conftest.py": 'collect_ignore = ["examples/"]\n',
    "tests/examples/unused_import.py": CORPUS,
    "tests/sample_projects/proj_a/app.py": CORPUS,
    "tests/unit/test_rules.py": "import inventedtestdep\n",
}


def _edit_names(root: Path, rel: str) -> set[str]:
    from depguard.guarding import collect_file_text
    from depguard.parsers import formats_for

    path = root / rel
    fmts = [f for f in formats_for(path.as_posix()) if f.kind != "document"]
    return {m.key.name for m in collect_file_text(path, path.read_text(), root, fmts, Settings()).mentions}


def test_an_agents_edit_in_an_uncollected_folder_is_judged_as_a_scan_judges_it(tmp_path):
    write(tmp_path, LINTER_TREE)
    assert imports(tmp_path) == {("tests/unit/test_rules.py", "inventedtestdep")}
    assert _edit_names(tmp_path, "tests/examples/unused_import.py") == set()  # collect_ignore
    assert _edit_names(tmp_path, "tests/sample_projects/proj_a/app.py") == set()  # beside the testpaths path
    assert _edit_names(tmp_path, "tests/unit/test_rules.py") == {"inventedtestdep"}


def test_files_named_one_by_one_are_judged_as_a_scan_of_the_tree_judges_them(tmp_path, monkeypatch):
    from depguard.scan import collect_paths

    write(tmp_path, LINTER_TREE)
    monkeypatch.chdir(tmp_path)
    named = [Path("tests/examples/unused_import.py"), Path("tests/sample_projects/proj_a/app.py"),
             Path("tests/unit/test_rules.py")]
    got = {(m.location.path, m.key.name) for m in collect_paths(named, Settings()).mentions}
    assert got == {("tests/unit/test_rules.py", "inventedtestdep")}


def test_a_hidden_folder_below_a_test_folder_is_data_by_pytests_default_norecursedirs(tmp_path):
    # vscode-python's python_files/tests/unittestadapter/.data/: projects its adapter tests discover, some of them
    # importing modules that do not exist on purpose; pytest's default norecursedirs (".*") never collects them
    # (a visible folder of helpers stays judged; a *_data folder below tests is fixture data by its name, set 34)
    write(tmp_path, {
        "python_files/pyproject.toml": '[tool.ruff]\nline-length = 100\n',
        "python_files/tests/__init__.py": "",
        "python_files/tests/unittestadapter/test_discovery.py": "import invented_discovery_dep\n",
        "python_files/tests/unittestadapter/.data/discovery_error/file_one.py": "import something_else\n",
        "python_files/tests/unittestadapter/visible_helpers/helper.py": "import still_judged_helper_dep\n",
    })
    assert fixture_root("python_files/tests/unittestadapter/.data/discovery_error/file_one.py") is None
    got = imports(tmp_path)
    assert got == {("python_files/tests/unittestadapter/test_discovery.py", "invented-discovery-dep"),
                   ("python_files/tests/unittestadapter/visible_helpers/helper.py", "still-judged-helper-dep")}


def test_a_configured_norecursedirs_replaces_the_default_and_hidden_folders_are_collected_again(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "adapt"\n\n[tool.pytest.ini_options]\nnorecursedirs = ["corpus"]\n',
        "tests/.hidden_suite/test_x.py": "import invented_hidden_dep\n",
        "tests/test_ok.py": "import invented_ok_dep\n",
    })
    got = imports(tmp_path)
    assert got == {("tests/.hidden_suite/test_x.py", "invented-hidden-dep"), ("tests/test_ok.py", "invented-ok-dep")}
