"""Replay real repositories' history through ``scan --diff``: what does each commit introduce, and what did
the line-header reading of ``git diff`` (depguard before the trust-boundary work) drop?

For each of the last N commits with one parent, the repository is checked out at the commit and
``depguard scan --inventory --diff PARENT .`` is run twice: with this checkout's depguard and with the
depguard at ``--before`` (a directory holding an older depguard package, e.g. a ``git worktree`` of an older
commit). A mention judged now but not before is a change the old reading dropped; the reverse is reported
too (it should not happen). Run, for example::

    git worktree add --detach /tmp/depguard-before 91fb2f9^
    python benchmarks/diff_history.py --before /tmp/depguard-before --commits 60 /path/to/repo.git ...

The repositories are cloned into a temporary folder (the originals are only read).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from depguard.report.json_format import per_mention  # either schema of the JSON report, one record per place

ROOT = Path(__file__).resolve().parents[1]


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def judged(package_root: Path, repo: Path, parent: str, cache: Path) -> set[tuple[str, str, int]] | None:
    env = dict(os.environ, PYTHONPATH=str(package_root), DEPGUARD_CACHE_DIR=str(cache), DEPGUARD_SERVER="0")
    code = ("import sys; from depguard.cli import main; "
            "sys.exit(main(['scan', '--inventory', '--no-progress', '--format', 'json', '--diff', sys.argv[1], '.']))")
    proc = run([sys.executable, "-c", code, parent], repo, env)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        return None
    return {(f["name"], f["location"]["path"], f["location"]["line"] or 0) for f in per_mention(report)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repos", nargs="+", type=Path, help="git repositories (bare mirrors are fine)")
    parser.add_argument("--before", type=Path, required=True, help="folder holding the older depguard package")
    parser.add_argument("--commits", type=int, default=60)
    args = parser.parse_args(argv)
    totals: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix="depguard-diff-history-") as tmp:
        tmp_path = Path(tmp)
        for source in args.repos:
            name = f"{source.resolve().parent.name}-{source.name}".replace(".git", "")
            clone = tmp_path / name
            run(["git", "clone", "-q", "--no-checkout", str(source), str(clone)], tmp_path)
            log = run(["git", "log", "--format=%H %P", f"-{args.commits}", "--first-parent"], clone).stdout.split("\n")
            commits = [line.split() for line in log if len(line.split()) == 2]
            for sha, parent in commits:
                run(["git", "checkout", "-q", "--force", sha], clone)
                run(["git", "clean", "-qfdx"], clone)
                now = judged(ROOT, clone, parent, tmp_path / "cache-now")
                before = judged(args.before, clone, parent, tmp_path / "cache-before")
                totals["commits"] += 1
                if now is None or before is None:
                    totals["failed runs"] += 1
                    continue
                dropped = now - before
                extra = before - now
                totals["mentions judged now"] += len(now)
                totals["mentions judged before"] += len(before)
                totals["mentions the old reading dropped"] += len(dropped)
                totals["commits with dropped mentions"] += bool(dropped)
                totals["mentions judged before but not now"] += len(extra)
                if dropped or extra:
                    print(f"{name} {sha[:10]}: dropped before {sorted(dropped)[:5]}"
                          f"{' …' if len(dropped) > 5 else ''}; before only {sorted(extra)[:5]}")
    for key, value in totals.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
