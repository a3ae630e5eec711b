"""depguard's speed figures, each a ratio measured in this one run (issue 7). Run on demand:

    python benchmarks/run.py                   # 10,000 files, ~3,000 names, 50 ms latency
    python benchmarks/run.py --files 2000 --names 600 --latency 0.05

Prints:
  1. cold scan (empty cache) wall time / network floor  ceil(names per registry / its concurrency) x latency
  2. warm scan (all cached) wall time / reading the same files and parsing the sources with tree-sitter alone:
     the second scan after the cold one (the first warm one finds every answer in the cache, so its report
     differs from the cold scan's: also printed, as 2'), and the warm scan after editing one file (2'')
  3. chat filter: `depguard text` on a 2 KB answer, warm cache, wall time / a bare `python -c pass`, both in
     its own process (DEPGUARD_SERVER=0) and handed to a running `depguard serve`
  4. requests made / unique names (cold and warm), and peak memory (max RSS) of the cold scan

Beside the ratios it prints what explains them: the CPU time of the cold scan and of the loopback registry
(both share this machine's cores), and the time Python needs just to import what any in-process run
imports (the floor of figure 3 without a server).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loopback_registry import LoopbackRegistry  # noqa: E402
from make_monorepo import generate  # noqa: E402

ANSWER = """\
Sure! To parse the config and call the API you need a few packages.

```bash
pip install requests pyyaml {py0} {py1}
npm install {js0} {js1} --save
```

Then in Python:

```python
import requests
import yaml
import {mod0}

def load(path):
    with open(path) as fh:
        return yaml.safe_load(fh)
```

And in your frontend:

```js
import {{ thing }} from '{js0}';
const other = require('{js1}');
```

If you see an SSL error, run `pip install --upgrade certifi` and try again. You can also use
`npx {js2} init` to scaffold the project. That's it — let me know if anything fails!
"""


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, proc


def baseline_read_and_parse(root: Path) -> float:
    """Read every file the scan would read and parse .py/.js/.ts sources with tree-sitter alone."""
    code = f"""
import time, os
from pathlib import Path
import tree_sitter, tree_sitter_python, tree_sitter_javascript, tree_sitter_typescript
t = time.perf_counter()
py = tree_sitter.Parser(tree_sitter.Language(tree_sitter_python.language()))
js = tree_sitter.Parser(tree_sitter.Language(tree_sitter_javascript.language()))
ts = tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_typescript()))
for dirpath, _, files in os.walk({str(root)!r}):
    for f in files:
        data = Path(dirpath, f).read_bytes()
        if f.endswith('.py'): py.parse(data)
        elif f.endswith('.js'): js.parse(data)
        elif f.endswith('.ts'): ts.parse(data)
print(time.perf_counter() - t)
"""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return time.perf_counter() - start


def depguard_command() -> list[str]:
    """The installed ``depguard`` script (what users and hooks run), else ``python -m depguard.cli``."""
    script = Path(sys.executable).parent / "depguard"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "depguard.cli"]


def median_of(cmd: list[str], env: dict[str, str], n: int = 7) -> float:
    return sorted(run(cmd, env)[0] for _ in range(n))[n // 2]


IMPORT_FLOOR = "import argparse, dataclasses, json, pathlib, sqlite3, typing, tree_sitter, tree_sitter_python"


def concurrency(eco: str) -> int:
    from depguard.ecosystems import catalog

    return catalog().get(eco).registry.concurrency


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--names", type=int, default=3_000)
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--keep", type=Path, help="generate the monorepo here and keep it")
    a = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="depguard-bench-"))
    root = a.keep or work / "mono"
    mono = generate(root, a.files, a.names)
    cache = work / "cache"
    print(f"monorepo: {mono.files} files, {mono.unique} unique names ({len(mono.missing)} missing), latency {a.latency * 1000:.0f} ms")
    with LoopbackRegistry(latency=a.latency, missing=mono.missing) as reg:
        env = {**os.environ, "DEPGUARD_CACHE_DIR": str(cache), "DEPGUARD_REGISTRY_PYPI": reg.url + "/pypi-root",
               "DEPGUARD_REGISTRY_NPM": reg.url + "/npm-root"}
        env.pop("DEPGUARD_OFFLINE", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure as installed: with compiled bytecode
        scan = [sys.executable, "-m", "depguard.cli", "scan", str(root), "--format", "json", "--no-progress"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        kids0, self0 = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
        cold, proc = run(scan, env)
        kids1, self1 = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
        scan_cpu = (kids1.ru_utime + kids1.ru_stime) - (kids0.ru_utime + kids0.ru_stime)  # the scan and its workers
        registry_cpu = (self1.ru_utime + self1.ru_stime) - (self0.ru_utime + self0.ru_stime)  # the loopback registry
        peak_kb = kids1.ru_maxrss
        if proc.returncode not in (0, 1, 3):
            print(proc.stderr[-2000:])
            raise SystemExit(f"cold scan failed with {proc.returncode}")
        report = json.loads(proc.stdout)
        cold_requests = sum(reg.requests.values())
        found = {(f["ecosystem"], f["name"]) for f in report["findings"]}
        counts = {e: sum(1 for (eco, _) in found if eco == e) for e in ("pypi", "npm")}
        floor = max(math.ceil(counts[e] / concurrency(e)) * a.latency for e in counts if counts[e])
        reg.requests.clear()
        kids1w = resource.getrusage(resource.RUSAGE_CHILDREN)
        first_warm, _ = run(scan, env)
        kids2 = resource.getrusage(resource.RUSAGE_CHILDREN)
        warm, proc2 = run(scan, env)
        kids3 = resource.getrusage(resource.RUSAGE_CHILDREN)
        warm_requests = sum(reg.requests.values())
        edited_file = next(p for p in sorted(root.rglob("*.py")) if p.is_file())
        with edited_file.open("a", encoding="utf-8") as fh:
            fh.write("\n# edited\n")  # one file changed: re-parsed, its mentions the same
        kids3e = resource.getrusage(resource.RUSAGE_CHILDREN)
        after_edit, _ = run(scan, env)
        kids3f = resource.getrusage(resource.RUSAGE_CHILDREN)
        edit_cpu = (kids3f.ru_utime + kids3f.ru_stime) - (kids3e.ru_utime + kids3e.ru_stime)
        first_warm_cpu = (kids2.ru_utime + kids2.ru_stime) - (kids1w.ru_utime + kids1w.ru_stime)
        base = baseline_read_and_parse(root)
        kids4 = resource.getrusage(resource.RUSAGE_CHILDREN)
        warm_cpu = (kids3.ru_utime + kids3.ru_stime) - (kids2.ru_utime + kids2.ru_stime)
        base_cpu = (kids4.ru_utime + kids4.ru_stime) - (kids3f.ru_utime + kids3f.ru_stime)

        answer = ANSWER.format(py0=mono.pypi[0], py1=mono.pypi[1], js0=mono.npm[0], js1=mono.npm[1], js2=mono.npm[2],
                               mod0=mono.pypi[2].replace("-", "_"))
        answer_file = work / "answer.md"
        answer_file.write_text(answer)
        text_cmd = [*depguard_command(), "text", str(answer_file), "--format", "json"]
        alone = {**env, "DEPGUARD_SERVER": "0"}
        run(text_cmd, alone)  # fill the cache for the names of the answer
        reg.requests.clear()
        text_alone = median_of(text_cmd, alone)
        started = subprocess.run([*depguard_command(), "serve", "--detach", "--idle-timeout", "300"], env=env,
                                 capture_output=True, text=True)
        if started.returncode != 0:
            raise SystemExit(f"depguard serve did not start: {started.stderr}")
        try:
            first = run(text_cmd, env)[1]
            if first.returncode not in (0, 1, 3):
                raise SystemExit(f"served text run failed: {first.stderr}")
            text_served = median_of(text_cmd, env)
            status = subprocess.run([*depguard_command(), "serve", "--status"], env=env, capture_output=True, text=True)
        finally:
            subprocess.run([*depguard_command(), "serve", "--stop"], env=env, capture_output=True)
        text_requests = sum(reg.requests.values())
        bare = median_of([sys.executable, "-c", "pass"], env)
        floor_imports = median_of([sys.executable, "-c", IMPORT_FLOOR], env)

    s = report["summary"]
    print(f"findings: {s['mentions']} mentions, {s['packages']} packages, {s['missing']} missing, "
          f"{s['not-checked']} not checked, {s['problems']} problems")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    print(f"1. cold scan: {cold:.2f} s / network floor {floor:.2f} s = {cold / floor:.2f}  (target <= 1.5)")
    print(f"   CPU during it: scan {scan_cpu:.2f} s + loopback registry {registry_cpu:.2f} s = "
          f"{(scan_cpu + registry_cpu) / (cores * cold):.0%} of {cores} cores x {cold:.2f} s")
    print(f"2. warm scan: {warm:.2f} s / read + tree-sitter parse {base:.2f} s = {warm / base:.2f}  (target <= 1.0, issue 18)")
    print(f"   in CPU (user + system; steadier on a shared machine): {warm_cpu:.2f} s / {base_cpu:.2f} s = "
          f"{warm_cpu / base_cpu:.2f}")
    print(f"2'. first warm scan after the cold one (answers from the cache: the report judged and written anew): "
          f"{first_warm:.2f} s / {base:.2f} s = {first_warm / base:.2f}; CPU {first_warm_cpu:.2f} s / {base_cpu:.2f} s = "
          f"{first_warm_cpu / base_cpu:.2f}")
    print(f"2''. warm scan after editing one file: {after_edit:.2f} s / {base:.2f} s = {after_edit / base:.2f}; "
          f"CPU {edit_cpu:.2f} s / {base_cpu:.2f} s = {edit_cpu / base_cpu:.2f}")
    print(f"3. chat filter, {len(answer)} bytes, medians of 7 (target <= 4):")
    print(f"   in its own process: depguard text {text_alone * 1000:.0f} ms / python -c pass {bare * 1000:.0f} ms "
          f"= {text_alone / bare:.2f}")
    print(f"   with depguard serve: depguard text {text_served * 1000:.0f} ms / python -c pass {bare * 1000:.0f} ms "
          f"= {text_served / bare:.2f}  ({status.stdout.strip() or status.stderr.strip()})")
    print(f"   (importing just {IMPORT_FLOOR.split(' ', 1)[1]}: {floor_imports * 1000:.0f} ms = "
          f"{floor_imports / bare:.2f} x python -c pass)")
    print(f"4. requests / unique names: cold {cold_requests} / {len(found)} = {cold_requests / max(1, len(found)):.3f}, "
          f"warm {warm_requests} / {len(found)} = {warm_requests / max(1, len(found)):.3f}, text warm {text_requests}; "
          f"peak memory of the cold scan {max(peak_kb, before) / 1024:.0f} MiB (max RSS)")
    import shutil

    shutil.rmtree(work, ignore_errors=True)  # the generated tree (unless --keep put it elsewhere) and the cache


if __name__ == "__main__":
    main()
