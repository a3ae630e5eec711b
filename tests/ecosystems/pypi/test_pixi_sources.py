"""A pixi workspace's ``pypi-dependencies`` taken from a path, git or a URL meet its members' requirements of those
names: pixi installs them from there, not from PyPI (CellProfiler's sub-packages require ``cellprofiler-library``,
which its ``pixi.toml`` installs from ``./src/subpackages/library``)."""

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
numpy = ">=1.24"
"""


def test_requirements_a_pixi_workspace_takes_from_a_path_or_git_are_not_pypi_names(tmp_path):
    write(tmp_path, {
        "pixi.toml": PIXI,
        "src/frontend/pyproject.toml": '[project]\nname = "cellprofiler"\ndependencies = [\n'
                                       '  "cellprofiler-library>=5.dev",\n  "cellprofiler-core>=5.dev",\n'
                                       '  "scanner-vendored",\n  "numpy",\n]\n',
        "src/subpackages/library/pyproject.toml": '[project]\nname = "cellprofiler-library"\ndependencies = ["scipy"]\n',
        "src/subpackages/core/pyproject.toml": '[project]\nname = "cellprofiler-core"\n'
                                               'dependencies = ["cellprofiler-library>=5.dev"]\n',
    })
    manifests = {(p, n) for p, n in found(tmp_path, Origin.MANIFEST) if p.endswith("pyproject.toml")}
    assert manifests == {("src/frontend/pyproject.toml", "numpy"), ("src/subpackages/library/pyproject.toml", "scipy")}


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
