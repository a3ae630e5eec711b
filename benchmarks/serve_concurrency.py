"""How long a served ``depguard check`` takes while other served runs wait on a hung registry.

    python benchmarks/serve_concurrency.py [--hang 5] [--runs 10] [--hung 1 4]

Starts ``depguard serve`` (a child process per connection) on a private socket, and, for comparison, the
same server answering one connection at a time (``Server(fork=False)``, what ``depguard serve`` did before).
For each: the latency of ``--runs`` quick client runs (``check requests --offline``, no registry asked) when
the server is idle, then while ``--hung`` other clients wait on a loopback registry that answers only after
``--hang`` seconds. Everything is local: the registry is ``benchmarks/loopback_registry.py`` on 127.0.0.1.
Prints milliseconds: median and max of the quick runs, and the first quick run's (the one queued behind
the hung ones, if anything queues).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.loopback_registry import LoopbackRegistry  # noqa: E402
from depguard import server  # noqa: E402

ONE_AT_A_TIME = ("import sys; from depguard import server; s = server.Server(sys.argv[1], idle_timeout=600, fork=False); "
                 "s.listen(); s.serve_forever(); s.close()")


def _client(args: list[str], env: dict[str, str], cwd: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "depguard.cli", *args], env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _quick(env: dict[str, str], cwd: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        code = _client(["check", "requests", "--offline", "--format", "json"], env, cwd).wait(300)
        times.append(time.perf_counter() - started)
        if code != 3:
            raise SystemExit(f"a quick run ended with exit code {code}, expected 3 (offline, not cached)")
    return times


def _measure(label: str, start: list[str], sock: str, env: dict[str, str], work: str, registry: LoopbackRegistry,
             runs: int, hung_counts: list[int]) -> None:
    proc = subprocess.Popen(start, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while server.ping(sock, timeout=0.5) is None:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{label}: the server did not start")
            time.sleep(0.05)
        idle = _quick(env, work, runs)
        print(f"{label}: idle: median {statistics.median(idle) * 1000:.0f} ms, max {max(idle) * 1000:.0f} ms")
        slow_env = {**env, "DEPGUARD_REGISTRY_PYPI": registry.url + "/pypi-root"}
        for count in hung_counts:
            asked = sum(registry.paths.values())
            started = time.perf_counter()
            hung = [_client(["check", f"slow-package-{count}-{i}", "--timeout", "60"], slow_env, work) for i in range(count)]
            while sum(registry.paths.values()) < asked + count and time.perf_counter() - started < 60:
                time.sleep(0.01)  # every hung run has reached the registry (the one-at-a-time server: the first)
                if label.startswith("one") and sum(registry.paths.values()) > asked:
                    break
            quick = _quick(env, work, runs)
            for p in hung:
                p.wait(300)
            print(f"{label}: {count} run(s) waiting {registry.latency:g} s on the registry: quick runs median "
                  f"{statistics.median(quick) * 1000:.0f} ms, max {max(quick) * 1000:.0f} ms, first "
                  f"{quick[0] * 1000:.0f} ms; the hung runs took {(time.perf_counter() - started):.1f} s in all")
    finally:
        server.stop(sock)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hang", type=float, default=5.0, help="seconds the registry takes to answer (default 5)")
    ap.add_argument("--runs", type=int, default=10, help="quick runs per measurement (default 10)")
    ap.add_argument("--hung", type=int, nargs="+", default=[1, 4], help="runs waiting on the registry (default 1 4)")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="dg-serve-bench-") as tmp, LoopbackRegistry(latency=opts.hang) as registry:
        os.chmod(tmp, 0o700)
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        for label, forking in (("forking server", True), ("one-at-a-time server", False)):
            sock = os.path.join(tmp, "run-" + label.split()[0], "serve.sock")
            env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
            env.update(DEPGUARD_SOCKET=sock, DEPGUARD_CACHE_DIR=os.path.join(tmp, "cache-" + label.split()[0]))
            start = ([sys.executable, "-m", "depguard.cli", "serve", "--idle-timeout", "600"] if forking
                     else [sys.executable, "-c", ONE_AT_A_TIME, sock])
            _measure(label, start, sock, env, work, registry, opts.runs, opts.hung if forking else opts.hung[:1])


if __name__ == "__main__":
    main()
