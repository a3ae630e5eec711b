"""A real ``depguard serve`` process for tests, on a socket of the test's own (see test_serve.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from depguard import server


def client_env(sock: Path, **extra: str) -> dict[str, str]:
    """This process's environment for depguard clients of the server on ``sock``, with the depguard under test
    first on the import path: a server started from one folder and a client run from another (a test's own
    ``tmp_path``) import the same code, whichever copy is installed (a worktree's tests, main's editable install)."""
    import depguard

    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_SERVER")}
    tested = str(Path(depguard.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([tested, *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
    env.update({"DEPGUARD_SOCKET": str(sock), **extra})
    return env


@contextmanager
def serve_process(sock: Path) -> Iterator[tuple[subprocess.Popen, dict[str, str]]]:
    """Start ``depguard serve`` on ``sock``, wait until it answers; yields (process, env for clients); stops it."""
    env = client_env(sock)
    for attempt in range(3):
        proc = subprocess.Popen([sys.executable, "-m", "depguard.cli", "serve", "--idle-timeout", "120"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        info = _status(sock, proc, time.monotonic() + 120)
        if info is not None and not info.get("exiting"):
            break
        proc.kill()
        proc.wait()
        said = proc.stderr.read()
        proc.stderr.close()
        # depguard's own files were edited while it started (a working tree others edit): it rightly exits; again
        if attempt == 2 or not (info is not None or b"files changed" in said):
            pytest.fail(f"server did not start: {said.decode(errors='replace')}")
    try:
        yield proc, env
    finally:
        server.stop(str(sock))
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        proc.stderr.close()


def _status(sock: Path, proc: subprocess.Popen, deadline: float) -> dict | None:
    """The server's status once it answers one, or None when it exited or the deadline passed. One request at a time,
    waited for in full: the server listens before it warms up (seconds on a loaded machine), and a request given up
    on stays queued, so that a loop of short waits left a child process behind for each and the first real request
    was refused as busy (a status without its run count)."""
    while proc.poll() is None and (left := deadline - time.monotonic()) > 0:
        info = server.ping(str(sock), timeout=left)  # None at once while nothing listens on the socket yet
        if info is not None and "served" in info:
            return info
        time.sleep(0.05)
    return None
