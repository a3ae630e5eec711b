"""The coding-agent guard: ``depguard hook claude-code`` driven as Claude Code drives it (a child process,
the PreToolUse event JSON on stdin, the decision JSON on stdout), and ``depguard guard -- CMD``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from depguard.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "claude-code"


def hook(event: str | bytes, cwd: Path, *args: str, env: dict | None = None) -> tuple[int, str, str]:
    data = event if isinstance(event, bytes) else event.encode()
    proc = subprocess.run([sys.executable, "-m", "depguard.cli", "hook", "claude-code", "--no-cache", *args],
                          input=data, capture_output=True, cwd=cwd, env=env or os.environ.copy(), timeout=60)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def decision(stdout: str) -> dict:
    answer = json.loads(stdout)
    assert set(answer) == {"hookSpecificOutput"}
    out = answer["hookSpecificOutput"]
    assert out["hookEventName"] == "PreToolUse"
    return out


def test_deny_when_a_package_is_missing(registry, tmp_path):
    code, out, _ = hook(fixture("bash-install-missing.json"), tmp_path)
    assert code == 0
    d = decision(out)
    assert d["permissionDecision"] == "deny"
    assert "reqeusts (pypi): missing on PyPI" in d["permissionDecisionReason"]
    assert "flask" not in d["permissionDecisionReason"]  # only what is wrong is named
    assert sorted(registry.asked) == ["/pypi/flask/json", "/pypi/reqeusts/json"]


def test_deny_when_npx_would_run_a_missing_package(registry, tmp_path):
    code, out, _ = hook(fixture("bash-npx-missing.json"), tmp_path)
    d = decision(out)
    assert (code, d["permissionDecision"]) == (0, "deny")
    assert "react-codeshift (npm): missing on the npm registry" in d["permissionDecisionReason"]


def test_allow_passes_untouched_when_every_package_checks_out(registry, tmp_path):
    code, out, err = hook(fixture("bash-install-ok.json"), tmp_path)
    assert (code, out) == (0, "")  # no decision: Claude Code's own permission flow goes on
    assert sorted(registry.asked) == ["/left-pad", "/pypi/requests/json"]


def test_not_checked_is_asked_about_never_let_through(tmp_path):
    env = dict(os.environ, DEPGUARD_REGISTRY_PYPI="http://127.0.0.1:9", DEPGUARD_TIMEOUT="1")
    code, out, _ = hook(fixture("bash-install-missing.json"), tmp_path, env=env)
    d = decision(out)
    assert (code, d["permissionDecision"]) == (0, "ask")
    assert "not checked" in d["permissionDecisionReason"]
    assert "registry did not answer" in d["permissionDecisionReason"]


def test_not_checked_passes_with_allow_unchecked(tmp_path):
    event = json.loads(fixture("bash-install-missing.json"))
    event["tool_input"]["command"] = "pip install requests"
    env = dict(os.environ, DEPGUARD_REGISTRY_PYPI="http://127.0.0.1:9", DEPGUARD_TIMEOUT="1")
    code, out, _ = hook(json.dumps(event), tmp_path, "--allow-unchecked", env=env)
    assert (code, out) == (0, "")


@pytest.mark.parametrize("name", ["edit-tool.json", "post-tool-use.json", "bash-no-install.json"])
def test_unrelated_calls_pass_untouched_without_asking(registry, tmp_path, name):
    code, out, _ = hook(fixture(name), tmp_path)
    assert (code, out) == (0, "")
    assert registry.asked == []


@pytest.mark.parametrize("event", [b"not json", b"[1, 2]", b'{"hook_event_name": "PreToolUse", "tool_name": "Bash"}'])
def test_unreadable_events_fail_closed(tmp_path, event):
    code, out, _ = hook(event, tmp_path)
    d = decision(out)
    assert (code, d["permissionDecision"]) == (0, "deny")
    assert "could not read" in d["permissionDecisionReason"]


def test_project_config_of_the_event_cwd_is_honoured(registry, tmp_path):
    (tmp_path / ".depguard.toml").write_text('[allow]\npypi = ["reqeusts"]\n')
    event = json.loads(fixture("bash-install-missing.json"))
    event["cwd"] = str(tmp_path)
    code, out, _ = hook(json.dumps(event), Path("/"))
    assert (code, out) == (0, "")


# --- depguard guard -- CMD -------------------------------------------------------------------------

@pytest.fixture
def fake_tools(tmp_path, monkeypatch):
    """``pip`` and ``npm`` stand-ins on PATH that record how they were called (nothing is installed)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "ran.txt"
    for tool in ("pip", "npm"):
        script = bin_dir / tool
        script.write_text(f'#!/bin/sh\necho "{tool} $*" >> "{log}"\nexit 0\n')
        script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return log


def test_guard_runs_a_clean_command(registry, fake_tools, capsys):
    code = main(["guard", "--no-cache", "--", "pip", "install", "requests", "flask>=3"])
    assert code == 0
    assert fake_tools.read_text() == "pip install requests flask>=3\n"
    assert "2 packages checked, 0 missing" in capsys.readouterr().err


def test_guard_refuses_a_flagged_command_and_runs_nothing(registry, fake_tools, capsys):
    code = main(["guard", "--no-cache", "--", "npm", "install", "lodash", "lodahs"])
    err = capsys.readouterr().err
    assert code == 1
    assert not fake_tools.exists()
    assert "refused to run: npm install lodash lodahs" in err
    assert "lodahs (npm): missing on the npm registry" in err


def test_guard_fails_closed_when_not_checked(fake_tools, monkeypatch, capsys):
    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", "http://127.0.0.1:9")
    code = main(["guard", "--no-cache", "--timeout", "1", "--", "pip", "install", "requests"])
    assert code == 3
    assert not fake_tools.exists()
    assert "not checked" in capsys.readouterr().err
    code = main(["guard", "--no-cache", "--timeout", "1", "--allow-unchecked", "--", "pip", "install", "requests"])
    assert code == 0
    assert fake_tools.read_text() == "pip install requests\n"


def test_guard_reads_sh_c_scripts(registry, fake_tools, capsys):
    code = main(["guard", "--no-cache", "--", "sh", "-c", "echo start; pip install reqeusts"])
    assert code == 1
    assert not fake_tools.exists()


def test_guard_runs_commands_that_install_nothing(registry, fake_tools):
    assert main(["guard", "--", "pip", "list"]) == 0
    assert fake_tools.read_text() == "pip list\n"
    assert registry.asked == []


def test_guard_passes_the_command_exit_code_and_needs_a_command(registry, capsys):
    assert main(["guard", "--", sys.executable, "-c", "raise SystemExit(7)"]) == 7
    assert main(["guard", "--", "no-such-tool-here-xyz"]) == 127
    assert main(["guard"]) == 2


def test_guard_judges_the_manifest_a_command_installs_from(registry, fake_tools, tmp_path, monkeypatch, capsys):
    (tmp_path / "requirements.txt").write_text("flask\nreqeusts\n")
    monkeypatch.chdir(tmp_path)
    assert main(["guard", "--no-cache", "--", "pip", "install", "-r", "requirements.txt"]) == 1
    assert not fake_tools.exists()
    assert "reqeusts (pypi): missing on PyPI" in capsys.readouterr().err
    (tmp_path / "requirements.txt").write_text("flask\n")
    assert main(["guard", "--no-cache", "--", "pip", "install", "-r", "requirements.txt"]) == 0
    assert fake_tools.read_text() == "pip install -r requirements.txt\n"


def test_guard_runs_nothing_it_could_not_check(registry, fake_tools, capsys):
    assert main(["guard", "--no-cache", "--", "sh", "-c", "pip install $PKG"]) == 3
    assert not fake_tools.exists()
    assert "$PKG" in capsys.readouterr().err
