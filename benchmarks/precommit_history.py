"""Replay real repositories' commits through the pre-commit hook: how many commits would depguard block when
it judges the whole of each staged file (the hook before issue 17) and when it judges what the commit changes
(``depguard hook pre-commit`` now), and are the names it still flags the ones the commit added?

For each of the last N first-parent commits (a merge counts as what it brings onto its first parent), a
throw-away clone is put in the state ``git commit`` sees: HEAD at the parent, index and working tree at the
commit (``git read-tree -u --reset``).
The hook is called with the commit's added/copied/modified/renamed files, as pre-commit passes them, once with
``--whole-files`` and once without. Registry answers come from a registry stand-in such as
``/work/shared/tools/mockreg.py`` (PyPI near-complete; npm partial, so check an npm "missing" by hand). Its
GitHub answers cover about fifteen actions, so GitHub Actions, like the registries it does not serve, are
pointed at a closed loopback port: their names end not-checked (exit 3 in both modes), never "missing"::

    python3 /work/shared/tools/mockreg.py 18830 --packages /work/.library/env/packages &
    python benchmarks/precommit_history.py --registry http://127.0.0.1:18830 --commits 60 /path/to/repo.git ...

Exit 1 = a flagged name blocks the commit; 3 = something not checked. The originals are only read.
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
FLAGGED = ("missing", "suspicious", "invalid")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


def hook(repo: Path, files: list[str], whole: bool, env: dict[str, str]) -> tuple[int, set[tuple[str, str, int]]]:
    """(exit code, flagged (name, path, line)) of one hook run."""
    cmd = [sys.executable, "-m", "depguard.cli", "hook", "pre-commit", "--format", "json", "--no-color"]
    proc = subprocess.run([*cmd, *(["--whole-files"] if whole else []), "--", *files], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600)
    try:
        report = json.loads(proc.stdout) if proc.stdout.strip() else {"findings": []}
    except ValueError:
        return proc.returncode, set()
    flagged = {(f["name"], (f["location"] or {}).get("path") or "", (f["location"] or {}).get("line") or 0)
               for f in per_mention(report) if f["verdict"] in FLAGGED}
    if proc.returncode == 3 and not whole:  # say why, once per commit: an unserved registry, a parse problem …
        why = [f"{f['ecosystem']}:{f['name']}: {'; '.join(f['reasons'])[:80]}" for f in report["findings"]
               if f["verdict"] == "not-checked"][:2] + [f"{p['kind']}: {p['message'][:80]}" for p in report.get("problems", [])][:2]
        print(f"{repo.name}: exit 3: {why}", file=sys.stderr)
    return proc.returncode, flagged


def closed_port() -> str:
    """A loopback address nobody listens on: a registry asked there is unreachable at once."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


def replay(source: Path, commits: int, env: dict[str, str], tmp: Path, totals: Counter) -> None:
    name = source.resolve().parent.name if source.name in ("repo", ".git") else source.name
    clone = tmp / name
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(source), str(clone)], check=True)
    log = git(clone, "log", "--format=%H %P", f"-{commits}", "--first-parent").splitlines()
    repo_totals: Counter = Counter()
    for line in log:
        parts = line.split()
        if len(parts) < 2:
            continue  # the root commit
        commit, parent = parts[0], parts[1]
        git(clone, "checkout", "-q", "-f", "--detach", parent)
        git(clone, "clean", "-qfdx")
        git(clone, "read-tree", "-u", "--reset", commit)  # the commit staged on top of its parent
        files = [f for f in git(clone, "diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z").split("\0") if f]
        repo_totals["commits"] += 1
        if not files:
            continue
        whole_code, whole_flags = hook(clone, files, True, env)
        change_code, change_flags = hook(clone, files, False, env)
        if whole_code == 0 and change_code == 0 and not whole_flags:
            repo_totals["clean both ways"] += 1
            continue
        repo_totals[f"exit {whole_code} whole -> {change_code} change"] += 1
        repo_totals["flagged mentions, whole files"] += len(whole_flags)
        repo_totals["flagged mentions, the change"] += len(change_flags)
        repo_totals["flagged by the change, not whole (pulled-in files)"] += len(change_flags - whole_flags)
        if change_flags:
            print(f"{name} {commit[:10]}: still flagged {sorted(change_flags)[:5]}", file=sys.stderr)
    print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(repo_totals.items())))
    totals.update(repo_totals)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repos", nargs="+", type=Path, help="git repositories (bare mirrors are fine)")
    parser.add_argument("--registry", required=True, help="base URL of the registry stand-in (PyPI, npm, GitHub)")
    parser.add_argument("--commits", type=int, default=60)
    args = parser.parse_args(argv)
    totals: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="depguard-precommit-history-") as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT), DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(Path(tmp) / "cache"),
                   DEPGUARD_REGISTRY_PYPI=args.registry, DEPGUARD_REGISTRY_NPM=args.registry,
                   DEPGUARD_REGISTRY_GITHUB_ACTIONS=closed_port(), NO_PROXY="127.0.0.1,localhost")
        env.pop("PRE_COMMIT_FROM_REF", None)
        for source in args.repos:
            replay(source, args.commits, env, Path(tmp), totals)
    print("all: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
