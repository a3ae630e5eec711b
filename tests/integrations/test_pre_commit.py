"""The pre-commit hook, run by pre-commit itself: ``pre-commit try-repo <this checkout> depguard
--all-files`` in a throw-away git repository. pre-commit installs depguard from the checkout's committed
HEAD into its own environment (from PyPI), so this test needs the package index; registry answers come
from a loopback fake registry (``DEPGUARD_REGISTRY_PYPI``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

CHECKOUT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    if not (CHECKOUT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("needs a git checkout of depguard")
    return tmp_path_factory.mktemp("pre-commit-home")


def try_repo(repo: Path, home: Path, registry_url: str, *which: str) -> subprocess.CompletedProcess:
    """``pre-commit try-repo`` on ``which`` files (default ``--all-files``; none: the staged files, as a commit)."""
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), DEPGUARD_REGISTRY_PYPI=registry_url,
               DEPGUARD_REGISTRY_NPM=registry_url, NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost",
               PRE_COMMIT_COLOR="never")
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(CHECKOUT), "depguard",
                           *(which or ("--all-files",)), "--verbose"], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=900)


def make_repo(root: Path, files: dict[str, str]) -> Path:
    root.mkdir()
    git(root, "init", "-q")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "files")
    return root


def test_hook_manifest_names_the_depguard_hook():
    [hook] = yaml.safe_load((CHECKOUT / ".pre-commit-hooks.yaml").read_text())
    assert (hook["id"], hook["entry"], hook["language"]) == ("depguard", "depguard hook pre-commit", "python")


CLEAN = {
    "requirements.txt": "requests\nflask>=3\n",
    ".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
                                "      - run: pip install requests\n",
    "Dockerfile": "FROM scratch\nRUN pip install flask\n",
    "README.md": "```bash\npip install requests\n```\n",
    "app.py": "print('not a format depguard reads here')\n",
}
BAD = dict(CLEAN, **{"requirements.txt": "requests\nreqeusts-hallucinated\n"})


@pytest.mark.parametrize(("name", "files", "code", "expected"), [
    ("missing-package", BAD, 1, ["Failed", "requirements.txt:2:1  pypi  reqeusts-hallucinated  missing"]),
    ("clean-tree", CLEAN, 0, ["Passed", "2 packages checked, 0 missing"]),
])
def test_pre_commit_try_repo(tmp_path, pre_commit_home, registry, name, files, code, expected):
    repo = make_repo(tmp_path / name, files)
    proc = try_repo(repo, pre_commit_home, registry.url)
    out = proc.stdout + proc.stderr
    assert proc.returncode == code, out
    for text in expected:
        assert text in out
    assert "/pypi/flask/json" in registry.asked  # the workflow and the Dockerfile were read too


OLD = "requests\nreqeusts-old-typo\n"  # committed long ago (the check that let it in is not ours to redo)


@pytest.mark.parametrize(("name", "edit", "code", "expected", "absent"), [
    ("unrelated-edit", OLD + "flask\n", 0, ["Passed"], ["reqeusts-old-typo"]),
    ("new-typo", OLD + "reqeusts-new-typo\n", 1,
     ["Failed", "requirements.txt:3:1  pypi  reqeusts-new-typo  missing", 'under [allow]: pypi = ["reqeusts-new-typo"]',
      "depguard: ignore", 'args: [--allow, "pypi:reqeusts-new-typo"]'], ["reqeusts-old-typo"]),
])
def test_pre_commit_judges_what_the_commit_changes(tmp_path, pre_commit_home, registry, name, edit, code, expected,
                                                   absent):
    repo = make_repo(tmp_path / name, {"requirements.txt": OLD})
    (repo / "requirements.txt").write_text(edit, encoding="utf-8")
    git(repo, "add", "requirements.txt")
    proc = try_repo(repo, pre_commit_home, registry.url, "--files", "requirements.txt")
    out = proc.stdout + proc.stderr
    assert proc.returncode == code, out
    for text in expected:
        assert text in out
    for text in absent:
        assert text not in out
