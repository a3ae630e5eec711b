"""Coding-agent hooks driven the way the hosts drive them: the real ``depguard`` script in a child process,
the host's event JSON on standard input, its answer read back from standard output; a loopback registry
(:mod:`tests.integrations.fake_registry`) knows requests, flask, lodash, left-pad and @types/node.

One test per event type and host (Claude Code Bash/Write/Edit/MultiEdit/NotebookEdit, Codex Bash and
apply_patch, Gemini run_shell_command/write_file/replace, Cursor beforeShellExecution/preToolUse), the
"only what the edit adds" rule, edits of depguard's own configuration, and failing closed in time."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DEPGUARD = shutil.which("depguard", path=str(Path(sys.executable).parent)) or shutil.which("depguard")
pytestmark = pytest.mark.skipif(DEPGUARD is None, reason="the depguard script is not installed")


def run_hook(host: str, event, cwd: Path, *args: str, env: dict | None = None) -> tuple[int, str, str]:
    data = event if isinstance(event, bytes) else json.dumps(event).encode()
    proc = subprocess.run([DEPGUARD, "hook", host, "--no-cache", *args], input=data, capture_output=True, cwd=cwd,
                          env=dict(env or os.environ, DEPGUARD_SERVER="0"), timeout=120)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def claude(tool: str, tool_input: dict, cwd: Path) -> dict:
    return {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "cwd": str(cwd),
            "session_id": "s", "transcript_path": "/dev/null", "permission_mode": "default"}


def claude_answer(out: str) -> tuple[str, str]:
    got = json.loads(out)["hookSpecificOutput"]
    assert got["hookEventName"] == "PreToolUse"
    return got["permissionDecision"], got["permissionDecisionReason"]


def answer_of(event: dict, cwd: Path, host: str = "claude-code", run=run_hook) -> tuple[str, str]:
    """(decision, reason) of the hook's answer to ``event``."""
    return claude_answer(run(host, event, cwd)[1])


@pytest.fixture
def hook_here(monkeypatch, capsys):
    """``run_hook`` in this process (for tests of what is judged, not of the protocol's plumbing)."""
    import io

    from depguard.cli import main

    def run(host: str, event, cwd: Path, *args: str) -> tuple[int, str, str]:
        data = event if isinstance(event, bytes) else json.dumps(event).encode()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        capsys.readouterr()
        code = main(["hook", host, "--no-cache", *args])
        return code, capsys.readouterr().out, ""

    return run


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "requirements.txt").write_text("requests\n")
    (tmp_path / "package.json").write_text(json.dumps({"name": "shop", "dependencies": {"lodash": "^4.17.21"}}, indent=2) + "\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "shop"\nversion = "1.0"\ndependencies = ["requests"]\n')
    return tmp_path


# --- Claude Code: edits -------------------------------------------------------------------------------

def test_write_adding_a_missing_name_to_requirements_is_denied(registry, project):
    event = claude("Write", {"file_path": str(project / "requirements.txt"), "content": "requests\nflask\nreqeusts\n"}, project)
    code, out, _ = run_hook("claude-code", event, project)
    decision, reason = claude_answer(out)
    assert (code, decision) == (0, "deny")
    assert "reqeusts (pypi): missing on PyPI" in reason and "requirements.txt" in reason
    assert "flask" not in reason
    # only the names the edit adds are asked about: requests was there before
    assert sorted(registry.asked) == ["/pypi/flask/json", "/pypi/reqeusts/json"]


def test_edit_of_package_json_adding_a_missing_name_is_denied(registry, project):
    event = claude("Edit", {"file_path": str(project / "package.json"), "old_string": '"lodash": "^4.17.21"',
                            "new_string": '"lodash": "^4.17.21",\n    "lodahs": "^1.0.0"'}, project)
    decision, reason = answer_of(event, project)
    assert decision == "deny"
    assert "lodahs (npm): missing on the npm registry" in reason


def test_edit_adding_a_real_name_passes_untouched(registry, project, hook_here):
    event = claude("Edit", {"file_path": str(project / "requirements.txt"), "old_string": "requests\n",
                            "new_string": "requests\nflask>=3\n"}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")
    assert registry.asked == ["/pypi/flask/json"]


def test_names_already_in_the_file_are_not_judged_again(registry, project, hook_here):
    (project / "requirements.txt").write_text("reqeusts\n")  # an old mistake the agent did not make
    event = claude("Edit", {"file_path": str(project / "requirements.txt"), "old_string": "reqeusts\n",
                            "new_string": "reqeusts\nflask\n"}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")
    assert registry.asked == ["/pypi/flask/json"]


def test_an_edit_the_tool_would_refuse_changes_nothing(registry, project, hook_here):
    event = claude("Edit", {"file_path": str(project / "requirements.txt"), "old_string": "not in the file",
                            "new_string": "reqeusts"}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")
    assert registry.asked == []


def test_multiedit_is_applied_in_order(registry, project):
    edits = [{"old_string": 'dependencies = ["requests"]', "new_string": 'dependencies = ["requests", "flask"]'},
             {"old_string": '"flask"]', "new_string": '"flask", "reqeusts"]'}]
    event = claude("MultiEdit", {"file_path": str(project / "pyproject.toml"), "edits": edits}, project)
    decision, reason = answer_of(event, project)
    assert decision == "deny" and "reqeusts (pypi): missing on PyPI" in reason


def test_multiedit_with_a_failing_edit_changes_nothing(registry, project, hook_here):
    edits = [{"old_string": 'dependencies = ["requests"]', "new_string": 'dependencies = ["reqeusts"]'},
             {"old_string": "no such text", "new_string": "x"}]
    event = claude("MultiEdit", {"file_path": str(project / "pyproject.toml"), "edits": edits}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")


def test_notebook_cell_installing_a_missing_name_is_denied(registry, project):
    nb = {"cells": [{"cell_type": "code", "id": "a1", "metadata": {}, "outputs": [], "execution_count": None,
                     "source": ["import requests\n"]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (project / "demo.ipynb").write_text(json.dumps(nb))
    event = claude("NotebookEdit", {"notebook_path": str(project / "demo.ipynb"), "cell_id": "a1",
                                    "new_source": "!pip install reqeusts\nimport requests", "edit_mode": "insert"}, project)
    decision, reason = answer_of(event, project)
    assert decision == "deny" and "reqeusts (pypi)" in reason


def test_documents_are_not_judged(registry, project, hook_here):
    event = claude("Write", {"file_path": str(project / "NOTES.md"), "content": "pip install reqeusts\n"}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")
    assert registry.asked == []


def test_editing_depguard_config_is_asked_about(registry, project, hook_here):
    event = claude("Write", {"file_path": str(project / ".depguard.toml"), "content": '[allow]\npypi = ["*"]\n'}, project)
    decision, reason = answer_of(event, project, run=hook_here)
    assert decision == "ask" and "depguard's configuration (.depguard.toml)" in reason


def test_editing_tool_depguard_in_pyproject_is_asked_about(registry, project, hook_here):
    event = claude("Edit", {"file_path": str(project / "pyproject.toml"), "old_string": 'version = "1.0"\n',
                            "new_string": 'version = "1.0"\n\n[tool.depguard]\nfail-on = "missing"\n'}, project)
    decision, reason = answer_of(event, project, run=hook_here)
    assert decision == "ask" and "pyproject.toml" in reason


def test_other_pyproject_edits_are_not_asked_about(registry, project, hook_here):
    with (project / "pyproject.toml").open("a") as fh:
        fh.write('\n[tool.depguard]\nfail-on = "suspicious"\n')  # pyproject.toml is the config file now
    event = claude("Edit", {"file_path": str(project / "pyproject.toml"), "old_string": 'version = "1.0"',
                            "new_string": 'version = "1.1"'}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")


def test_editing_the_users_own_config_is_asked_about(registry, project, tmp_path_factory):
    user = tmp_path_factory.mktemp("home") / "depguard.toml"
    env = dict(os.environ, DEPGUARD_USER_CONFIG=str(user))
    event = claude("Write", {"file_path": str(user), "content": "[verify]\nenabled = false\n"}, project)
    decision, reason = claude_answer(run_hook("claude-code", event, project, env=env)[1])
    assert decision == "ask" and "depguard's configuration" in reason


def test_an_unreadable_edit_input_is_asked_about(registry, project, hook_here):
    event = claude("Edit", {"file_path": str(project / "requirements.txt"), "old_string": "requests\n", "new_string": 7}, project)
    decision, reason = answer_of(event, project, run=hook_here)
    assert decision == "ask" and "new_string" in reason


@pytest.mark.parametrize("tool_name", [["Bash"], {"name": "Bash"}, 7])
def test_a_tool_name_that_is_not_a_string_is_refused_with_what_was_unreadable(project, hook_here, tool_name):
    event = {**claude("Bash", {"command": "pip install reqeusts"}, project), "tool_name": tool_name}
    decision, reason = answer_of(event, project, run=hook_here)
    assert decision == "deny" and "could not read the tool name" in reason


# --- Codex ----------------------------------------------------------------------------------------------

def test_codex_bash_install_of_a_missing_name_is_denied(registry, project):
    event = claude("Bash", {"command": "pip install reqeusts"}, project)
    decision, reason = claude_answer(run_hook("codex", event, project)[1])
    assert decision == "deny" and "reqeusts (pypi)" in reason


def test_codex_apply_patch_adding_a_missing_name_is_denied(registry, project):
    patch = ("*** Begin Patch\n*** Update File: requirements.txt\n@@\n requests\n+reqeusts\n"
             "*** Add File: web/package.json\n+{\"dependencies\": {\"left-pad\": \"1\", \"lodahs\": \"1\"}}\n*** End Patch\n")
    decision, reason = claude_answer(run_hook("codex", claude("apply_patch", {"command": patch}, project), project)[1])
    assert decision == "deny"
    assert "reqeusts (pypi)" in reason and "lodahs (npm)" in reason and "left-pad" not in reason


def test_codex_has_no_ask_so_unchecked_is_denied(project):
    env = dict(os.environ, DEPGUARD_REGISTRY_PYPI="http://127.0.0.1:9", DEPGUARD_TIMEOUT="1")
    decision, reason = claude_answer(run_hook("codex", claude("Bash", {"command": "pip install requests"}, project),
                                              project, env=env)[1])
    assert decision == "deny" and "no 'ask' answer" in reason


# --- Gemini CLI -----------------------------------------------------------------------------------------

def gemini(tool: str, tool_input: dict, cwd: Path) -> dict:
    return {"hook_event_name": "BeforeTool", "tool_name": tool, "tool_input": tool_input, "cwd": str(cwd),
            "session_id": "s", "transcript_path": "/dev/null", "timestamp": "2026-12-03T09:00:00Z"}


@pytest.mark.parametrize("tool,tool_input", [
    ("run_shell_command", {"command": "npm install lodahs", "description": "add a helper"}),
    ("write_file", {"file_path": "requirements.txt", "content": "requests\nreqeusts\n"}),
    ("replace", {"file_path": "requirements.txt", "old_string": "requests", "new_string": "requests\nreqeusts"}),
])
def test_gemini_before_tool_denies_flagged_names(registry, project, tool, tool_input):
    code, out, _ = run_hook("gemini", gemini(tool, tool_input, project), project)
    answer = json.loads(out)
    assert (code, answer["decision"]) == (0, "deny")
    assert "missing on" in answer["reason"]


def test_gemini_clean_calls_get_no_decision(registry, project):
    assert run_hook("gemini", gemini("run_shell_command", {"command": "pip install flask"}, project), project)[:2] == (0, "{}\n")
    assert run_hook("gemini", gemini("read_file", {"path": "requirements.txt"}, project), project)[:2] == (0, "{}\n")


# --- Cursor ---------------------------------------------------------------------------------------------

def test_cursor_before_shell_execution(registry, project):
    event = {"hook_event_name": "beforeShellExecution", "command": "cd web && npm i lodahs", "cwd": str(project),
             "conversation_id": "c", "generation_id": "g", "workspace_roots": [str(project)]}
    code, out, _ = run_hook("cursor", event, project)
    answer = json.loads(out)
    assert (code, answer["permission"]) == (0, "deny")
    assert "lodahs (npm)" in answer["agent_message"] and answer["user_message"] == answer["agent_message"]
    event["command"] = "npm i lodash"
    assert json.loads(run_hook("cursor", event, project)[1]) == {}


def test_cursor_pre_tool_use_write(registry, project):
    event = {"hook_event_name": "preToolUse", "tool_name": "Write", "workspace_roots": [str(project)],
             "tool_input": {"file_path": str(project / "requirements.txt"), "content": "reqeusts\n"}}
    assert json.loads(run_hook("cursor", event, project)[1])["permission"] == "deny"


# --- failing closed, in time ---------------------------------------------------------------------------

def test_deeply_nested_json_event_is_denied(project):
    event = b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    code, out, _ = run_hook("claude-code", event, project)
    decision, reason = claude_answer(out)
    assert (code, decision) == (0, "deny")


def test_deeply_nested_command_substitution_is_not_let_through(registry, project):
    command = "echo " + "$(" * 3000 + "echo x" + ")" * 3000 + " && pip install reqeusts"
    code, out, _ = run_hook("claude-code", claude("Bash", {"command": command}, project), project)
    assert code == 0 and claude_answer(out)[0] == "deny"


@pytest.mark.parametrize("error", [RecursionError("maximum recursion depth exceeded"), OSError(20, "Not a directory"),
                                   KeyError("x"), MemoryError()])
def test_any_failure_in_the_hook_path_ends_in_a_one_line_deny(monkeypatch, project, capsys, error):
    import depguard.hooks
    from depguard.cli import main

    def broken(*args, **kwargs):
        raise error

    monkeypatch.setattr(depguard.hooks, "judge", broken)
    monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": __import__("io").BytesIO(
        json.dumps(claude("Bash", {"command": "pip install flask"}, project)).encode())})())
    for host in ("claude-code",):
        assert main(["hook", host, "--no-cache"]) == 0
    decision, reason = claude_answer(capsys.readouterr().out)
    assert decision == "deny" and "\n" not in reason and "depguard failed" in reason


def test_a_run_past_the_budget_is_denied_in_time():
    import threading

    from depguard.hooks.budget import run_within

    release = threading.Event()
    try:
        answer, finished = run_within(lambda: release.wait(60) and "late", 0.2, lambda reason: reason)
    finally:
        release.set()
    assert not finished and "time budget of 0.2 s" in answer


def test_the_budget_bounds_a_long_configured_deadline():
    from depguard.config import Settings
    from depguard.hooks.budget import Budget

    clamped = Budget(10).clamp(Settings(deadline=600.0))
    assert clamped.deadline <= 10 and clamped.http.timeout <= 10 and clamped.http.deadline <= 10


def test_unusable_cache_directory_is_denied_with_the_reason(registry, project):
    (project / "not-a-dir").write_text("")
    env = dict(os.environ, DEPGUARD_CACHE_DIR=str(project / "not-a-dir" / "cache"))
    proc = subprocess.run([DEPGUARD, "hook", "claude-code"], input=json.dumps(claude("Bash", {"command": "pip install reqeusts"}, project)).encode(),
                          capture_output=True, cwd=project, env=dict(env, DEPGUARD_SERVER="0"), timeout=120)
    decision, reason = claude_answer(proc.stdout.decode())
    assert (proc.returncode, decision) == (0, "deny")
    assert "\n" not in reason


def test_deeply_nested_project_config_is_denied(registry, project):
    (project / "pyproject.toml").write_text("[tool.depguard]\nx = " + "[" * 50_000 + "]" * 50_000 + "\n")
    code, out, _ = run_hook("claude-code", claude("Bash", {"command": "pip install flask"}, project), project)
    decision, reason = claude_answer(out)
    assert (code, decision) == (0, "deny")
    assert "nested" in reason or "pyproject.toml" in reason


def test_a_broken_project_config_refuses_only_what_depguard_judges(registry, project, hook_here):
    (project / ".depguard.toml").write_text("fail-on = [[[\n")
    assert hook_here("claude-code", claude("Bash", {"command": "ls -la && git status"}, project), project)[:2] == (0, "")
    decision, reason = answer_of(claude("Bash", {"command": "pip install flask"}, project), project, run=hook_here)
    assert decision == "deny" and ".depguard.toml" in reason


def test_a_300_kb_command_is_answered(registry, project):
    command = "pip install reqeusts && " + "; ".join(f'echo "line {i}" $HOME' for i in range(20_000))
    assert len(command) > 300_000
    code, out, _ = run_hook("claude-code", claude("Bash", {"command": command}, project), project, "--budget", "30")
    assert code == 0 and claude_answer(out)[0] in ("deny", "ask")


def test_a_1_9_mb_argument_list_is_answered_within_the_budget(project):
    from tests.reliability.fault_server import FaultServer

    command = "pip install " + " ".join(f"hang-{i}" for i in range(200_000))
    assert len(command) > 1_900_000
    with FaultServer(hang=60) as server:
        env = dict(os.environ, DEPGUARD_REGISTRY_PYPI=server.url, NO_PROXY="127.0.0.1", no_proxy="127.0.0.1")
        code, out, _ = run_hook("claude-code", claude("Bash", {"command": command}, project), project, "--budget", "5", env=env)
    assert code == 0 and claude_answer(out)[0] in ("deny", "ask")


def test_a_long_project_deadline_does_not_stretch_the_hook(project):
    from tests.reliability.fault_server import FaultServer

    (project / ".depguard.toml").write_text("deadline = 600\ntimeout = 600\n")
    # a budget far below the registry's 60 s hang and the project's 600 s deadline, with room for the hook's own
    # start and reading on a loaded machine (with 3 s, CI at load 7-13 spent the budget before the lookup began)
    with FaultServer(hang=60) as server:
        env = dict(os.environ, DEPGUARD_REGISTRY_PYPI=server.url, NO_PROXY="127.0.0.1", no_proxy="127.0.0.1")
        code, out, _ = run_hook("claude-code", claude("Bash", {"command": "pip install hang"}, project), project,
                                "--budget", "12", env=env)
    decision, reason = claude_answer(out)
    assert (code, decision) == (0, "ask")
    assert "not checked" in reason


# --- manifest installs (judged by the names of the file they install from) ------------------------------

@pytest.mark.parametrize("command,files,flagged", [
    ("pip install -qr requirements.txt", {"requirements.txt": "requests\nreqeusts\n"}, "reqeusts (pypi)"),
    ("cd web && npm ci", {"web/package.json": '{"dependencies": {"lodahs": "1.0.0"}}'}, "lodahs (npm)"),
    ("npm --prefix web install", {"web/package.json": '{"dependencies": {"lodahs": "1.0.0"}}'}, "lodahs (npm)"),
    ("uv sync", {"pyproject.toml": '[project]\nname = "x"\nversion = "1"\ndependencies = ["reqeusts"]\n'}, "reqeusts (pypi)"),
    ("echo reqeusts > r.txt && pip install -r r.txt", {}, "reqeusts (pypi)"),
    ("printf 'reqeusts  # depguard: ignore\\n' > r.txt && pip install -r r.txt", {}, "reqeusts (pypi)"),
    ("echo reqeusts >> requirements.txt && pip install -r requirements.txt", {"requirements.txt": "requests\n"}, "reqeusts (pypi)"),
])
def test_manifest_installs_are_judged_by_the_manifest(registry, tmp_path, command, files, flagged, hook_here):
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    decision, reason = claude_answer(hook_here("claude-code", claude("Bash", {"command": command}, tmp_path), tmp_path)[1])
    assert decision == "deny" and flagged in reason
    assert "requirements.txt (pypi)" not in reason


def test_a_clean_manifest_install_passes(registry, project, hook_here):
    assert hook_here("claude-code", claude("Bash", {"command": "pip install -r requirements.txt && npm install"}, project), project)[:2] == (0, "")
    assert sorted(registry.asked) == ["/lodash", "/pypi/requests/json"]


def test_an_install_depguard_cannot_resolve_is_asked_about(registry, project, hook_here):
    decision, reason = claude_answer(hook_here("claude-code", claude("Bash", {"command": "pip install $PKG"}, project), project)[1])
    assert decision == "ask" and "$PKG" in reason


def test_an_edit_cannot_suppress_what_it_adds(registry, project, hook_here):
    event = claude("Edit", {"file_path": str(project / "requirements.txt"), "old_string": "requests\n",
                            "new_string": "requests\nreqeusts  # depguard: ignore\n"}, project)
    decision, reason = answer_of(event, project, run=hook_here)
    assert decision == "deny" and "reqeusts (pypi)" in reason


def test_a_failing_stop_check_lets_the_turn_end(monkeypatch, project, capsys):
    import io

    import depguard.verify.stop_hook
    from depguard.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(depguard.verify.stop_hook, "handle_stop_event", broken)
    event = {"hook_event_name": "Stop", "cwd": str(project), "stop_hook_active": False, "transcript_path": "/dev/null"}
    monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": io.BytesIO(json.dumps(event).encode())})())
    assert main(["hook", "claude-code", "--no-cache"]) == 0
    out = capsys.readouterr()
    assert out.out == "" and "boom" in out.err


def test_readme_hook_configs_are_valid_and_match_the_hosts():
    import re

    from depguard.hooks.hosts import HOSTS

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("<!-- section:agent-hooks -->"):readme.index("<!-- /section:agent-hooks -->")]
    configs = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)]
    commands: dict[str, list[dict]] = {}
    for config in configs:
        for entries in config["hooks"].values():
            for entry in entries:
                for hook in entry.get("hooks", [entry]):
                    name = hook["command"].split()[2]
                    commands.setdefault(name, []).append(entry)
    assert set(commands) == {"codex", "gemini", "cursor"}  # Claude Code's is in the Integrations section
    assert set("Bash|apply_patch".split("|")) <= set(commands["codex"][0]["matcher"].split("|"))
    assert set("run_shell_command|write_file|replace".split("|")) <= set(commands["gemini"][0]["matcher"].split("|"))
    assert all(HOSTS[name] for name in commands)


def test_a_hook_that_cannot_finish_denies_at_its_budget_and_exits(project):
    # the host never closes standard input: reading the event cannot finish, the budget answers
    with subprocess.Popen([DEPGUARD, "hook", "claude-code", "--no-cache", "--budget", "2"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=project,
                          env=dict(os.environ, DEPGUARD_SERVER="0")) as proc:
        try:
            proc.stdin.write(b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", ')
            proc.stdin.flush()
            code = proc.wait(timeout=60)  # the process ends by itself, standard input still open
            out = proc.stdout.read()
        finally:
            proc.kill()
            proc.stdin.close()
    decision, reason = claude_answer(out.decode())
    assert (code, decision) == (0, "deny") and "time budget of 2 s" in reason


def test_codex_patch_text_in_a_shell_call_does_not_hide_the_command(registry, project, hook_here):
    command = "pip install reqeusts && echo '*** Begin Patch'"
    decision, reason = answer_of(claude("Bash", {"command": command}, project), project, host="codex", run=hook_here)
    assert decision == "deny" and "reqeusts (pypi)" in reason
    patch = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: requirements-dev.txt\n+reqeusts\n*** End Patch\nEOF\n"
    decision, reason = answer_of(claude("Bash", {"command": patch}, project), project, host="codex", run=hook_here)
    assert decision == "deny" and "requirements-dev.txt" in reason


def test_fixture_data_edits_are_not_judged_but_installs_from_them_are(registry, project, hook_here):
    fixture = project / "tests" / "fixtures" / "requirements.txt"
    fixture.parent.mkdir(parents=True)
    event = claude("Write", {"file_path": str(fixture), "content": "reqeusts\n"}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")
    fixture.write_text("reqeusts\n")
    decision, reason = answer_of(claude("Bash", {"command": "pip install -r tests/fixtures/requirements.txt"}, project), project, run=hook_here)
    assert decision == "deny" and "reqeusts (pypi)" in reason


def test_edits_of_files_depguard_does_not_read_pass_even_when_they_cannot_be_read(registry, project, hook_here):
    big = project / "data.csv"
    big.write_bytes(b"x," * (3 * 1024 * 1024))  # over the 5 MB limit
    event = claude("Edit", {"file_path": str(big), "old_string": "x,", "new_string": "y,"}, project)
    assert hook_here("claude-code", event, project)[:2] == (0, "")
    event = claude("Edit", {"file_path": str(project / "requirements.txt"), "old_string": 1, "new_string": "x"}, project)
    assert hook_here("claude-code", event, project, "--allow-unchecked")[:2] == (0, "")


def test_a_manifest_installed_from_another_index_is_asked_about(registry, project, hook_here):
    command = "pip install --index-url https://pypi.mycorp.example/simple -r requirements.txt"
    decision, reason = answer_of(claude("Bash", {"command": command}, project), project, run=hook_here)
    assert decision == "ask" and "pypi.mycorp.example" in reason and reason.count("mycorp") == 1
