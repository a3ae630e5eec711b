"""depguard serve and its client: same output and exit code as a run in its own process, or no forwarding.

The end-to-end tests start a real server process and real client processes (every run ``--offline`` or on
names that are never looked up, so nothing leaves the machine)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from depguard import client, server
from tests.integrations.fake_registry import FakeRegistry
from tests.integrations.serve_process import client_env, serve_process

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or not hasattr(os, "getuid"), reason="Unix sockets only")

ANSWER = """Install it:

```bash
pip install requests flask-security-utils
npm i react-codeshift
```
"""


_env = client_env


def _depguard(args: list[str], env: dict[str, str], cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "depguard.cli", *args], input=stdin, capture_output=True, env=env,
                          cwd=cwd, timeout=120)


@pytest.fixture
def running(tmp_path):
    """A depguard server process on a socket of this test's own; yields (socket path, env for clients)."""
    sock = tmp_path / "s" / "serve.sock"
    with serve_process(sock) as (_proc, env):
        yield sock, env


def _norm(stdout: bytes) -> dict:
    """A JSON report without the times of its answers (two runs are a few milliseconds apart)."""
    report = json.loads(stdout)
    for f in report["findings"]:
        if f.get("evidence"):
            f["evidence"].pop("at", None)
    return report


def _served(sock: Path) -> int:
    return server.ping(str(sock))["served"]


def test_a_served_run_prints_what_a_run_of_its_own_prints(running, tmp_path):
    sock, env = running
    (tmp_path / "answer.md").write_text(ANSWER)
    args = ["text", "answer.md", "--offline", "--format", "json"]
    before = _served(sock)
    served = _depguard(args, env, tmp_path)
    assert _served(sock) == before + 1
    alone = _depguard(args, {**env, "DEPGUARD_SERVER": "0"}, tmp_path)
    assert _served(sock) == before + 1  # DEPGUARD_SERVER=0: not forwarded
    assert served.returncode == alone.returncode == 3  # offline with nothing cached: not checked
    assert _norm(served.stdout) == _norm(alone.stdout) and served.stderr == alone.stderr
    names = {f["name"] for f in json.loads(served.stdout)["findings"]}
    assert names == {"requests", "flask-security-utils", "react-codeshift"}


def test_standard_input_is_asked_of_the_client(running, tmp_path):
    sock, env = running
    served = _depguard(["text", "-", "--offline", "--format", "json"], env, tmp_path, stdin=ANSWER.encode())
    alone = _depguard(["text", "-", "--offline", "--format", "json"], {**env, "DEPGUARD_SERVER": "0"}, tmp_path,
                      stdin=ANSWER.encode())
    assert _norm(served.stdout) == _norm(alone.stdout) and served.returncode == alone.returncode
    assert json.loads(served.stdout)["summary"]["mentions"] == 3


def test_each_run_has_the_clients_folder_config_and_environment(running, tmp_path):
    sock, env = running
    strict = tmp_path / "strict"
    strict.mkdir()
    (strict / ".depguard.toml").write_text('[deny]\npypi = ["flask-security-*"]\n')
    relaxed = tmp_path / "relaxed"
    relaxed.mkdir()
    args = ["check", "flask-security-utils", "--offline", "--format", "json"]
    denied = _depguard(args, env, strict)
    plain = _depguard(args, env, relaxed)
    assert [f["rule"] for f in json.loads(denied.stdout)["findings"]] == ["DG005"] and denied.returncode == 1
    assert [f["rule"] for f in json.loads(plain.stdout)["findings"]] != ["DG005"] and plain.returncode == 3
    # the environment is the client's: NO_COLOR or a fail-on policy set there is seen by the served run
    lenient = _depguard(args, {**env, "DEPGUARD_FAIL_ON": "missing"}, strict)
    assert lenient.returncode == denied.returncode  # a denied name fails either way ...
    bad = _depguard(args, {**env, "DEPGUARD_FAIL_ON": "everything"}, relaxed)
    assert bad.returncode == 2 and b"DEPGUARD_FAIL_ON" in bad.stderr  # ... and a bad value is the client's error


def test_usage_errors_and_help_come_back_as_they_would(running, tmp_path):
    sock, env = running
    for args in (["text", "--no-such-option"], ["check", "--help"], ["check", "nosuch:thing"]):
        served = _depguard(args, env, tmp_path)
        alone = _depguard(args, {**env, "DEPGUARD_SERVER": "0"}, tmp_path)
        assert (served.returncode, served.stdout, served.stderr) == (alone.returncode, alone.stdout, alone.stderr), args


def test_status_and_stop(running, tmp_path):
    sock, env = running
    status = _depguard(["serve", "--status"], env, tmp_path)
    assert status.returncode == 0 and str(sock).encode() in status.stdout
    assert _depguard(["serve", "--stop"], env, tmp_path).returncode == 0
    deadline = time.monotonic() + 20
    while server.ping(str(sock), timeout=0.2) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not sock.exists()  # the server removed its socket on the way out
    gone = _depguard(["serve", "--status"], env, tmp_path)
    assert gone.returncode == 1 and b"no depguard server" in gone.stdout
    # with no server, the command runs in its own process
    alone = _depguard(["check", "flask-security-utils", "--offline"], env, tmp_path)
    assert alone.returncode == 3



def test_status_of_a_server_too_busy_to_answer_says_so(tmp_path, monkeypatch, capsys):
    from depguard.cli import main

    monkeypatch.setenv("DEPGUARD_SOCKET", str(tmp_path / "serve.sock"))
    monkeypatch.setenv("DEPGUARD_SERVER", "0")
    monkeypatch.setattr(server, "ping", lambda path, timeout=1.0: {"refused": "busy: 16 runs in progress"})
    assert main(["serve", "--status"]) == 0
    out = capsys.readouterr().out
    assert "answers on" in out and "busy: 16 runs in progress" in out and "None" not in out
    # whatever listens on the socket, what it says reaches the terminal escaped
    monkeypatch.setattr(server, "ping", lambda path, timeout=1.0: {"refused": "busy\x1b[2J\x1b]0;owned\x07"})
    assert main(["serve", "--status"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out
    # so does every field of a status it gives: the version, the pid, the runs served and the package
    monkeypatch.setattr(server, "ping", lambda path, timeout=1.0: {
        "version": "9\x1b]0;owned\x07", "pid": "1\x1b[2J", "served": "3\x1b[1A", "started": 0, "package": "/x\x1b[31m"})
    assert main(["serve", "--status"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "9\\x1b]0;owned\\x07" in out and "(pid 1\\x1b[2J)" in out and "3\\x1b[1A runs served" in out


# --- the client's decisions, in this process ---------------------------------------------------------

class _Stream:
    def __init__(self, tty: bool) -> None:
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def test_only_text_check_and_hook_are_forwarded_and_never_at_a_terminal(tmp_path, monkeypatch):
    sock = tmp_path / "serve.sock"
    sock.write_text("")  # exists
    monkeypatch.setenv("DEPGUARD_SOCKET", str(sock))
    for name in ("stdin", "stdout", "stderr"):
        monkeypatch.setattr(sys, name, _Stream(False))
    assert client.wanted(["text", "x.md"]) and client.wanted(["check", "x"]) and client.wanted(["hook", "claude-code"])
    assert not client.wanted(["guard", "--", "pip", "install", "x"])  # runs commands: never served
    assert not client.wanted(["scan", "."]) and not client.wanted([]) and not client.wanted(["--help"])
    assert not client.wanted(["hook", "pre-commit", "x.txt"])  # files named relative to the client's folder
    monkeypatch.setenv("DEPGUARD_SERVER", "0")
    assert not client.wanted(["text", "x.md"])
    monkeypatch.delenv("DEPGUARD_SERVER")
    monkeypatch.setattr(sys, "stdout", _Stream(True))
    assert not client.wanted(["text", "x.md"])
    monkeypatch.setattr(sys, "stdout", _Stream(False))
    sock.unlink()
    assert not client.wanted(["text", "x.md"])


def test_a_socket_nobody_listens_on_means_run_here(tmp_path, monkeypatch):
    path = tmp_path / "serve.sock"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.close()  # the file stays, nobody listens: what a killed server leaves
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    assert client.forward(["check", "x"]) is None
    srv = server.Server(str(path), idle_timeout=0.2)
    srv.listen()  # a stale socket is replaced
    srv.close()
    assert not path.exists()


@pytest.fixture
def in_thread(tmp_path):
    """A Server in a thread of this process, for protocol checks that never run a command."""
    srv = server.Server(str(tmp_path / "t.sock"), idle_timeout=30, fork=False)  # no fork in pytest's process
    srv.listen()
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield srv
    srv._stop = True
    server.ping(srv.path)
    t.join(10)
    srv.close()


def _raw(path: str, frame: dict) -> dict | None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(10)
        s.connect(path)
        client.send_frame(s, frame)
        return client.read_frame(s, bytearray())


def _run_frame(**over) -> dict:
    return {"op": "run", "protocol": client.PROTOCOL, "argv": ["check", "x"], "cwd": os.getcwd(), "env": {},
            **client.identity(), **over}


def test_another_depguard_or_a_bad_request_is_refused(in_thread):
    path = in_thread.path
    assert "version" in _raw(path, _run_frame(version="0.0.0-other"))["refused"]
    assert "prefix" in _raw(path, _run_frame(prefix="/some/other/venv"))["refused"]
    assert "not served" in _raw(path, _run_frame(argv=["guard", "--", "rm", "-rf", "/"]))["refused"]
    assert "argv" in _raw(path, _run_frame(argv="check x"))["refused"]
    assert "cwd" in _raw(path, _run_frame(cwd="/no/such/folder"))["refused"]
    assert "protocol" in _raw(path, _run_frame(protocol=99))["refused"]
    assert "unknown" in _raw(path, {"op": "exec"})["refused"]
    assert in_thread.served == 0


def test_a_server_whose_code_changed_refuses_and_exits(in_thread):
    in_thread.stamp = (0, 0)  # as if depguard's files had been replaced since it started ...
    in_thread._checked = float("-inf")  # ... more than a second ago
    answer = _raw(in_thread.path, _run_frame())
    assert "changed" in answer["refused"] and in_thread._stop


def test_an_idle_server_exits(tmp_path):
    srv = server.Server(str(tmp_path / "idle.sock"), idle_timeout=0.2)
    srv.listen()
    started = time.monotonic()
    srv.serve_forever()  # returns by itself
    srv.close()
    assert time.monotonic() - started < 10 and not (tmp_path / "idle.sock").exists()


def test_a_second_server_on_a_live_socket_is_an_error(in_thread):
    from depguard.errors import ConfigError

    with pytest.raises(ConfigError, match="already listens"):
        server.Server(in_thread.path).listen()


def test_the_claude_code_hook_answers_the_same_through_the_server(running, tmp_path):
    sock, env = running
    event = json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                        "tool_input": {"command": "pip install flask-security-utils"}}).encode()
    before = _served(sock)
    served = _depguard(["hook", "claude-code", "--offline"], env, tmp_path, stdin=event)
    alone = _depguard(["hook", "claude-code", "--offline"], {**env, "DEPGUARD_SERVER": "0"}, tmp_path, stdin=event)
    assert _served(sock) == before + 1
    assert (served.returncode, served.stdout) == (alone.returncode, alone.stdout)
    decision = json.loads(served.stdout)["hookSpecificOutput"]
    # offline, the name is not checked: never an allow (deny or ask, as the hook's policy has it)
    assert decision["permissionDecision"] in ("deny", "ask") and "flask-security-utils" in decision["permissionDecisionReason"]


def test_served_runs_reuse_one_argument_parser_and_stay_independent(running, tmp_path):
    sock, env = running
    first = _depguard(["check", "flask-security-utils", "--offline", "--fail-on", "missing"], env, tmp_path)
    second = _depguard(["check", "flask-security-utils", "--offline"], env, tmp_path)
    assert first.returncode == second.returncode == 3
    bad = _depguard(["check", "--fail-on", "nope", "x"], env, tmp_path)
    after = _depguard(["check", "-e", "npm", "left-pad", "--offline", "--format", "json"], env, tmp_path)
    assert bad.returncode == 2 and b"invalid choice" in bad.stderr
    assert after.returncode == 3 and json.loads(after.stdout)["findings"][0]["ecosystem"] == "npm"


def test_auto_starts_a_server_when_none_answers(tmp_path):
    sock = tmp_path / "auto" / "serve.sock"
    env = _env(sock, DEPGUARD_SERVER="auto")
    try:
        first = _depguard(["check", "flask-security-utils", "--offline", "--format", "json"], env, tmp_path)
        info = server.ping(str(sock))
        assert info is not None and info["served"] == 1  # started, and it answered that very run
        alone = _depguard(["check", "flask-security-utils", "--offline", "--format", "json"],
                          {**env, "DEPGUARD_SERVER": "0"}, tmp_path)
        assert first.returncode == alone.returncode == 3 and _norm(first.stdout) == _norm(alone.stdout)
        server.stop(str(sock))
        deadline = time.monotonic() + 20
        while sock.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # a socket file nobody listens on
        s.bind(str(sock))
        s.close()
        again = _depguard(["check", "flask-security-utils", "--offline", "--format", "json"], env, tmp_path)
        assert again.returncode == 3 and server.ping(str(sock))["served"] == 1  # a new server replaced it
    finally:
        server.stop(str(sock))


# --- runs side by side ---------------------------------------------------------------------------------

def test_a_run_waiting_on_a_hung_registry_holds_up_no_other_client(running, tmp_path):
    sock, env = running
    gate = threading.Event()
    with FakeRegistry(["requests"], gate=gate) as registry:
        slow_env = {**env, "DEPGUARD_REGISTRY_PYPI": registry.url}
        before = _served(sock)
        slow = subprocess.Popen([sys.executable, "-m", "depguard.cli", "check", "requests", "--timeout", "60",
                                 "--format", "json"], env=slow_env, cwd=tmp_path,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            assert registry.arrived.wait(60), "the slow run never reached the registry"
            # while that run waits for its registry, another client is answered in full
            quick = _depguard(["check", "flask-security-utils", "--offline", "--format", "json"], env, tmp_path)
            assert quick.returncode == 3 and json.loads(quick.stdout)["findings"][0]["name"] == "flask-security-utils"
            assert slow.poll() is None  # the first is still waiting ...
            info = server.ping(str(sock))
            assert info["served"] == before + 1 and info["running"] >= 1  # ... and the second was served, not run here
            gate.set()
            out, err = slow.communicate(timeout=120)
            assert slow.returncode == 0, err.decode(errors="replace")
            assert json.loads(out)["findings"][0]["verdict"] == "ok"
            assert _served(sock) == before + 2  # both were served by the server
        finally:
            gate.set()
            if slow.poll() is None:
                slow.kill()
                slow.communicate()


def test_beyond_its_limit_of_runs_a_busy_server_sends_clients_home(tmp_path):
    """A run is refused 'busy' (the client then runs the command itself) when max_children are running."""
    srv = server.Server(str(tmp_path / "b.sock"), idle_timeout=30, fork=False)
    srv.listen()
    srv.fork, srv.max_children, srv._children = True, 1, {2 ** 22 + 1}  # one (pretend) run in progress
    srv._collect = lambda: None  # the pretend child is never reaped
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(10)
            s.connect(srv.path)
            conn, _ = srv._sock.accept()
            with conn:
                srv.dispatch(conn)
            assert "busy" in client.read_frame(s, bytearray())["refused"]
    finally:
        srv.close()


def test_a_terminated_server_removes_its_socket(tmp_path):
    sock = tmp_path / "term" / "serve.sock"
    with serve_process(sock) as (proc, _env_):
        proc.terminate()
        proc.wait(60)
        said = proc.stderr.read()
        if b"files changed" in said:
            pytest.skip("depguard's own files were edited while the test ran; the server rightly exited first")
        assert not sock.exists() and b"exiting: interrupted" in said


# --- a served run's inputs are handed down, never swapped into the process ---------------------------

TREE = {
    "requirements.txt": "requests\nflask-security-utils\n",
    "web/package.json": json.dumps({"name": "web", "dependencies": {"react-codeshift": "^1.0.0"}}) + "\n",
    ".depguard.toml": '[deny]\npypi = ["flask-security-*"]\n',
}


def _tree(root: Path) -> Path:
    for rel, text in TREE.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_a_served_run_answers_for_a_tree_and_a_hook_event_as_a_run_of_its_own(running, tmp_path):
    sock, env = running
    tree = _tree(tmp_path / "tree")
    write = json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": str(tree),
                        "tool_input": {"file_path": str(tree / "api" / "requirements.txt"),
                                       "content": "flask-security-utils\nrequests\n"}}).encode()
    runs = [(["text", "--verify", "--offline", "--format", "json", "-"],
             b"Install `requests` (see requirements.txt and web/package.json:2); `pip install flask-security-utils`"),
            (["hook", "claude-code", "--offline"], write),
            (["text", "-", "--offline", "--format", "json"], ANSWER.encode())]
    for args, stdin in runs:
        before = _served(sock)
        served = _depguard(args, env, tree, stdin)
        assert _served(sock) == before + 1, args
        alone = _depguard(args, {**env, "DEPGUARD_SERVER": "0"}, tree, stdin)
        same = _norm if "json" in args else bytes  # a JSON report holds the time of each answer
        assert same(served.stdout) == same(alone.stdout), args
        assert (served.returncode, served.stderr) == (alone.returncode, alone.stderr), args
    report = json.loads(_depguard(runs[0][0], env, tree, runs[0][1]).stdout)
    assert {f["name"]: f["rule"] for f in report["findings"]}["flask-security-utils"] == "DG005"  # the tree's config
    assert report["claims"]  # the tree's files, read against the client's folder


def test_relative_paths_of_a_served_run_are_the_clients(running, tmp_path):
    sock, env = running
    here = _tree(tmp_path / "here")
    before = _served(sock)
    served = _depguard(["check", "flask-security-utils", "--offline", "--format", "json", "--output", "report.json"],
                       env, here)
    assert _served(sock) == before + 1 and served.returncode == 1
    assert json.loads((here / "report.json").read_text())["findings"][0]["rule"] == "DG005"


def _served_run(srv: server.Server, cwd: Path, env: dict[str, str], argv: list[str]) -> dict:
    import binascii

    answer = srv.run({"argv": argv, "cwd": str(cwd), "env": env, "encoding": "utf-8"}, None, bytearray(), b"")
    return {"code": answer["code"], "stdout": binascii.a2b_base64(answer["stdout"]).decode(),
            "stderr": binascii.a2b_base64(answer["stderr"]).decode()}


def test_two_concurrent_served_runs_see_only_their_own_folder_environment_and_streams(tmp_path, monkeypatch):
    """Both runs are held at the point where they read their settings until the other got there too: a run
    that changed the process's folder, environment or streams would hand them to the other one."""
    from depguard.cli_commands import _shared

    strict = _tree(tmp_path / "strict")  # its config denies flask-security-*
    relaxed = tmp_path / "relaxed"
    relaxed.mkdir()
    cwd, environ, streams = os.getcwd(), dict(os.environ), (sys.stdin, sys.stdout, sys.stderr)
    barrier = threading.Barrier(2, timeout=60)
    seen: list[tuple[str, dict, tuple]] = []
    real = _shared.settings_from

    def held(args, start, trusted=None):
        barrier.wait()
        seen.append((os.getcwd(), dict(os.environ), (sys.stdin, sys.stdout, sys.stderr)))
        return real(args, start, trusted)

    monkeypatch.setattr(_shared, "settings_from", held)
    srv = server.Server(str(tmp_path / "unused.sock"), fork=False)
    argv = ["check", "flask-security-utils", "--offline", "--no-cache", "--format", "json"]
    results: dict[str, dict] = {}
    runs = {"strict": (strict, {"DEPGUARD_FAIL_ON": "suspicious", "NO_COLOR": "1"}),
            "relaxed": (relaxed, {"DEPGUARD_FAIL_ON": "everything"})}
    threads = [threading.Thread(target=lambda k=k, c=c, e=e: results.__setitem__(k, _served_run(srv, c, e, argv)))
               for k, (c, e) in runs.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert seen and all(s == (cwd, environ, streams) for s in seen)  # nothing process-wide changed
    assert results["strict"]["code"] == 1 and json.loads(results["strict"]["stdout"])["findings"][0]["rule"] == "DG005"
    assert results["relaxed"]["code"] == 2 and "DEPGUARD_FAIL_ON" in results["relaxed"]["stderr"]  # its own bad value
    assert results["relaxed"]["stdout"] == "" and "DEPGUARD_FAIL_ON" not in results["strict"]["stderr"]


def test_a_client_whose_process_wide_variables_differ_runs_the_command_itself(in_thread):
    path = in_thread.path
    refused = _raw(path, _run_frame(env={**os.environ, "HTTPS_PROXY": "http://127.0.0.1:9"}))
    assert "HTTPS_PROXY" in refused["refused"]
    refused = _raw(path, _run_frame(env={**os.environ, "DEPGUARD_CACHE_DIR": "/elsewhere"}))
    assert "DEPGUARD_CACHE_DIR" in refused["refused"]
    assert in_thread.served == 0


def test_a_served_runs_help_is_as_wide_as_the_clients_columns(tmp_path, monkeypatch):
    """argparse's width comes from the run's own COLUMNS (its Invocation), not from the server process's."""
    monkeypatch.setenv("COLUMNS", "200")
    srv = server.Server(str(tmp_path / "unused.sock"), fork=False)
    widths = {}
    for columns in ("50", "120"):
        out = _served_run(srv, tmp_path, {**os.environ, "COLUMNS": columns}, ["check", "--help"])["stdout"]
        usage = out.split("\n\n", 1)[0].splitlines()  # wrapped by argparse (the examples below are preformatted)
        widths[columns] = max(len(line) for line in usage)
    assert widths["50"] < 80 < widths["120"] <= 120  # neither the server's 200 nor the default 80
