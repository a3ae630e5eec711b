"""``depguard hook pre-commit`` judges what the commit changes (issue 17), in a real temporary git repository:
the files are staged as ``git commit`` would have them and the hook is called with them, as pre-commit calls
it (the working folder is the repository's top; unstaged changes are stashed by pre-commit, so the working
tree holds what is committed). Registry answers come from the loopback fake registry."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

if shutil.which("git") is None:
    pytest.skip("needs git", allow_module_level=True)

OLD = "requests\nflaskk-old  # depguard: ignore an internal mirror's name, allowed long ago\nreqeusts-older\n"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid",
                           "-c", "commit.gpgsign=false", *args], check=True, capture_output=True, text=True).stdout


def repo_with(root: Path, files: dict[str, str]) -> Path:
    repo = root / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    stage(repo, files)
    if files:
        git(repo, "commit", "-q", "-m", "base")
    return repo


def stage(repo: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    if files:
        git(repo, "add", "--", *files)
    return sorted(files)


def hook(repo: Path, files: list[str], *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "depguard.cli", "hook", "pre-commit", "--no-cache", *args, *files],
                          cwd=repo, capture_output=True, text=True, timeout=120, env=dict(os.environ, **(env or {})))


def test_an_unrelated_edit_to_a_file_holding_old_names_does_not_block_the_commit(tmp_path, registry):
    repo = repo_with(tmp_path, {"requirements.txt": OLD})
    files = stage(repo, {"requirements.txt": OLD + "flask\n"})
    proc = hook(repo, files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "reqeusts-older" not in proc.stdout
    assert "/pypi/reqeusts-older/json" not in registry.asked  # an old line is not even asked about
    assert "/pypi/flask/json" in registry.asked


def test_a_name_the_commit_adds_blocks_it_and_says_how_to_allow_it(tmp_path, registry):
    repo = repo_with(tmp_path, {"requirements.txt": OLD})
    files = stage(repo, {"requirements.txt": OLD + "reqeusts-new\n"})
    proc = hook(repo, files)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "reqeusts-new" in proc.stdout and "reqeusts-older" not in proc.stdout
    assert 'under [allow]: pypi = ["reqeusts-new"]' in proc.stderr
    assert "[tool.depguard.allow]" in proc.stderr
    assert "depguard: ignore" in proc.stderr
    assert 'args: [--allow, "pypi:reqeusts-new"]' in proc.stderr


def test_each_way_of_allowing_the_message_names_lets_the_commit_through(tmp_path, registry):
    repo = repo_with(tmp_path, {"requirements.txt": OLD})
    files = stage(repo, {"requirements.txt": OLD + "reqeusts-new\n"})
    assert hook(repo, files, "--allow", "pypi:reqeusts-new").returncode == 0
    inline = stage(repo, {"requirements.txt": OLD + "reqeusts-new  # depguard: ignore our own package\n"})
    assert hook(repo, inline).returncode == 0  # the one committing may mark the line (CI still judges it)
    stage(repo, {"requirements.txt": OLD + "reqeusts-new\n"})
    configured = stage(repo, {".depguard.toml": '[allow]\npypi = ["reqeusts-new"]\n'})
    proc = hook(repo, ["requirements.txt", *configured])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "this change adds depguard's configuration (.depguard.toml); this commit is checked with it" in proc.stderr


def test_an_untracked_config_is_not_called_part_of_the_commit(tmp_path, registry):
    # `depguard init` writes .depguard.toml; until it is staged the commit does not add it
    repo = repo_with(tmp_path, {"requirements.txt": OLD})
    (repo / ".depguard.toml").write_text('fail-on = "missing"\n', encoding="utf-8")
    files = stage(repo, {"requirements.txt": OLD + "flask\n"})
    proc = hook(repo, files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "depguard's configuration" not in proc.stderr


def test_the_first_commit_all_files_and_whole_files_judge_every_line(tmp_path, registry):
    repo = repo_with(tmp_path, {})
    files = stage(repo, {"requirements.txt": OLD})
    assert hook(repo, files).returncode == 1  # no HEAD yet: everything is new
    git(repo, "commit", "-q", "-m", "first")
    # `pre-commit run --all-files` passes files the commit does not touch: those are judged whole
    proc = hook(repo, files)
    assert proc.returncode == 1 and "reqeusts-older" in proc.stdout
    edited = stage(repo, {"requirements.txt": OLD + "flask\n"})
    assert hook(repo, edited).returncode == 0  # a changed file: only its new lines
    proc = hook(repo, edited, "--whole-files")
    assert proc.returncode == 1 and "reqeusts-older" in proc.stdout


def test_a_new_line_pulling_in_an_unchanged_file_judges_that_file(tmp_path, registry):
    repo = repo_with(tmp_path, {"requirements.txt": "requests\n", "extra.txt": "reqeusts-older\n"})
    files = stage(repo, {"requirements.txt": "requests\n-r extra.txt\n"})
    proc = hook(repo, files)
    assert proc.returncode == 1 and "reqeusts-older" in proc.stdout


def test_pre_commit_from_ref_is_the_base_when_pre_commit_sets_it(tmp_path, registry):
    repo = repo_with(tmp_path, {"requirements.txt": "requests\n"})
    first = git(repo, "rev-parse", "HEAD").strip()
    stage(repo, {"requirements.txt": "requests\nreqeusts-pushed\n"})
    git(repo, "commit", "-q", "-m", "second")
    files = stage(repo, {"requirements.txt": "requests\nreqeusts-pushed\nflask\n"})
    assert hook(repo, files).returncode == 0  # against HEAD only flask is new
    proc = hook(repo, files, env={"PRE_COMMIT_FROM_REF": first, "PRE_COMMIT_TO_REF": "HEAD"})
    assert proc.returncode == 1 and "reqeusts-pushed" in proc.stdout
    bad = hook(repo, files, env={"PRE_COMMIT_FROM_REF": "no-such-ref"})
    assert bad.returncode == 2 and "no-such-ref" in bad.stderr


def test_the_how_to_allow_message_escapes_names_from_the_change():
    from depguard.report.allowing import how_to_allow

    text = how_to_allow([("npm", 'evil"\x1b]0;pwned\x07'), ("pypi", "reqeusts-new")])
    assert "\x1b" not in text and "\x07" not in text
    assert 'pypi = ["reqeusts-new"]' in text
    assert how_to_allow([]) == ""
