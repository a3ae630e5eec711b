#!/usr/bin/env python3
"""Measure DG002 on real attacks: squats.tsv (real malicious look-alikes, each with its target) and legit.tsv
(legitimate close names), served by the stand-in registry at several ages.

    python benchmarks/attacks/run.py [--port 18809] [--packages /work/.library/env/packages]

For each age (missing; 10 days/1 release; 90 days/3 releases; 800 days/6 releases) the squats are planted in
``/work/shared/tools/mockreg.py --plant`` (the legitimate names are served from the real package lists, with
mockreg's established history), every name is judged with depguard's own API against that registry (a fresh
cache per run), and a table is printed per ecosystem and age: squats flagged, flagged with the right "did you
mean", legitimate names flagged. ``--show-misses`` lists what was missed.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from depguard.api import check_names  # noqa: E402
from depguard.config import load_settings  # noqa: E402

MOCKREG = Path("/work/shared/tools/mockreg.py")
AGES = (("missing", 0, 0), ("10d/1", 10, 1), ("90d/3", 90, 3), ("800d/6", 800, 6))


def read(name: str) -> list[dict[str, str]]:
    with open(HERE / name, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def serve(port: int, packages: str, plant: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(MOCKREG), str(port), "--packages", packages, "--plant", str(plant)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/__hits", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"mockreg did not start on port {port}")


def judge(names_by_eco: dict[str, list[str]], registry: str, cache: str) -> dict[tuple[str, str], object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "GITHUB_", "GH_"))}
    env.update(DEPGUARD_REGISTRY_PYPI=registry, DEPGUARD_REGISTRY_NPM=registry, DEPGUARD_CACHE_DIR=cache)
    settings = load_settings(None, environ=env)
    out = {}
    for eco, names in names_by_eco.items():
        report = check_names(names, ecosystem=eco, settings=settings)
        for f in report.findings:
            out[(eco, f.mention.written)] = f
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=18809)
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--show-misses", action="store_true")
    a = ap.parse_args()
    squats, legit = read("squats.tsv"), read("legit.tsv")
    names: dict[str, list[str]] = defaultdict(list)
    for r in squats + legit:
        names[r["ecosystem"]].append(r["name"])
    registry = f"http://127.0.0.1:{a.port}"
    table = []
    misses = []
    for label, age, rel in AGES:
        with tempfile.TemporaryDirectory() as tmp:
            plant = Path(tmp) / "plant.txt"
            plant.write_text("".join(f"{r['ecosystem']} {r['name']} {max(age, 1)} {rel}\n" for r in squats))
            proc = serve(a.port, a.packages, plant)
            try:
                t0 = time.perf_counter()
                found = judge(names, registry, str(Path(tmp) / "cache"))
                secs = time.perf_counter() - t0
            finally:
                proc.terminate()
                proc.wait(timeout=10)
        for eco in ("pypi", "npm"):
            sq = [r for r in squats if r["ecosystem"] == eco]
            lg = [r for r in legit if r["ecosystem"] == eco]
            flagged = right = 0
            for r in sq:
                f = found.get((eco, r["name"]))
                hit = f is not None and f.verdict.value not in ("ok", "allowed")
                good = hit and (f.suggestion or "").lower() == r["target"].lower()
                flagged += hit
                right += good
                if not good:
                    misses.append((label, eco, r["name"], r["target"], f.verdict.value if f else "-",
                                   (f.suggestion if f else None), "; ".join(f.reasons[:1]) if f else ""))
            bad = [r["name"] for r in lg if (f := found.get((eco, r["name"]))) is None or f.verdict.value != "ok"]
            misses.extend((label, eco, n, "(legit)", found[(eco, n)].verdict.value if (eco, n) in found else "-",
                           None, "; ".join(found[(eco, n)].reasons[:1]) if (eco, n) in found else "")
                          for n in bad)
            table.append((eco, label, len(sq), flagged, right, len(lg), len(bad), secs))
    print("| ecosystem | age/releases | squats | flagged | right \"did you mean\" | legit | legit flagged |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for eco, label, n, fl, rt, nl, bad, _ in sorted(table, key=lambda t: (t[0] != "pypi", [x[0] for x in AGES].index(t[1]))):
        print(f"| {eco} | {label} | {n} | {fl} ({fl / n:.0%}) | {rt} ({rt / n:.0%}) | {nl} | {bad} |")
    if a.show_misses:
        for m in misses:
            print("\t".join(str(x) for x in m))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
