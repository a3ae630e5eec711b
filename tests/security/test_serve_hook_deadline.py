"""A hook forwarded to ``depguard serve`` fails closed in time even when the server never answers: the client
waits no longer than the hook's budget (plus a small margin) and then denies by itself. Without this, a hung
server held the hook past the host's timeout, and the host let the tool call through."""

from __future__ import annotations

import json
import os
import socket
import sys

import pytest

from depguard import client

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or not hasattr(os, "getuid"), reason="Unix sockets only")


@pytest.fixture
def silent_server(tmp_path, monkeypatch):
    """A socket of this user's that accepts connections and never answers."""
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    path = folder / "serve.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(4)
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    monkeypatch.setattr(sys, "stdin", None)
    monkeypatch.setattr(client, "HOOK_MARGIN", 0.2)
    yield
    listener.close()


def test_a_hook_the_server_never_answers_is_denied_by_the_client(silent_server, capsys):
    code = client.forward(["hook", "claude-code", "--budget", "0.3"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    decision = out["hookSpecificOutput"]
    assert decision["permissionDecision"] == "deny"
    assert "time budget" in decision["permissionDecisionReason"]


def test_the_budget_flag_sets_how_long_the_client_waits():
    assert client.hook_deadline(["hook", "cursor", "--budget=7"]) == 7 + client.HOOK_MARGIN
    assert client.hook_deadline(["hook", "gemini", "--budget", "2.5"]) == 2.5 + client.HOOK_MARGIN
    from depguard.hooks.budget import DEFAULT_BUDGET

    assert client.hook_deadline(["hook", "codex"]) == DEFAULT_BUDGET + client.HOOK_MARGIN
    assert client.hook_deadline(["hook", "claude-code", "--budget", "nonsense"]) == DEFAULT_BUDGET + client.HOOK_MARGIN


def test_commands_other_than_agent_hooks_wait_for_their_own_deadlines():
    assert client.hook_deadline(["check", "requests"]) is None
    assert client.hook_deadline(["hook", "pre-commit", "a.txt"]) is None
