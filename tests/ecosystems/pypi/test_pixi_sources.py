"""A pixi workspace's ``pypi-dependencies`` taken from a folder of the tree that holds the project of that name meet
its members' requirements of it: pixi installs the tree's own sub-project from there (CellProfiler's sub-packages
require ``cellprofiler-library``, which its ``pixi.toml`` installs from ``./src/subpackages/library``). Git and URL
sources do not: pip still reads a member's published requirement from PyPI (r25 #8)."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write

PIXI = """[workspace]
channels = ["conda-forge"]
platforms = ["linux-64"]

[feature.test.pypi-dependencies]
cellprofiler-library = { path = "./src/subpackages/library", extras = ["test"], editable = true }
cellprofiler-core = { path = "./src/subpackages/core", editable = true }
scanner-vendored = { git = "https://github.com/cellprofiler/scanner-vendored" }
other-lib = { path = "./vendor/other-lib" }
numpy = ">=1.24"
"""


def test_requirements_a_pixi_workspace_installs_from_the_trees_own_sub_project_are_not_pypi_names(tmp_path):
    write(tmp_path, {
        "pixi.toml": PIXI,
        "src/frontend/pyproject.toml": '[project]\nname = "cellprofiler"\ndependencies = [\n'
                                       '  "cellprofiler-library>=5.dev",\n  "cellprofiler-core>=5.dev",\n'
                                       '  "scanner-vendored",\n  "other-lib",\n  "numpy",\n]\n',
        "vendor/other-lib/pyproject.toml": '[project]\nname = "something-else"\n',
        "src/subpackages/library/pyproject.toml": '[project]\nname = "cellprofiler-library"\ndependencies = ["scipy"]\n',
        "src/subpackages/core/pyproject.toml": '[project]\nname = "cellprofiler_core"\n'
                                               'dependencies = ["cellprofiler-library>=5.dev"]\n',
    })
    manifests = {(p, n) for p, n in found(tmp_path, Origin.MANIFEST) if p.endswith("pyproject.toml")}
    # scanner-vendored comes from git (pip reads the requirement from PyPI), vendor/other-lib holds no project of
    # that name: both stay PyPI names
    assert manifests == {("src/frontend/pyproject.toml", "numpy"), ("src/frontend/pyproject.toml", "scanner-vendored"),
                         ("src/frontend/pyproject.toml", "other-lib"),
                         ("src/subpackages/library/pyproject.toml", "scipy")}


def test_a_requirement_no_pixi_workspace_takes_from_elsewhere_is_still_a_pypi_name(tmp_path):
    # the same requirements without the evidence: a pixi workspace that takes the name from PyPI (a version) or from
    # another index, a pyproject outside the workspace's folder, and a tree with no pixi manifest at all
    write(tmp_path, {
        "ws/pixi.toml": '[workspace]\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n[pypi-dependencies]\n'
                        'cellprofiler-library = ">=5"\nprivate-lib = { version = "*", index = "https://example.org/simple" }\n'
                        'sibling-lib = { path = "../sibling" }\n',
        "ws/app/pyproject.toml": '[project]\nname = "app"\ndependencies = ["cellprofiler-library", "private-lib"]\n',
        "elsewhere/pyproject.toml": '[project]\nname = "other"\ndependencies = ["sibling-lib"]\n',
    })
    manifests = {(p, n) for p, n in found(tmp_path, Origin.MANIFEST) if p.endswith("pyproject.toml")}
    assert manifests == {("ws/app/pyproject.toml", "cellprofiler-library"), ("ws/app/pyproject.toml", "private-lib"),
                         ("elsewhere/pyproject.toml", "sibling-lib")}


# pixi's pixi-build docs workspace (prefix-dev/pixi, docs/source_files/pixi_workspaces/pixi_build/workspace): the Python
# package's run-dependencies take cpp_math from packages/cpp_math, a CMake package pixi-build builds (its own pixi.toml:
# [package] name = "cpp_math"); the pyproject.toml beside requires cpp_math, which pixi installs from there
BUILD_WORKSPACE = """[workspace]
channels = ["https://prefix.dev/conda-forge"]
platforms = ["linux-64"]
preview = ["pixi-build"]

[dependencies]
python_rich = { path = "." }

[package]
name = "python_rich"
version = "0.1.0"

[package.run-dependencies]
cpp_math = { path = "packages/cpp_math" }
other_math = { path = "packages/other" }
rich = "13.9.*"
"""


def test_a_requirement_pixi_build_builds_from_a_folder_of_the_tree_is_not_a_pypi_name(tmp_path):
    write(tmp_path, {
        "pixi.toml": BUILD_WORKSPACE,
        "pyproject.toml": '[project]\nname = "python_rich"\ndependencies = ["cpp_math", "other_math", "invented_math", "rich"]\n',
        "packages/cpp_math/pixi.toml": '[package]\nname = "cpp_math"\nversion = "0.1.0"\n',
        "packages/other/pixi.toml": '[package]\nname = "something_else"\n',  # a folder holding another package
        # the package's own code imports the module pixi-build makes of cpp_math (nanobind, no Python source here)
        "src/python_rich/__init__.py": "import cpp_math\nimport invented_math\nimport rich\n",
    })
    manifests = {(p, n) for p, n in found(tmp_path, Origin.MANIFEST) if p == "pyproject.toml"}
    assert manifests == {("pyproject.toml", "other-math"), ("pyproject.toml", "invented-math"), ("pyproject.toml", "rich")}
    assert found(tmp_path, Origin.IMPORT) == {("src/python_rich/__init__.py", "invented-math"),
                                              ("src/python_rich/__init__.py", "rich")}  # a PyPI name, judged
