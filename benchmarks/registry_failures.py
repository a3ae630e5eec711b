"""How fast depguard gives up on a registry that cannot be reached, and what one registry request costs in CPU.

    python benchmarks/registry_failures.py                      # give-up figures and CPU per request
    python benchmarks/registry_failures.py --before /tmp/old    # the same, alternating with another source tree

Rows:

- give-up: ``depguard scan`` of an 8-name and of a 1,000-name requirements.txt (real PyPI names from
  /work/.library/env/packages/pypi.tsv) with PyPI pointed at a bound, unlistened loopback port (every connection
  refused at once), an empty cache per run; median wall and CPU time, the exit code (3 expected) and how many
  lines the text report printed;
- cold 200: the 200 names of ``latency.py`` (100 most downloaded PyPI projects, 100 from the rest) against the
  loopback registry at 50 ms per request, an empty cache per run (``latency.py`` has the same row for the current
  tree alone; here it is alternated with ``--before``);
- CPU per request: 400 requests (no latency) and 200 (50 ms latency), 16 at a time, through
  ``depguard.http.fetch`` to a loopback registry running in another process, with httpcore's anyio sockets
  (``DEPGUARD_HTTP_BACKEND=anyio``) and with depguard's asyncio sockets.

``--before DIR`` runs each give-up and cold figure also with ``PYTHONPATH=DIR`` (a checkout's ``depguard`` folder's
parent, e.g. ``git archive <commit> depguard ecosystems | tar -x -C DIR``), alternating runs so both versions
see the same machine load.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PYPI_LIST = Path("/work/.library/env/packages/pypi.tsv")
EIGHT = ("requests", "flask", "numpy", "pandas", "click", "pyyaml", "rich", "httpx")
HERE = Path(__file__).resolve().parent

REQUESTS = r"""
import asyncio, sys, time
from depguard.http import HttpSettings, fetch, make_client
base, n, concurrency = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
async def main():
    client = make_client(HttpSettings(), connections=concurrency)
    sem = asyncio.Semaphore(concurrency)
    async def one(i):
        async with sem:
            await fetch(client, f"{base}/pypi-root/pypi/name{i}/json", "application/json", HttpSettings())
    async with client:
        await asyncio.gather(*(one(i) for i in range(n)))
asyncio.run(main())  # a first round opens the connections and warms the code
start = time.process_time()
asyncio.run(main())
print(time.process_time() - start)
"""

SERVER = r"""
import sys, time
sys.path.insert(0, sys.argv[2])
from loopback_registry import LoopbackRegistry
with LoopbackRegistry(latency=float(sys.argv[1])) as reg:
    print(reg.port, flush=True)
    sys.stdin.read()
"""


def names(count: int) -> list[str]:
    with PYPI_LIST.open(encoding="utf-8") as fh:
        lines = fh.read().splitlines()[1:]
    step = max(1, len(lines) // count)
    return [line.split("\t")[0] for line in lines[::step]][:count]


def environment(work: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.update({"DEPGUARD_SERVER": "0", "NO_COLOR": "1", "XDG_CONFIG_HOME": str(work / "config")}, **extra)
    return env


def timed_scan(folder: Path, env: dict[str, str]) -> tuple[float, float, int, int]:
    shutil.rmtree(env["DEPGUARD_CACHE_DIR"], ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "depguard.cli", "scan", "--no-progress", "requirements.txt"],
                          cwd=folder, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu, proc.returncode, len(proc.stdout.splitlines())


def give_up(work: Path, runs: int, before: str | None) -> list[str]:
    refused = socket.socket()
    refused.bind(("127.0.0.1", 0))  # bound, never listening
    url = f"http://127.0.0.1:{refused.getsockname()[1]}"
    rows = []
    try:
        for count in (8, 1000):
            folder = work / f"giveup-{count}"
            folder.mkdir()
            wanted = list(EIGHT) if count == 8 else names(count)
            (folder / "requirements.txt").write_text("".join(f"{n}\n" for n in wanted))
            versions = {"now": None, **({"before": before} if before else {})}
            got: dict[str, list] = {v: [] for v in versions}
            for _ in range(runs if count == 8 else max(1, runs // 2)):
                for version, path in versions.items():
                    extra = {"PYTHONPATH": path} if path else {}
                    env = environment(work, DEPGUARD_REGISTRY_PYPI=url, DEPGUARD_CACHE_DIR=str(work / "cache"), **extra)
                    got[version].append(timed_scan(folder, env))
            for version, results in got.items():
                codes = sorted({r[2] for r in results})
                rows.append(f"give up, {count:>5} names, {version:<6}  wall {statistics.median(r[0] for r in results) * 1000:8.0f} ms"
                            f"  cpu {statistics.median(r[1] for r in results) * 1000:6.0f} ms  exit {codes}"
                            f"  {statistics.median(r[3] for r in results):.0f} output lines")
    finally:
        refused.close()
    return rows


def cold(work: Path, runs: int, before: str | None) -> list[str]:
    sys.path.insert(0, str(HERE))
    from latency import two_hundred_names
    from loopback_registry import LoopbackRegistry

    folder = work / "cold-200"
    folder.mkdir()
    (folder / "requirements.txt").write_text("".join(f"{n}\n" for n in two_hundred_names()))
    versions = {"now": None, **({"before": before} if before else {})}
    got: dict[str, list] = {v: [] for v in versions}
    with LoopbackRegistry(latency=0.05) as reg:
        for _ in range(runs):
            for version, path in versions.items():
                extra = {"PYTHONPATH": path} if path else {}
                env = environment(work, DEPGUARD_REGISTRY_PYPI=reg.url + "/pypi-root",
                                  DEPGUARD_CACHE_DIR=str(work / "cache"), **extra)
                got[version].append(timed_scan(folder, env))
    return [f"cold 200 names at 50 ms (floor 650 ms), {version:<6}  wall {statistics.median(r[0] for r in results) * 1000:6.0f} ms"
            f"  cpu {statistics.median(r[1] for r in results) * 1000:6.0f} ms  exit {sorted({r[2] for r in results})}"
            for version, results in got.items()]


def per_request(runs: int) -> list[str]:
    rows = []
    for latency, count in ((0.0, 400), (0.05, 200)):
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(latency), str(HERE)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        try:
            base = f"http://127.0.0.1:{int(server.stdout.readline())}"
            got: dict[str, list[float]] = {"anyio": [], "asyncio": []}
            for _ in range(runs):
                for backend in got:
                    env = {**os.environ, "DEPGUARD_HTTP_BACKEND": backend}
                    out = subprocess.run([sys.executable, "-c", REQUESTS, base, str(count), "16"], env=env,
                                         capture_output=True, text=True, check=True).stdout
                    got[backend].append(float(out) / count)
            for backend, per in got.items():
                rows.append(f"CPU per request, {count} requests at {latency * 1000:.0f} ms, {backend:<7} sockets: "
                            f"{statistics.median(per) * 1000:.2f} ms")
        finally:
            server.stdin.close()
            server.wait(10)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="runs per figure (median; default 5)")
    ap.add_argument("--before", metavar="DIR", help="another depguard source tree to compare the give-up with")
    ap.add_argument("--only", default="", help="giveup, cold or requests (default: all)")
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="depguard-failures-"))
    try:
        rows = []
        if a.only in ("", "giveup"):
            rows += give_up(work, a.runs, a.before)
        if a.only in ("", "cold"):
            rows += cold(work, a.runs, a.before)
        if a.only in ("", "requests"):
            rows += per_request(a.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
