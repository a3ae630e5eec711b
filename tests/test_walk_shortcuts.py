"""The walk's shortcuts (issue 18, warm scans of large trees) give what the long way gives: a tree with no
``.git`` at or above it is walked without starting git (git would find no work tree there), a tree in a work
tree is still listed by git (its ignore rules honoured); each file's path text is pathlib's own."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from depguard import discover
from depguard.config import Settings


def _inside_git(path: Path) -> bool:
    return any(os.path.lexists(p / ".git") for p in (path, *path.parents))


def plant(root: Path) -> Path:
    for rel, text in {"requirements.txt": "requests\n", "app/main.py": "import flask\n",
                      "build/gen.py": "import numpy\n", ".gitignore": "build/\n"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def rel(entries: list[discover.FileEntry], root: Path) -> list[str]:
    return sorted(e.path.relative_to(root).as_posix() for e in entries)


def test_a_tree_outside_any_work_tree_is_walked_without_starting_git(tmp_path, monkeypatch):
    if _inside_git(tmp_path):
        pytest.skip("the temporary folder lies in a git work tree")
    root = plant(tmp_path / "proj")

    def refused(*_a, **_kw):
        raise AssertionError("git was started")

    monkeypatch.setattr(subprocess, "run", refused)
    entries, problems = discover.walk([root], Settings())
    assert problems == []
    assert rel(entries, root) == ["app/main.py", "build/gen.py", "requirements.txt"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_work_tree_is_still_listed_by_git(tmp_path):
    root = plant(tmp_path / "proj")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    entries, _ = discover.walk([root], Settings())
    assert rel(entries, root) == ["app/main.py", "requirements.txt"]  # build/ is ignored
    # below the top of the work tree too
    entries, _ = discover.walk([root / "app"], Settings())
    assert rel(entries, root) == ["app/main.py"]


@pytest.mark.parametrize("how", ["folder", "file", "variable"])
def test_git_is_asked_whenever_it_could_find_a_work_tree(tmp_path, monkeypatch, how):
    if _inside_git(tmp_path):
        pytest.skip("the temporary folder lies in a git work tree")
    top = tmp_path / "top"
    inner = top / "a" / "b"
    inner.mkdir(parents=True)
    assert not discover._may_be_in_git(inner)
    if how == "folder":
        (top / ".git").mkdir()
    elif how == "file":  # a linked work tree or a submodule: .git is a file naming the repository
        (top / ".git").write_text("gitdir: /elsewhere/.git/worktrees/top\n", encoding="utf-8")
    else:
        monkeypatch.setenv("GIT_DIR", str(tmp_path / "repo.git"))
    assert discover._may_be_in_git(inner)


def test_each_files_path_text_is_pathlibs_own(tmp_path):
    root = plant(tmp_path / "proj")
    entries, _ = discover.walk([root], Settings())
    assert entries
    for e in entries:
        assert str(e.path) == str(Path(str(root.resolve()), *e.path.relative_to(root).parts)) == os.fspath(e.path)
        assert e.path == Path(str(e.path)) and e.lstat is not None and e.lstat.st_ino == os.lstat(e.path).st_ino
