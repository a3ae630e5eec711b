"""Where a cold scan's rounds lose time, in a figure the load of other processes does not add to.

    python benchmarks/cold_gaps.py                      # this tree, 5 runs
    python benchmarks/cold_gaps.py --against DIR --runs 6   # and another tree's depguard, in turn

The cold figure of :mod:`latency` (200 names, a loopback registry at 50 ms) is 13 rounds of 16 requests. A
connection's next request can leave only once the process has handled its answer, and on the one event-loop
thread the answers of a round take turns: the wall time a round loses is mostly CPU this process spends
between a connection's answer and its next request. That CPU is measured here per connection (process CPU
time at the first read of an answer, then at the next request written on the same connection) and summarised
over a run's ~190 such gaps; on a busy machine wall times grow with the load, these do not (much).

Each run is a fresh ``depguard scan`` process (bytecode allowed, no cached answer) whose asyncio streams (what
:mod:`depguard.wire` and :mod:`depguard.netio` read and write) are wrapped to note the moments; also shown: the
CPU spent before the first request and the run's total CPU.
"""

from __future__ import annotations

import json
import statistics
import sys
import time


def child(out: str, argv: list[str]) -> int:
    """Run ``depguard argv`` in this process with its sockets wrapped; append the figures to ``out``."""
    import asyncio

    clock = time.process_time
    events: list[tuple[str, int, float]] = []
    write, read = asyncio.StreamWriter.write, asyncio.StreamReader.read

    def writing(self, data):  # a request's head (depguard.wire, or httpcore on depguard.netio's streams)
        if data:
            events.append(("w", id(self.transport), clock()))
        return write(self, data)

    async def reading(self, n=-1):
        data = await read(self, n)
        events.append(("r", id(self._transport), clock()))
        return data

    asyncio.StreamWriter.write, asyncio.StreamReader.read = writing, reading  # type: ignore[method-assign]
    sys.argv = ["depguard", *argv]
    from depguard.cli import entry

    try:
        return entry()
    finally:
        state: dict[int, tuple[str, float]] = {}
        gaps: list[float] = []
        first = next((c for kind, _, c in events if kind == "w"), 0.0)
        for kind, conn, c in events:
            if kind == "w":
                if conn in state and state[conn][0] == "r":
                    gaps.append(c - state[conn][1])
                state[conn] = ("w", c)
            elif conn in state and state[conn][0] == "w":
                state[conn] = ("r", c)
        gaps.sort()
        with open(out, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"gaps": len(gaps), "mean": statistics.fmean(gaps) if gaps else 0.0,
                                 "median": statistics.median(gaps) if gaps else 0.0,
                                 "p90": gaps[int(0.9 * (len(gaps) - 1))] if gaps else 0.0,
                                 "before_first_request": first, "total": clock()}) + "\n")


def main() -> None:
    import argparse
    import os
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from latency import clean_environment, two_hundred_names
    from loopback_registry import LoopbackRegistry

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--against", type=Path, metavar="DIR", help="another source tree, timed in turn with this one")
    a = ap.parse_args()
    here = Path(__file__).resolve().parent.parent
    trees = [here] + ([a.against.resolve()] if a.against else [])
    work = Path(tempfile.mkdtemp(prefix="depguard-gaps-"))
    (work / "requirements-200.txt").write_text("".join(f"{n}\n" for n in two_hundred_names()))
    figures: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    try:
        with LoopbackRegistry(latency=a.latency) as reg:
            for run in range(a.runs + 1):  # the first run of each tree makes its derived tables, untimed
                for i, tree in enumerate(trees):
                    cache, out = work / f"cache{i}", work / "figures.jsonl"
                    for f in cache.glob("answers.sqlite3*"):
                        f.unlink()
                    out.unlink(missing_ok=True)
                    env = {**clean_environment(DEPGUARD_CACHE_DIR=str(cache), XDG_CONFIG_HOME=str(work / "config")),
                           "DEPGUARD_REGISTRY_PYPI": reg.url + "/pypi-root", "PYTHONPATH": str(tree)}
                    proc = subprocess.run([sys.executable, __file__, "--child", str(out), "scan", "requirements-200.txt"],
                                          env=env, cwd=work, capture_output=True, text=True)
                    if proc.returncode not in (0, 1) or not out.exists():
                        raise SystemExit(f"{tree}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
                    if run:
                        figures[tree].append(json.loads(out.read_text()))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"cold 200 names at {a.latency * 1000:.0f} ms, {a.runs} runs per tree in turn, load average "
          f"{os.getloadavg()[0]:.1f}; medians over runs, CPU ms of the depguard process")
    print(f"{'tree':<40} {'gap mean':>9} {'median':>7} {'p90':>7} {'gaps':>5} {'to 1st req':>10} {'total':>7}")
    for tree, rows in figures.items():
        m = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        print(f"{str(tree)[-40:]:<40} {m['mean'] * 1000:>9.2f} {m['median'] * 1000:>7.2f} {m['p90'] * 1000:>7.2f} "
              f"{m['gaps']:>5.0f} {m['before_first_request'] * 1000:>10.0f} {m['total'] * 1000:>7.0f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:  # a measured run: nothing of the benchmark's own imported first
        raise SystemExit(child(sys.argv[2], sys.argv[3:]))
    main()
