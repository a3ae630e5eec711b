"""The Claude Code ``Stop`` event: check the final answer, and ask for one rewrite when something is flagged.

What Claude Code sends and expects (hooks reference, https://code.claude.com/docs/en/hooks#stop and
#stop-and-subagentstop-decision-control):

* input on stdin, a JSON object with the common fields ``session_id``, ``transcript_path`` (the session's
  JSONL transcript), ``cwd``, ``permission_mode``, ``hook_event_name`` (``"Stop"``), plus ``stop_hook_active``
  (true when Claude is already continuing because a Stop hook blocked before) and, in current versions,
  ``last_assistant_message`` (the final answer's text);
* output: ``{"decision": "block", "reason": "..."}`` prevents Claude from stopping, and ``reason`` (required
  with ``block``) tells Claude how to proceed; no decision (empty output) lets it stop.

:func:`handle_stop_event` takes the parsed event and returns that block decision, or ``None`` to allow the
stop. It never blocks twice in a row: when ``stop_hook_active`` is true it returns ``None`` whatever the
answer says, so a flag cannot hold a turn open. The answer is ``last_assistant_message`` when present, else
the text blocks of the last assistant entries of the transcript (after the last user or tool-result entry).
Package names are always checked; local claims only with ``stop-hook-claims = true`` under ``verify``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..config import Settings
from ..model import Verdict
from ..report.escape import plain

MAX_TRANSCRIPT_BYTES = 8 * 1024 * 1024
MAX_REASONS = 12
EVENTS = ("Stop", "SubagentStop")


def final_answer(event: dict[str, Any]) -> str | None:
    """The text of the answer Claude is about to stop on."""
    msg = event.get("last_assistant_message")
    if isinstance(msg, str) and msg.strip():
        return msg
    path = event.get("transcript_path")
    if not isinstance(path, str) or not path:
        return None
    return last_assistant_text(Path(path))


def last_assistant_text(path: Path) -> str | None:
    try:
        if not path.is_file():
            return None
        size = path.stat().st_size
        with path.open("rb") as fh:
            if size > MAX_TRANSCRIPT_BYTES:
                fh.seek(size - MAX_TRANSCRIPT_BYTES)
                fh.readline()  # a partial first line
            data = fh.read(MAX_TRANSCRIPT_BYTES)
    except OSError:
        return None
    texts: list[str] = []
    for raw in reversed(data.decode("utf-8", errors="replace").split("\n")):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except (ValueError, RecursionError):
            continue
        if not isinstance(entry, dict):
            continue
        given = entry.get("message")
        message = given if isinstance(given, dict) else {}
        role = entry.get("type") or message.get("role")
        if role == "user":
            break
        if role != "assistant":
            continue
        content = message.get("content")
        if isinstance(content, str):
            texts.append(content)
        elif isinstance(content, list):
            parts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
            texts.append("\n".join(p for p in parts if isinstance(p, str)))
    answer = "\n".join(t for t in reversed(texts) if t)
    return answer or None


def handle_stop_event(event: dict, settings: Settings, *, transport=None, judge_transport=None) -> dict | None:
    """The block decision asking for one rewrite, or None to let Claude stop."""
    if not isinstance(event, dict) or event.get("stop_hook_active") is True:
        return None
    if event.get("hook_event_name", "Stop") not in EVENTS:
        return None
    text = final_answer(event)
    if not text:
        return None
    reasons = _package_reasons(text, settings, transport) + _claim_reasons(text, event, settings, judge_transport)
    if not reasons:
        return None
    shown = reasons[:MAX_REASONS]
    more = f"\n- … and {len(reasons) - MAX_REASONS} more" if len(reasons) > MAX_REASONS else ""
    reason = (f"depguard checked your final answer and flagged {len(reasons)} item(s). Rewrite the answer once: "
              "correct or remove each of these, and say plainly what you could not confirm.\n"
              + "\n".join(f"- {plain(r)}" for r in shown) + more)
    return {"decision": "block", "reason": reason}


def _package_reasons(text: str, settings: Settings, transport) -> list[str]:
    from ..scan import collect_text, evaluate

    report = evaluate(collect_text(text, "<answer>", settings), settings, transport=transport)
    flagging = {Verdict.MISSING, Verdict.INVALID} | ({Verdict.SUSPICIOUS} if settings.fail_on is Verdict.SUSPICIOUS else set())
    out = []
    seen = set()
    for f in report.findings:
        if f.verdict not in flagging or f.mention.key in seen:
            continue
        seen.add(f.mention.key)
        why = f.reasons[0] if f.reasons else f.verdict.value
        hint = f" (did you mean {f.suggestion}?)" if f.suggestion else ""
        out.append(f"{f.mention.key.ecosystem} package {f.mention.written!r} is {f.verdict.value}: {why}{hint}")
    return out


def _claim_reasons(text: str, event: dict, settings: Settings, judge_transport) -> list[str]:
    from . import Status
    from .cli import default_root, verify_text
    from .judge import trusted_config

    if not trusted_config(settings).stop_hook_claims:
        return []
    cwd = event.get("cwd")
    if not isinstance(cwd, str) or not Path(cwd).is_dir():
        return []
    results, _ = verify_text(text, default_root(Path(cwd)), settings, judge_transport)
    return [f"{r.claim.describe()}: {r.status.value}: {r.evidence}" for r in results
            if r.status is Status.CONTRADICTED]
