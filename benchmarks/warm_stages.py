"""Where a warm scan of the benchmark monorepo spends its CPU, stage by stage (issue 18, figure 2).

    python benchmarks/warm_stages.py DIR [--runs 5] [--files 10000 --names 3000]

DIR keeps the generated tree (``DIR/mono``) and its cache (``DIR/cache``) between invocations: the first one
generates the tree and scans it cold against a loopback registry. Each invocation then scans once more to
bring the parse cache up to date with the code (an edited depguard file makes every entry stale), and runs
``--runs`` fresh processes of ``depguard scan DIR/mono --format json`` in two ways, alternating:

* the command itself, its CPU (user + system) from ``getrusage(RUSAGE_CHILDREN)``;
* the same command in a process that times each stage with ``time.process_time`` (inclusive; the stages
  are wrapped where the pipeline calls them, so a stage's time includes what it calls).

CPU rather than wall time: the machine is shared, and a warm scan asks no registry. Prints the median of each.
``--no-store`` deletes DG002's stored look-alike matches (``DIR/cache/typosquat/*-matches.marshal``) before
each warm run: what judging costs when every name's look-alike search runs again. ``--no-kept-text`` deletes
the kept report texts (``DIR/cache/output``, :mod:`depguard.outputmemo`) before each warm run: what a warm
scan costs when it cannot reuse them (the first one after a change), then judges and writes every mention.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (label, module, attribute): wrapped where it is looked up at call time
STAGES = [
    ("gather (walk + project facts)", "depguard.scan", "gather"),
    ("  walk", "depguard.discover", "walk"),
    ("  project facts", "depguard.scan", "project_hints"),
    ("  made here (images, package names…)", "depguard.scan", "_made_here"),
    ("    package names (npm's [own] reader)", "depguard.ecosystems.npm.defined_names", "defined_names"),
    ("  own installers", "depguard.scan", "_own_installers"),
    ("from_cache", "depguard.scan", "from_cache"),
    ("  code stamp", "depguard.parsecache", "code_stamp"),
    ("parse_rest (+ save)", "depguard.scan", "parse_rest"),
    ("merge", "depguard.scan", "merge"),
    ("evaluate", "depguard.scan", "evaluate"),
    ("  answers", "depguard.lookup", "resolve"),
    ("  judge_all", "depguard.scan", "judge_all"),
    ("emit (render + write)", "depguard.cli_commands._shared", "emit"),
    ("compact: parse misses, merge stored entries, answers", "depguard.compactscan", "prepare"),
    ("  merge stored entries", "depguard.compactscan", "CompactScan.of"),
    ("compact: JSON text", "depguard.compactscan", "CompactScan._make"),
    ("  judge each class of mentions", "depguard.compactscan", "CompactScan._findings"),
    ("  group the classes", "depguard.compactscan", "CompactScan._groups"),
    ("  findings' texts", "depguard.report.json_format", "findings_text"),
    ("kept text: reuse attempt", "depguard.outputmemo", "OutputMemo.reuse"),
    ("  load the kept state", "depguard.outputmemo", "OutputMemo._load"),
    ("  judged digest", "depguard.outputmemo", "judged_digest"),
    ("kept text: record", "depguard.outputmemo", "OutputMemo.record"),
    ("kept text: write", "depguard.outputmemo", "OutputMemo.keep"),
]


def child(root: str, profile: str | None = None) -> None:
    """One warm scan in this process, each stage timed (printed as JSON on stderr's last line)."""
    import importlib

    start = time.process_time()
    spent: dict[str, float] = {}

    def timed(label: str, fn):
        def wrapper(*args, **kwargs):
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - t
        return wrapper

    import gc

    gc_started: list[float] = []

    def collecting(phase: str, info: dict) -> None:  # the cyclic collector's own CPU, apart
        if phase == "start":
            gc_started.append(time.process_time())
        elif gc_started:
            label = f"(gc: generation {info['generation']} collections)"
            spent[label] = spent.get(label, 0.0) + time.process_time() - gc_started.pop()

    gc.callbacks.append(collecting)
    from depguard import cli

    imported = time.process_time()
    for label, module, attr in STAGES:
        owner: object = importlib.import_module(module)
        *path, name = attr.split(".")  # a function of the module, or a method of one of its classes
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, timed(label, getattr(owner, name)))
    with open(os.devnull, "w") as out:
        saved, sys.stdout = sys.stdout, out
        try:
            argv = ["scan", root, "--format", "json", "--no-progress"]
            if profile:
                import cProfile

                cProfile.runctx("cli.main(argv)", globals(), {"cli": cli, "argv": argv}, profile)
                code = 0
            else:
                code = cli.main(argv)
        except SystemExit as exc:
            code = exc.code
        finally:
            sys.stdout = saved
    usage = resource.getrusage(resource.RUSAGE_SELF)
    spent["(before main: interpreter + import depguard.cli)"] = usage.ru_utime + usage.ru_stime - (time.process_time() - start)
    spent["import depguard.cli"] = imported - start
    spent["whole process (user + system)"] = usage.ru_utime + usage.ru_stime
    print(json.dumps({"code": code, "spent": spent}), file=sys.stderr)


def command_cpu(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1, 3):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), wall, proc.stderr


def forget_kept_text(cache: Path, forget: bool) -> None:
    """With ``forget`` (``--no-kept-text``): delete the kept report texts (depguard.outputmemo)."""
    if forget:
        for kept in (cache / "output").glob("*.marshal"):
            kept.unlink()


def forget_matches(cache: Path, forget: bool) -> None:
    """With ``forget`` (``--no-store``): delete DG002's stored look-alike matches (depguard.checks.typosquat.MatchStore)."""
    if forget:
        for stored in (cache / "typosquat").glob("*-matches.marshal"):
            stored.unlink()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--port", type=int, default=0, help="the loopback registry's port (default: any free one)")
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--names", type=int, default=3_000)
    ap.add_argument("--profile", type=Path, help="also write a cProfile of one warm scan to this file")
    ap.add_argument("--no-store", action="store_true", help="delete the stored look-alike matches before each run")
    ap.add_argument("--no-kept-text", action="store_true", help="delete the kept report texts before each run")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child(str(a.dir), str(a.profile) if a.profile else None)
        return
    sys.path.insert(0, str(HERE))
    from loopback_registry import LoopbackRegistry
    from make_monorepo import generate

    root, cache = a.dir / "mono", a.dir / "cache"
    missing_file = a.dir / "missing.json"
    if not missing_file.is_file():
        mono = generate(root, a.files, a.names)
        missing_file.write_text(json.dumps(sorted(mono.missing)))
    missing = set(json.loads(missing_file.read_text()))
    scan = [sys.executable, "-m", "depguard.cli", "scan", str(root), "--format", "json", "--no-progress"]
    reg = LoopbackRegistry(latency=0.05, missing=missing)
    reg.port = a.port  # a fixed port: the answers are cached under the registry's address
    with reg:
        env = {**os.environ, "DEPGUARD_CACHE_DIR": str(cache), "DEPGUARD_REGISTRY_PYPI": reg.url + "/pypi-root",
               "DEPGUARD_REGISTRY_NPM": reg.url + "/npm-root"}
        env.pop("DEPGUARD_OFFLINE", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: with compiled bytecode
        cpu, wall, _ = command_cpu(scan, env)  # cold the first time; else brings the parse cache up to date
        print(f"priming scan: CPU {cpu:.2f} s, wall {wall:.2f} s")
        reg.requests.clear()
        whole: list[float] = []
        walls: list[float] = []
        stages: dict[str, list[float]] = {}
        for _ in range(a.runs):
            forget_matches(cache, a.no_store)
            forget_kept_text(cache, a.no_kept_text)
            cpu, wall, _ = command_cpu(scan, env)
            whole.append(cpu)
            walls.append(wall)
            forget_matches(cache, a.no_store)
            forget_kept_text(cache, a.no_kept_text)
            _, _, err = command_cpu([sys.executable, __file__, "--child", str(root)], env)
            for k, v in json.loads(err.strip().splitlines()[-1])["spent"].items():
                stages.setdefault(k, []).append(v)
        if a.profile:
            command_cpu([sys.executable, __file__, "--child", str(root), "--profile", str(a.profile)], env)
        if sum(reg.requests.values()):
            print(f"warning: the warm scans asked the registry {sum(reg.requests.values())} times")
    print(f"warm scan command, {a.runs} runs: CPU median {statistics.median(whole):.2f} s (min {min(whole):.2f}), "
          f"wall median {statistics.median(walls):.2f} s")
    order = [label for label, _, _ in STAGES]
    for k in sorted(stages, key=lambda k: order.index(k) if k in order else -1):
        print(f"  {k:<50} {statistics.median(stages[k]):6.3f} s  (min {min(stages[k]):.3f})")


if __name__ == "__main__":
    main()
