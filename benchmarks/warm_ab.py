"""Two revisions' warm scans of the same tree, alternated (issue 18, figure 2): which one costs less CPU.

    python benchmarks/warm_ab.py DIR REV_A REV_B [--runs 9] [--port 18240]

DIR is a folder of ``benchmarks/warm_stages.py`` (its generated tree ``DIR/mono`` and its cache ``DIR/cache``:
run that first). Each revision (a git revision of this repository, or ``worktree`` for the files as they are)
is exported with ``git archive`` and gets its own copy of the cache, brought up to date by three scans (the
parse cache for its code, then the kept texts of an unchanged tree). Then ``--runs`` rounds scan the tree with
each, one after the other, as ``benchmarks/run.py`` does (``depguard scan DIR/mono --format json``, its output
read through a pipe), and the medians of each one's CPU (user + system, ``RUSAGE_CHILDREN``) and wall time are
printed. Alternating makes the machine's load fall on both alike; CPU rather than wall time, as the machine is
shared. The loopback registry of ``warm_stages.py`` is not needed: a warm scan asks no registry (a scan that
does would fail to reach the address recorded in the cache, and the run says so).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def export(rev: str, into: Path) -> Path:
    """The code of ``rev`` in a folder of its own (``worktree``: the files as they are now)."""
    into.mkdir(parents=True)
    if rev == "worktree":
        shutil.copytree(REPO / "depguard", into / "depguard")
        return into
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "depguard"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def scan(code: Path, tree: Path, env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "depguard.cli", "scan", str(tree), "--format", "json", "--no-progress"],
                          cwd=code, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1, 3):
        raise SystemExit(f"the scan with {code} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", type=Path, help="a benchmarks/warm_stages.py folder (DIR/mono, DIR/cache)")
    ap.add_argument("revs", nargs=2, metavar="REV", help="two git revisions, or worktree")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--port", type=int, default=18240, help="the port warm_stages.py's registry had (default 18240)")
    a = ap.parse_args()
    tree, cache = a.dir / "mono", a.dir / "cache"
    if not tree.is_dir() or not cache.is_dir():
        raise SystemExit(f"{a.dir}: no mono/ and cache/ in it; run benchmarks/warm_stages.py {a.dir} first")
    work = Path(tempfile.mkdtemp(prefix="depguard-warm-ab-"))
    try:
        sides = []
        for i, rev in enumerate(a.revs):
            code = export(rev, work / f"code{i}")
            own_cache = work / f"cache{i}"
            shutil.copytree(cache, own_cache)
            url = f"http://127.0.0.1:{a.port}"
            env = {**os.environ, "DEPGUARD_CACHE_DIR": str(own_cache), "DEPGUARD_REGISTRY_PYPI": url + "/pypi-root",
                   "DEPGUARD_REGISTRY_NPM": url + "/npm-root", "PYTHONPATH": str(code)}
            env.pop("DEPGUARD_OFFLINE", None)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            for _ in range(3):
                scan(code, tree, env)
            sides.append((rev, code, env, [], []))
        for _ in range(a.runs):
            for _rev, code, env, cpus, walls in sides:
                cpu, wall = scan(code, tree, env)
                cpus.append(cpu)
                walls.append(wall)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"{a.runs} alternated warm scans of {tree} each (load average now {load:.1f}):")
        for rev, _code, _env, cpus, walls in sides:
            print(f"  {rev:<12} CPU median {statistics.median(cpus):.3f} s (min {min(cpus):.3f}), "
                  f"wall median {statistics.median(walls):.3f} s (min {min(walls):.3f})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
