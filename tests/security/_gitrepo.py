"""Real temporary git repositories for the ``scan --diff`` tests: a base commit, then the change under review."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from depguard.cli import main
from depguard.report.json_format import per_mention


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def write(repo: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def make_repo(root: Path, base_files: dict[str, str | bytes]) -> Path:
    """A repository whose first commit (tagged ``base``) holds ``base_files``."""
    repo = root / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "test@example.invalid")
    git(repo, "config", "user.name", "test")
    git(repo, "config", "commit.gpgsign", "false")
    write(repo, base_files)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    git(repo, "tag", "base")
    return repo


@pytest.fixture
def in_repo(tmp_path, monkeypatch):
    """make(base_files) -> a repository with that base commit, made the working folder."""
    def make(base_files):
        repo = make_repo(tmp_path, base_files)
        monkeypatch.chdir(repo)
        return repo

    return make


def commit(repo: Path, message: str = "change") -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", message)


def diff_scan(capsys, *args: str) -> tuple[int, dict]:
    """``depguard scan --inventory --diff base ARGS --format json``: (exit code, report)."""
    capsys.readouterr()
    code = main(["scan", "--inventory", "--no-progress", "--diff", "base", "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


def judged(report: dict) -> set[tuple[str, str]]:
    """(name, path) of every mention the diff scan judged."""
    return {(f["name"], f["location"]["path"]) for f in per_mention(report)}
