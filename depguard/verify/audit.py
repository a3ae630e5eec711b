"""The append-only audit log: one JSON line per verdict, each sealed with a SHA-256 that can be checked later.

A record holds ``time`` (UTC, ISO 8601), ``input`` (how the input was named), ``input_sha256`` (SHA-256 of
the input text encoded as UTF-8), ``kind`` (path, lines, symbol, command, or package), ``claim``,
``written``, ``location``, ``verdict``, ``evidence`` and ``source``, and ``record_sha256``, which is::

    sha256( input_text.encode("utf-8") + b"\\n" + canonical(record without "record_sha256") )

where ``canonical`` is ``json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``
encoded as UTF-8. :func:`check_record` recomputes it from a log line and the input text. The file is opened
with ``O_APPEND`` (created if missing) and only ever appended to, one ``write`` per record.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from ..errors import ConfigError
from ..model import Report
from . import ClaimResult


def canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seal(record: dict[str, Any], text: str) -> str:
    body = {k: v for k, v in record.items() if k != "record_sha256"}
    return hashlib.sha256(text.encode("utf-8") + b"\n" + canonical(body)).hexdigest()


def check_record(line: str, text: str) -> bool:
    """Whether one log line is intact and was written for ``text``."""
    record = json.loads(line)
    return (record.get("input_sha256") == hashlib.sha256(text.encode("utf-8")).hexdigest()
            and record.get("record_sha256") == seal(record, text))


def records(text: str, shown: str, results: Sequence[ClaimResult], report: Report | None = None,
            now: datetime | None = None) -> list[dict[str, Any]]:
    at = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
    base = {"time": at, "input": shown, "input_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}
    out = []
    for f in (report.findings if report is not None else ()):
        m = f.mention
        out.append({**base, "kind": "package", "claim": f"{m.key.ecosystem} package {m.key.name} exists",
                    "written": m.written, "location": {"line": m.location.line, "column": m.location.column},
                    "verdict": f.verdict.value, "evidence": "; ".join(f.reasons),
                    "source": f.answer.source if f.answer else "-"})
    for r in results:
        out.append({**base, "kind": r.claim.kind.value, "claim": r.claim.describe(), "written": r.claim.written,
                    "location": {"line": r.claim.line, "column": r.claim.column}, "verdict": r.status.value,
                    "evidence": r.evidence, "source": r.source})
    for rec in out:
        rec["record_sha256"] = seal(rec, text)
    return out


def append(path: str, recs: Sequence[dict[str, Any]]) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as exc:
        raise ConfigError(f"--audit-log {path}: {exc.strerror or exc}") from None
    try:
        for rec in recs:
            os.write(fd, json.dumps(rec, ensure_ascii=True, sort_keys=True).encode("ascii") + b"\n")
    except OSError as exc:
        raise ConfigError(f"--audit-log {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
