"""``depguard hook claude-code`` answers Claude Code's Stop event: one rewrite asked for a flagged answer,
never two in a row."""

from __future__ import annotations

import io
import json
import sys

from depguard.cli import main

from ..cassettes import vcr_for


def hook(event: dict, monkeypatch, capsys) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(event).encode()), encoding="utf-8"))
    code = main(["hook", "claude-code", "--no-cache"])
    return code, capsys.readouterr().out


EVENT = {"session_id": "s", "hook_event_name": "Stop", "stop_hook_active": False,
         "last_assistant_message": "Install it with `pip install reqeusts` and you are done."}


def test_stop_with_a_missing_package_asks_for_one_rewrite(monkeypatch, capsys):
    with vcr_for("pypi").use_cassette("test_missing.yaml"):
        code, out = hook(EVENT, monkeypatch, capsys)
    decision = json.loads(out)
    assert code == 0
    assert decision["decision"] == "block"
    assert "reqeusts" in decision["reason"]


def test_stop_while_a_stop_hook_is_already_active_never_blocks_again(monkeypatch, capsys):
    code, out = hook({**EVENT, "stop_hook_active": True}, monkeypatch, capsys)  # no cassette: nothing is asked
    assert (code, out.strip()) == (0, "")
