"""The Claude Code Stop event, from recorded event fixtures: one rewrite when flagged, never twice in a row."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from depguard.verify.stop_hook import final_answer, handle_stop_event

from ..cassettes import vcr_for

EVENTS = Path(__file__).parent / "fixtures" / "events"


@pytest.fixture
def project(tmp_path):
    """The fixture repository copied out of depguard's own git tree, as the session's project folder."""
    copy = tmp_path / "project"
    shutil.copytree(EVENTS.parent / "repo1", copy)
    return copy


def event(name: str, project: Path) -> dict:
    data = json.loads((EVENTS / f"{name}.json").read_text())
    data["transcript_path"] = str(EVENTS / data["transcript_path"])
    data["cwd"] = str(project)  # recorded as "../repo1"
    return data


@pytest.fixture
def claims_on(settings):
    return replace(settings, verify={"stop-hook-claims": True})


def test_final_answer_is_the_last_assistant_turn_of_the_transcript(project):
    assert final_answer(event("stop_clean", project)) == "`validate_token` is defined in `auth/jwt.py`.\nIts tests run with `make test`."


def test_last_assistant_message_wins_over_the_transcript(project):
    assert final_answer(event("stop_message", project)).startswith("Install it:")


def test_a_clean_answer_lets_claude_stop(claims_on, project):
    assert handle_stop_event(event("stop_clean", project), claims_on) is None


def test_flagged_claims_ask_for_one_rewrite_with_the_reasons(claims_on, project):
    decision = handle_stop_event(event("stop_flagged", project), claims_on)
    assert decision is not None and decision["decision"] == "block"
    lines = decision["reason"].split("\n")
    assert lines[0].startswith("depguard checked your final answer and flagged 2 item(s). Rewrite the answer once")
    assert lines[1:] == [
        "- src/handlers/auth.ts:42 exists: contradicted: src/handlers/auth.ts does not exist; closest: src/auth.ts",
        "- validateToken defined in auth/jwt.py: contradicted: auth/jwt.py defines no validateToken; closest: "
        "validate_token at auth/jwt.py:18: def validate_token(token, secret):",
    ]


def test_local_claims_are_checked_only_when_enabled(settings, project):
    assert handle_stop_event(event("stop_flagged", project), settings) is None


def test_never_twice_in_a_row(claims_on, project):
    assert handle_stop_event(event("stop_active", project), claims_on) is None


def test_a_missing_package_blocks(settings, project):
    with vcr_for("pypi").use_cassette("test_text_end_to_end.yaml"):
        decision = handle_stop_event(event("stop_message", project), settings)
    assert decision["decision"] == "block"
    assert decision["reason"].split("\n")[1].startswith("- pypi package 'reqeusts' is missing: ")


@pytest.mark.parametrize("broken", [
    {"hook_event_name": "PreToolUse", "last_assistant_message": "See `src/handlers/auth.ts:42`."},
    {"hook_event_name": "Stop", "transcript_path": "/nonexistent/transcript.jsonl"},
    {"hook_event_name": "Stop"},
    {"hook_event_name": "Stop", "stop_hook_active": True},
])
def test_other_events_and_unreadable_input_allow_the_stop(broken, claims_on, project):
    assert handle_stop_event({"cwd": str(project), **broken}, claims_on) is None


def test_transcript_garbage_lines_are_skipped(tmp_path, claims_on, project):
    t = tmp_path / "t.jsonl"
    t.write_text('{"type": "user", "message": {"role": "user", "content": "q"}}\nnot json\n[1, 2]\n'
                 '{"type": "assistant", "message": {"role": "assistant", "content": "See `docs/nope.md`."}}\n')
    decision = handle_stop_event({"hook_event_name": "Stop", "transcript_path": str(t),
                                  "cwd": str(project)}, claims_on)
    assert "docs/nope.md does not exist" in decision["reason"]
