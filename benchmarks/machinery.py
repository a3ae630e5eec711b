"""What each piece of depguard's speed machinery buys, measured in this one run (issue 18).

    python benchmarks/machinery.py                       # 4,000-file tree, 1,200 names, 50 ms latency
    python benchmarks/machinery.py --files 10000 --names 3000 --runs 5
    python benchmarks/machinery.py --only server,gc

Every piece is timed on the inputs where it can matter, with it and without it, the two runs interleaved
(the machine is shared), each in a process of its own started through ``machinery_child.py`` (the command
line with the piece turned off by a patch or by its environment switch). The ratio is the median without /
the median with: above 1 the piece pays, ~1 it buys nothing. Inputs:

- ``tree cold``: ``scan TREE --format json`` of the generated benchmark tree (make_monorepo.py), the answer
  cache emptied before each run, a loopback registry answering at ``--latency``;
- ``tree warm``: the same with every answer cached;
- ``cold 200``: ``scan`` of a requirements file of 200 real PyPI names at ``--latency``, no cached answer;
- the warm small inputs of latency.py: ``scan`` of 8 names, ``check`` of two, ``hook claude-code`` on a Bash
  and on a Write event, ``text`` on a 2 KB answer (``DEPGUARD_SERVER=0`` unless the piece is the server).

Pieces: ``server`` (a running ``depguard serve`` vs none), ``gc`` (gcpolicy's thresholds and freeze, and
the short runs' ``gc.disable``), ``runcache`` (the per-run lru caches of the import rules), ``json`` (the
hand-written JSON report encoder vs ``json.dumps``), ``aio`` (aio.run vs asyncio.run), ``tables`` (the
stored ecosystem tables), ``lookalike-store`` (the stored look-alike index); and the removed ``workers``
(parse worker processes, ``DEPGUARD_WORKERS=0``), ``lookup-process`` and ``priority`` (the parse workers
lowering their priority for it). A piece whose code is gone prints ``gone``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from latency import ANSWER, EIGHT, PACKAGE_JSON, two_hundred_names  # noqa: E402
from loopback_registry import LoopbackRegistry  # noqa: E402
from machinery_child import ENVIRONMENT, missing  # noqa: E402
from make_monorepo import generate  # noqa: E402

CHILD = [sys.executable, str(HERE / "machinery_child.py")]

# piece -> the inputs it is timed on
WHERE = {
    "server": ("check", "hook_bash", "hook_write", "text"),
    "workers": ("tree_cold", "tree_warm"),
    "lookup-process": ("tree_cold",),
    "priority": ("tree_cold",),
    "gc": ("tree_cold", "tree_warm", "check", "hook_bash", "text"),
    "runcache": ("tree_warm", "scan8", "hook_write"),
    "json": ("tree_warm",),
    "aio": ("tree_cold", "tree_warm", "cold200"),
    "tables": ("scan8", "check", "hook_bash", "text"),
    "lookalike-store": ("cold200", "check"),
}


def timed(cmd: list[str], env: dict[str, str], cwd: Path, stdin: str) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, CPU seconds of the process and its children, the finished process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=cwd, input=stdin, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, proc


def forget(cache: Path) -> None:
    """A cold run: no cached answer and no parse cache (what depguard derives from its own data stays)."""
    for f in cache.glob("answers.sqlite3*"):
        f.unlink()
    shutil.rmtree(cache / "parse", ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=4000)
    ap.add_argument("--names", type=int, default=1200)
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--runs", type=int, default=3, help="runs per figure on the tree and cold 200 (median)")
    ap.add_argument("--small-runs", type=int, default=9, help="runs per figure on the warm small inputs")
    ap.add_argument("--only", default="", help="comma-separated pieces (default: all)")
    a = ap.parse_args()
    pieces = [p.strip() for p in a.only.split(",") if p.strip()] or list(WHERE)

    work = Path(tempfile.mkdtemp(prefix="depguard-machinery-"))
    try:
        _measure(a, pieces, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _measure(a: argparse.Namespace, pieces: list[str], work: Path) -> None:
    proj = work / "project"
    proj.mkdir()
    (proj / "requirements.txt").write_text("".join(f"{n}\n" for n in EIGHT))
    (proj / "answer.md").write_text(ANSWER)
    (proj / "requirements-200.txt").write_text("".join(f"{n}\n" for n in two_hundred_names()))
    needed = {i for p in pieces for i in WHERE[p]}
    tree = generate(work / "mono", a.files, a.names) if needed & {"tree_cold", "tree_warm"} else None
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "DG_MACHINERY"))}
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    base.update(NO_COLOR="1", DEPGUARD_SERVER="0", XDG_CONFIG_HOME=str(work / "config"))
    bash = json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": str(proj),
                       "tool_input": {"command": "pip install requests flask"}})
    write = json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": str(proj),
                        "tool_input": {"file_path": str(proj / "web" / "package.json"),
                                       "content": json.dumps(PACKAGE_JSON, indent=2) + "\n"}})
    # input -> (argv, stdin, expected exits, cold, small)
    inputs = {
        "tree_cold": (["scan", str(tree.root) if tree else "", "--format", "json", "--no-progress"], "", (0, 1, 3), True, False),
        "tree_warm": (["scan", str(tree.root) if tree else "", "--format", "json", "--no-progress"], "", (0, 1, 3), False, False),
        "cold200": (["scan", "requirements-200.txt"], "", (0, 1), True, False),
        "scan8": (["scan", "requirements.txt"], "", (0,), False, True),
        "check": (["check", "requests", "flask"], "", (0,), False, True),
        "hook_bash": (["hook", "claude-code"], bash, (0,), False, True),
        "hook_write": (["hook", "claude-code"], write, (0,), False, True),
        "text": (["text", "answer.md"], "", (0,), False, True),
    }
    missing_names = {n for n in (tree.missing if tree else ())}
    print(f"depguard speed machinery, one run: tree {tree.files if tree else 0} files / {a.names} names, latency "
          f"{a.latency * 1000:.0f} ms, medians of {a.runs} (tree, cold 200) and {a.small_runs} (small inputs), "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print("ratio = median without the piece / median with it, wall time and CPU time (user + system, with child "
          "processes); above 1 the piece pays", flush=True)
    with LoopbackRegistry(latency=0.0, missing=missing_names) as fast, \
            LoopbackRegistry(latency=a.latency, missing=missing_names) as slow:
        for piece in pieces:
            if missing(piece):
                print(f"{piece:<16} gone", flush=True)
                continue
            cells = []
            for key in WHERE[piece]:
                argv, stdin, expect, cold, small = inputs[key]
                reg = slow if cold or key.startswith("tree") else fast
                cache = work / f"cache-{piece}-{key}"
                env = {**base, "DEPGUARD_CACHE_DIR": str(cache), "DEPGUARD_REGISTRY_PYPI": reg.url + "/pypi-root",
                       "DEPGUARD_REGISTRY_NPM": reg.url + "/npm-root"}
                on = {**env, "DG_MACHINERY_OFF": ""}
                off = {**env, "DG_MACHINERY_OFF": piece, **ENVIRONMENT.get(piece, {})}
                server = None
                if piece == "server":
                    on.pop("DEPGUARD_SERVER")
                    server = subprocess.run([*CHILD, "serve", "--detach", "--idle-timeout", "300"], env=on,
                                            capture_output=True, text=True)
                    if server.returncode != 0:
                        raise SystemExit(f"depguard serve did not start: {server.stderr}")
                try:
                    cmd = [*CHILD, *argv]
                    for e in (on, off):  # fill the cache and the stored tables; check the answer
                        _, _, proc = timed(cmd, e, proj, stdin)
                        if proc.returncode not in expect or "Traceback" in proc.stderr:
                            raise SystemExit(f"{piece} {key}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
                    times: dict[str, list[tuple[float, float]]] = {"on": [], "off": []}
                    for _ in range(a.small_runs if small else a.runs):
                        for e, side in ((on, "on"), (off, "off")):
                            if cold:
                                forget(cache)
                            wall, cpu, proc = timed(cmd, e, proj, stdin)
                            if proc.returncode not in expect or "Traceback" in proc.stderr:
                                raise SystemExit(f"{piece} {key}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
                            times[side].append((wall, cpu))
                finally:
                    if server is not None:
                        subprocess.run([*CHILD, "serve", "--stop"], env=on, capture_output=True)
                (w1, c1), (w0, c0) = ((statistics.median(t[0] for t in times[s]), statistics.median(t[1] for t in times[s]))
                                      for s in ("on", "off"))
                cells.append(f"{key} wall {w0 / w1:.2f} ({w1 * 1000:.0f}/{w0 * 1000:.0f} ms) cpu {c0 / max(c1, 1e-9):.2f}")
            print(f"{piece:<16} " + "  ".join(cells), flush=True)


if __name__ == "__main__":
    main()
