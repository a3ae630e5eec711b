"""The project's own guardrails: ruff is clean under the repository's settings, those settings (not ruff's
defaults or a user-level config) are the ones in force, and the version is written in one place.
(`.ci/run` also runs `mypy`; it is not run here because it takes tens of seconds.)"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from depguard.compat import tomllib

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

needs_ruff = pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


@needs_ruff
def test_ruff_finds_nothing_under_the_repositorys_settings():
    done = ruff("check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


@needs_ruff
def test_the_repositorys_ruff_settings_are_the_ones_in_force():
    shown = ruff("check", "--show-settings", "depguard/model.py").stdout
    enabled = set(re.findall(r"^\t[\w-]+ \(([A-Z]+\d+)\),$", shown.split("linter.rules.enabled", 1)[1]
                             .split("linter.rules.should_fix", 1)[0], re.M))
    selected = PYPROJECT["tool"]["ruff"]["lint"]["select"]
    ignored = set(PYPROJECT["tool"]["ruff"]["lint"]["ignore"])
    assert enabled, shown[:2000]
    assert {"F401", "F821", "F811", "E902", "B006", "I001"} <= enabled
    assert all(any(code.startswith(prefix) for prefix in selected) for code in enabled), \
        sorted(c for c in enabled if not any(c.startswith(p) for p in selected))
    assert not enabled & ignored
    assert f"linter.line_length = {PYPROJECT['tool']['ruff']['line-length']}" in shown


def test_fixture_files_are_not_linted():
    assert "tests/**/fixtures/**" in PYPROJECT["tool"]["ruff"]["extend-exclude"]
    assert PYPROJECT["tool"]["ruff"]["force-exclude"] is True  # also when pre-commit names a fixture file


def test_the_version_is_written_once():
    from depguard import __version__

    assert "version" not in PYPROJECT["project"] and "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "depguard/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:\.dev\d+|(?:a|b|rc)\d+)?", __version__)


def test_ci_runs_the_linters_after_the_tests():
    steps = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.startswith("python -m ")]
    assert steps[-3:] == ["python -m pytest", "python -m ruff check .", "python -m mypy"]
    test_extra = " ".join(PYPROJECT["project"]["optional-dependencies"]["test"])
    assert "ruff>=" in test_extra and "mypy>=" in test_extra


def test_the_changelog_has_an_unreleased_section_and_the_current_version():
    from depguard import __version__

    headings = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert headings[0] == "Unreleased"
    assert __version__ in headings


def test_the_projects_pre_commit_hooks_run_what_ci_runs():
    import yaml

    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    entries = {hook["id"]: hook["entry"] for repo in config["repos"] for hook in repo["hooks"]}
    assert entries["ruff"].startswith("python -m ruff check") and entries["mypy"] == "python -m mypy"
    shipped = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert entries["depguard"] == next(h["entry"] for h in shipped if h["id"] == "depguard")


@pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None, reason="pre-commit is not installed")
def test_the_projects_pre_commit_config_is_valid():
    done = subprocess.run([sys.executable, "-m", "pre_commit", "validate-config", ".pre-commit-config.yaml"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
