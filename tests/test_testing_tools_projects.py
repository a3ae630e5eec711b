"""Testing tools and frameworks (held-out set 38: behave, hypothesis, fast-check): requirements files named with a
prefix joined by a dot, a pnpm ``--package`` given before ``dlx``, and a module whose distribution has another name."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import _entry, formats_for
from tests.trees import found as names
from tests.trees import scan, write

# behave: `tasks/py.requirements.txt` (the invoke tasks' own, installing invoke-cleanup from git) and the folder
# `py.requirements/`, whose files tox (`-r {toxinidir}/py.requirements/ci.tox.txt`) and CI install
BEHAVE = {
    "pyproject.toml": '[project]\nname = "bdd"\nversion = "1.0"\ndependencies = ["parse>=1.18"]\n',
    "bdd/__init__.py": "",
    "tox.ini": "[testenv]\ndeps = -r {toxinidir}/py.requirements/ci.tox.txt\n",
    "py.requirements/README.rst": "Requirements for pip and tox.\n",
    "py.requirements/basic.txt": "parse >= 1.18.0\ncucumber-tag-expressions >= 4.1.0\n",
    "py.requirements/ci.tox.txt": "-r testing.txt\n",
    "py.requirements/testing.txt": "pytest >= 5.0\nPyHamcrest >= 2.0.2\n",
    "tasks/py.requirements.txt": "invoke >=1.7.0\npycmd\ngit+https://github.com/jenisys/invoke-cleanup@v0.3.7\n",
    "tasks/__init__.py": "from invoke import Collection\nimport invoke_cleanup as cleanup\n",
    "tasks/docs.py": "from invoke_cleanup import cleanup_dirs\nimport taskrunnerzz\n",
}


def test_requirements_files_named_with_a_dotted_prefix_are_read_as_requirements_files(tmp_path):
    write(tmp_path, BEHAVE)
    read = names(tmp_path, Origin.MANIFEST)
    assert {("py.requirements/basic.txt", "parse"), ("py.requirements/basic.txt", "cucumber-tag-expressions"),
            ("py.requirements/testing.txt", "pytest"), ("py.requirements/testing.txt", "pyhamcrest"),
            ("tasks/py.requirements.txt", "invoke"), ("tasks/py.requirements.txt", "pycmd")} <= read
    assert not any(path.endswith(".rst") for path, _ in read)


def test_an_import_of_the_git_dependency_its_requirements_file_installs_is_a_note_an_invented_one_is_judged(tmp_path):
    # the project view saw tasks/py.requirements.txt, but the walk did not hand it over: its git line was unknown
    write(tmp_path, BEHAVE)
    imports = {(m.location.path, m.key.name): m for m in scan(tmp_path).mentions if m.origin is Origin.IMPORT}
    for path in ("tasks/__init__.py", "tasks/docs.py"):
        example = imports[(path, "invoke-cleanup")].example
        assert example is not None and "invoke-cleanup" in example.reason
    assert imports[("tasks/docs.py", "taskrunnerzz")].example is None


def test_a_folder_pattern_is_indexed_by_its_longest_literal_run():
    assert _entry("*.requirements/*.txt")[2] == ".requirements/"
    assert _entry("requirements/*.txt")[2] == "requirements/"
    read = ("py.requirements/basic.txt", "a/py.requirements/lint.in", "tasks/py.requirements.txt", "requirements/dev.txt",
            "support/doc-requirements.in")
    # a test case folder named by a phrase (rules_python's gazelle/python/testdata/with_std_requirements/BUILD.in)
    unread = ("notes/requirements.md", "py.requirements/README.rst", "myrequirements/a.txt",
              "testdata/with_std_requirements/BUILD.in", "testdata/with-requirements/BUILD.in")
    for path in read + unread:
        assert any(f.name == "requirements" for f in formats_for(path)) == (path in read), path


def test_a_pnpm_package_option_before_dlx_names_what_it_installs(tmp_path):
    # fast-check's packages/packaged/README.md: `pnpm --package=@fast-check/packaged dlx packaged` runs the bin
    # `packaged` of @fast-check/packaged (the tree's own package: no registry name); a bare `pnpm dlx` still names
    # its package
    write(tmp_path, {
        "package.json": '{"name": "@fast-check/packaged", "version": "0.7.1", "bin": "./bin/packaged.js"}\n',
        "README.md": "# packaged\n\n```bash\n# With npm\nnpx -p @fast-check/packaged packaged\n# With pnpm\n"
                     "pnpm --package=@fast-check/packaged dlx packaged\npnpm dlx packaged-cleanerzz\n```\n",
    })
    assert {name for _, name in names(tmp_path, Origin.COMMAND)} == {"packaged-cleanerzz"}


def test_vl_convert_is_the_module_of_vl_convert_python(tmp_path):
    # hypothesis' benchmark/graph.py imports vl_convert inside the plotting function, declared nowhere
    write(tmp_path, {
        "benchmark/graph.py": "def plot(spec):\n    import vl_convert\n    return vl_convert.vega_to_png(spec)\n",
        "benchmark/other.py": "import vl_renderzz\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {("benchmark/graph.py", "vl-convert-python"),
                                              ("benchmark/other.py", "vl-renderzz")}
