"""The GitHub Action's (``action.yml``) logic that is not the scan itself, as plain functions it calls with
``python -m depguard.github_action``. The Action scans once (``depguard scan --format github --write
json=… --write sarif=… --write markdown=…``); this module then

- ``base``: prints the revision to diff against (the pull request's base commit from the event, else
  ``origin/$GITHUB_BASE_REF``, else a push's ``before`` commit; nothing when there is none);
- ``cache-key``: prints the ``actions/cache`` key and restore prefix of depguard's answer cache. The key
  changes every :data:`depguard.cache.MISSING_TTL` (the shortest time any answer is kept), so a new snapshot
  is saved that often; an older snapshot restored by prefix holds each answer with its own expiry, which
  depguard checks on every read, so a "missing" is never served past its TTL;
- ``outputs``: reads the scan's JSON report, writes the step outputs (counts, SARIF path) and applies the
  ``registry-unreachable`` input, returning the step's exit code.

Exit codes of the scan step: 0 clean; 1 something flagged (or the pull request changes depguard's
configuration); 2 usage or configuration error; 3 something could not be checked. With
``registry-unreachable: warn`` (a warning annotation) or ``pass`` (a log line), a 3 whose only cause is names
a registry did not answer becomes 0 for the step; a file that could not be read keeps 3. The ``exit-code``
output is always depguard's own.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

POLICIES = ("fail", "warn", "pass")
FLAGGED = ("missing", "invalid", "suspicious")
FILE_PROBLEMS = ("read", "parse", "limit")  # exit 3 for a reason that is not a registry's silence


def base_revision(environ: dict[str, str]) -> str:
    event: dict = {}
    path = environ.get("GITHUB_EVENT_PATH", "")
    if path and Path(path).is_file():
        try:
            loaded = json.loads(Path(path).read_text(encoding="utf-8"))
            event = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            event = {}
    given = event.get("pull_request")
    pull = given if isinstance(given, dict) else {}
    sha = (pull.get("base") or {}).get("sha") if isinstance(pull.get("base"), dict) else None
    if isinstance(sha, str) and sha:
        return sha
    if environ.get("GITHUB_BASE_REF"):
        return "origin/" + environ["GITHUB_BASE_REF"]
    before = event.get("before")
    # a push: what it adds since the commit before it (none for a new branch: all zeros)
    return before if isinstance(before, str) and before.strip("0") else ""


def cache_key(runner_os: str, now: float | None = None) -> tuple[str, str]:
    """(key, restore prefix) of the answer cache for ``actions/cache``."""
    from .cache import MISSING_TTL, SCHEMA_VERSION

    bucket = int((time.time() if now is None else now) // MISSING_TTL.total_seconds())
    prefix = f"depguard-answers-{SCHEMA_VERSION}-{runner_os or 'unknown'}-"
    return prefix + str(bucket), prefix


def counts(report: dict) -> dict[str, int]:
    """Packages (ecosystem, name) per outcome, from the JSON report."""
    per: dict[str, set] = {}
    for f in report.get("findings") or []:
        per.setdefault(f.get("verdict"), set()).add((f.get("ecosystem"), f.get("name")))
    flagged = set().union(*(per.get(v, set()) for v in FLAGGED))
    return {"flagged": len(flagged), "missing": len(per.get("missing", ())), "suspicious": len(per.get("suspicious", ())),
            "not-checked": len(per.get("not-checked", ())), "problems": len(report.get("problems") or [])}


def step_exit(code: int, report: dict, policy: str) -> tuple[int, str]:
    """(the step's exit code, a line to print) for depguard's exit ``code`` under ``policy``."""
    if code != 3 or policy == "fail":
        return code, ""
    if any(p.get("kind") in FILE_PROBLEMS for p in report.get("problems") or []):
        return code, ""  # a file that could not be read is not a registry's silence
    n = counts(report)["not-checked"]
    what = (f"{n} package name(s) could not be checked because a registry did not answer; "
            f"registry-unreachable: {policy} lets the check pass (the exit-code output stays 3)")
    return 0, (f"::warning title=depguard::{what}" if policy == "warn" else f"depguard: {what}")


def write_outputs(values: dict[str, object], environ: dict[str, str]) -> None:
    target = environ.get("GITHUB_OUTPUT")
    if not target:
        return
    with open(target, "a", encoding="utf-8") as fh:
        for name, value in values.items():
            text = str(value)
            if "\n" not in text and "\r" not in text:
                fh.write(f"{name}={text}\n")


def outputs(report_path: str, code: int, policy: str, sarif: str, environ: dict[str, str]) -> int:
    if policy not in POLICIES:
        print(f"::error title=depguard::registry-unreachable: expected one of {', '.join(POLICIES)}, got {policy!r}")
        return 2
    try:
        report = json.loads(Path(report_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        report = None
    if not isinstance(report, dict):  # the scan stopped before writing it (usage or config error)
        write_outputs({"exit-code": code}, environ)
        return code or 2
    step, line = step_exit(code, report, policy)
    write_outputs({"exit-code": code, **counts(report), "sarif-file": sarif, "report-file": report_path}, environ)
    if line:
        print(line)
    return step


def main(argv: list[str] | None = None, environ: dict[str, str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    env = dict(os.environ if environ is None else environ)
    if args[:1] == ["base"]:
        print(base_revision(env))
        return 0
    if args[:1] == ["cache-key"]:
        key, prefix = cache_key(env.get("RUNNER_OS", ""))
        write_outputs({"key": key, "restore-prefix": prefix}, env)
        print(key)
        return 0
    if args[:1] == ["outputs"] and len(args) == 5:
        _, report_path, code, policy, sarif = args
        return outputs(report_path, int(code) if code.isdigit() else 2, policy, sarif, env)
    print("usage: python -m depguard.github_action base | cache-key | outputs REPORT.json EXIT POLICY SARIF",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
