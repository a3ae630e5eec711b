"""``depguard scan --diff BASE``: keep only mentions on lines added since ``BASE``.

The added lines come from ``git diff --unified=0 BASE`` (committed and uncommitted changes against BASE)
plus every line of untracked, not-ignored files. A pull request is judged on what it introduces.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from .errors import ConfigError
from .scan import Collected

HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


def added_lines(base: str, root: Path) -> tuple[dict[str, set[int]], set[str]]:
    """({path: added line numbers}, paths added whole) relative to ``root``."""
    if base.startswith("-"):
        raise ConfigError(f"--diff {base!r}: not a git revision")
    root = root if root.is_dir() else root.parent
    try:
        proc = subprocess.run(["git", "-C", str(root), "diff", "--relative", "--no-color", "--no-ext-diff",
                               "--unified=0", base, "--"], capture_output=True, timeout=300)
    except (OSError, subprocess.SubprocessError) as exc:
        raise ConfigError(f"--diff: cannot run git: {exc}") from None
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise ConfigError(f"--diff {base}: git diff failed: {msg[0] if msg else proc.returncode}")
    lines: dict[str, set[int]] = {}
    current: str | None = None
    for raw in proc.stdout.decode("utf-8", errors="surrogateescape").splitlines():
        if raw.startswith("+++ "):
            target = raw[4:]
            current = None if target == "/dev/null" else target[2:] if target.startswith("b/") else target
            continue
        m = HUNK.match(raw)
        if m and current is not None:
            start = int(m.group(1))
            count = int(m.group(2)) if m.group(2) is not None else 1
            lines.setdefault(current, set()).update(range(start, start + count))
    untracked = subprocess.run(["git", "-C", str(root), "ls-files", "--others", "--exclude-standard", "-z"],
                               capture_output=True, timeout=120)
    whole = {n for n in untracked.stdout.decode("utf-8", errors="surrogateescape").split("\0") if n}
    return lines, whole


def restrict_to_added_lines(collected: Collected, base: str, root: Path) -> Collected:
    lines, whole = added_lines(base, root)
    prefix = ""
    out = Collected(problems=[p for p in collected.problems if p.location is None or _rel(p.location.path, prefix) in lines
                              or _rel(p.location.path, prefix) in whole], files=collected.files)
    for i, m in enumerate(collected.mentions):
        path = m.location.path
        if path is None:
            continue
        rel = _rel(path, prefix)
        if rel in whole or (m.location.line is not None and m.location.line in lines.get(rel, ())):
            if i in collected.suppressed:
                out.suppressed[len(out.mentions)] = collected.suppressed[i]
            out.mentions.append(m)
    return out


def _rel(path: str | None, prefix: str) -> str:
    p = (path or "").removeprefix("./")
    return p[len(prefix):] if prefix and p.startswith(prefix) else p
