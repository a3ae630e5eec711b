"""The project model reads untrusted files (pyproject.toml, setup.cfg, conftest.py, notebooks): hostile
values are stepped over, never followed out of the tree, and cost no more than the text's length."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.project import path_additions, python_project, writes_module


def test_sys_path_additions_never_leave_the_tree_and_huge_parent_counts_stop_at_the_root():
    folder = "a/b"
    assert path_additions("sys.path.insert(0, str(Path(__file__).parents[99999999999999]))", folder) == []
    assert path_additions("sys.path.append('../../../../etc')", folder) == []
    assert path_additions("sys.path.append('/etc')", folder) == []
    assert path_additions("sys.path.append('C:/Windows')", folder) == []
    assert path_additions("sys.path.insert(0, os.path.dirname(__file__) + '/..')", folder) == ["a"]


def test_hostile_manifests_are_stepped_over(tmp_path: Path):
    files = {
        "pyproject.toml": "[project\nname = ",  # not TOML
        "setup.cfg": "[options]\ninstall_requires =\n    \x00\n[[[",
        "sub/pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["../../../outside", "/abs", 7]\n'
                              '[tool.setuptools.package-dir]\n"" = "../.."\n',
        "sub/pkg.py": "",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    view = python_project(tmp_path, list(files))
    assert all(not r.startswith("..") and not r.startswith("/") for r in view.roots)
    assert "pkg" in view.modules


def test_a_long_line_of_quotes_is_searched_in_one_pass():
    text = "'" + "a/" * 200_000 + "\n" + '"x' * 100_000
    assert not writes_module(text, "mymod")
