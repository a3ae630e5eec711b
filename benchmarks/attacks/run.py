#!/usr/bin/env python3
"""Measure DG002 on real attacks: squats.tsv (real malicious look-alikes, each with its target), legit.tsv
(legitimate close names on the popular lists) and legit_unlisted.tsv (real dependencies of real repositories
near a popular name and not on the lists), served by stand-in registries at several ages.

    python benchmarks/attacks/run.py [--port 18850] [--downloads-port PORT] [--packages /work/.library/env/packages]
                                     [--levels 0,1000,20000] [--no-described] [--squats FILE] [--show-misses]

For each age (missing; 10 days/1 release; 90 days/3 releases; 800 days/6 releases) the squats are planted in
``/work/shared/tools/mockreg.py --plant`` (the legitimate names are served from the real package lists, with
mockreg's established history). npm's download counts come from ``benchmarks/downloads_standin.py`` on the
next port: the real monthly counts of ``npm.tsv`` for every listed name, and for the planted npm squats the
figure of each ``--levels`` entry (one full run per level). Every name is judged with depguard's own API
against those servers (a fresh cache per run), and a table is printed per ecosystem, age and level: squats
flagged, flagged with the right "did you mean", legitimate names flagged. PyPI publishes no download counts,
so its rows do not depend on the level and are printed once. ``--show-misses`` lists what was missed.

Why those levels: the 2017 npm squats still served (as npm's security placeholders) had 500-1,900 downloads
a month in the npm.tsv snapshot, the long-lived ``loadsh`` 37,293 and ``crossenv`` 10,533; 0 is a squat
nobody has installed yet, 1,000 a typical squat, 20,000 one that has found users (the ``loadsh`` order).

A second table (``--described``, the default) plants the same squats again WITH a registry description, as
sleepers (800 days old: six releases, the last today; or one release 800 days ago), for each kind of description
of ``described.py`` (copied from the target, paraphrased from it, an unrelated real package's own words): the
measure of DG002's own-description excuse against squats whose authors wrote a description.
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
sys.path.insert(0, str(HERE.parent))
from downloads_standin import Standin, load_counts  # noqa: E402

sys.path.insert(0, str(HERE))
import described  # noqa: E402

CONFIG = ""  # --config: a depguard config file every judgement reads (its [thresholds])
AGES = (("missing", 0, 0), ("10d/1", 10, 1), ("90d/3", 90, 3), ("800d/6", 800, 6))


def read(name: str) -> list[dict[str, str]]:
    with open(HERE / name, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def serve(port: int, packages: str, plant: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(MOCKREG), str(port), "--packages", packages, "--plant", str(plant)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # mockreg reads every real name list before it listens: on a loaded machine (eight helpers on two
    # cores) that took over 30 s, so the wait is by the clock, and an exit (port taken) ends it at once.
    end = time.monotonic() + 180
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"mockreg exited ({proc.returncode}) before serving port {port}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/__hits", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit(f"mockreg did not start on port {port} within 180 s")


def judge(names_by_eco: dict[str, list[str]], registry: str, cache: str, downloads: str) -> dict[tuple[str, str], object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "GITHUB_", "GH_"))}
    env.update(DEPGUARD_REGISTRY_PYPI=registry, DEPGUARD_REGISTRY_NPM=registry, DEPGUARD_CACHE_DIR=cache,
               DEPGUARD_REGISTRY_NPM_DOWNLOADS=downloads)
    if CONFIG:
        env["DEPGUARD_CONFIG"] = CONFIG
    settings = load_settings(None, environ=env)
    out = {}
    for eco, names in names_by_eco.items():
        report = check_names(names, ecosystem=eco, settings=settings)
        for f in report.findings:
            out[(eco, f.mention.written)] = f
    return out


def score(found: dict, squats: list[dict], legit: list[dict], eco: str) -> tuple[int, int, list, list]:
    """(flagged, flagged with the right target, squats missed, legitimate names flagged) for one ecosystem."""
    flagged = right = 0
    missed, bad = [], []
    for r in (r for r in squats if r["ecosystem"] == eco):
        f = found.get((eco, r["name"]))
        hit = f is not None and f.verdict.value not in ("ok", "allowed")
        good = hit and (f.suggestion or "").lower() == r["target"].lower()
        flagged += hit
        right += good
        if not good:
            missed.append((r["name"], r["target"], f))
    for r in (r for r in legit if r["ecosystem"] == eco):
        f = found.get((eco, r["name"]))
        if f is None or f.verdict.value != "ok":
            bad.append((r["name"], "(legit)", f))
    return flagged, right, missed, bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=18850, help="mockreg's port")
    ap.add_argument("--downloads-port", type=int, default=None, help="the npm downloads stand-in's port (default --port + 1)")
    ap.add_argument("--described", action=argparse.BooleanOptionalAction, default=True,
                    help="also measure squats planted with descriptions (copied, paraphrased, original) as sleepers")
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--levels", default="0,1000,20000", help="monthly downloads of the planted npm squats, one run each")
    ap.add_argument("--squats", default="squats.tsv",
                    help="the squats (ecosystem, name, target, source; default squats.tsv beside this file; "
                         "slopsquats.py writes LLM misspellings in this shape)")
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--sleepers", default="",
                    help="the described squats' histories instead of described.py's SLEEPERS: AGE/RELEASES/QUIET days, "
                         "comma-separated (e.g. 1200/6/0,1200/6/90: squats kept up longer than the long-history rule's "
                         "three years)")
    ap.add_argument("--config", default="", help="a depguard config file (e.g. [thresholds] typosquat-long-history-days = 0)")
    a = ap.parse_args()
    global CONFIG
    CONFIG = a.config
    levels = [int(x) for x in a.levels.split(",") if x.strip()]
    dl_port = a.downloads_port or a.port + 1
    squats, legit, unlisted = read(a.squats), read("legit.tsv"), read("legit_unlisted.tsv")
    names: dict[str, list[str]] = defaultdict(list)
    for r in squats + legit + unlisted:
        names[r["ecosystem"]].append(r["name"])
    registry = f"http://127.0.0.1:{a.port}"
    counts = load_counts(a.packages)
    table = []
    misses = []
    total_names = total_secs = 0.0
    for level in levels:
        for label, age, rel in AGES:
            with tempfile.TemporaryDirectory() as tmp:
                plant = Path(tmp) / "plant.txt"
                plant.write_text("".join(f"{r['ecosystem']} {r['name']} {max(age, 1)} {rel}\n" for r in squats))
                planted = {r["name"]: level for r in squats if r["ecosystem"] == "npm" and rel > 0}
                proc = serve(a.port, a.packages, plant)
                try:
                    with Standin(dl_port, counts=counts, planted=planted) as downloads:
                        t0 = time.perf_counter()
                        found = judge(names, registry, str(Path(tmp) / "cache"), downloads)
                        total_secs += time.perf_counter() - t0
                        total_names += sum(len(v) for v in names.values())
                finally:
                    proc.terminate()
                    proc.wait(timeout=10)
            for eco in ("pypi", "npm"):
                if eco == "pypi" and level != levels[0]:
                    continue  # no download counts on PyPI: the level changes nothing
                fl, rt, missed, bad = score(found, squats, legit, eco)
                _, _, _, bad_unlisted = score(found, [], unlisted, eco)
                n = sum(r["ecosystem"] == eco for r in squats)
                table.append((eco, label, "-" if eco == "pypi" else f"{level:,}", n, fl, rt,
                              sum(r["ecosystem"] == eco for r in legit), len(bad),
                              sum(r["ecosystem"] == eco for r in unlisted), len(bad_unlisted)))
                for name, target, f in missed + bad + [(n_, "(legit, unlisted)", f) for n_, _, f in bad_unlisted]:
                    misses.append((label, eco, level, name, target, f.verdict.value if f else "-",
                                   f.suggestion if f else None, "; ".join(f.reasons[:1]) if f else ""))
    print("| ecosystem | age / releases | squat downloads a month | squats | flagged | right \"did you mean\" "
          "| legitimate (listed) | flagged | legitimate (real repositories, unlisted) | flagged |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    order = [x[0] for x in AGES]
    for eco, label, lvl, n, fl, rt, nl, bad, nu, badu in sorted(
            table, key=lambda t: (t[0] != "pypi", -1 if t[2] == "-" else int(t[2].replace(",", "")), order.index(t[1]))):
        print(f"| {'PyPI' if eco == 'pypi' else 'npm'} | {label} | {lvl} | {n} | {fl} ({fl / max(n, 1):.0%}) | {rt} ({rt / max(n, 1):.0%}) "
              f"| {nl} | {bad} | {nu} | {badu} |")
    print(f"\n{total_names:,.0f} names judged in {total_secs:.1f} s against the loopback servers "
          f"({total_names / total_secs:,.0f} names a second, lookups included)")
    if a.described:
        misses += described_table(a, squats, levels, registry, counts, dl_port)
    if a.show_misses:
        for m in misses:
            print("\t".join(str(x) for x in m))
    return 0


def sleepers(spec: str) -> tuple[tuple[str, int, int, int], ...]:
    """``--sleepers`` as (label, age, releases, quiet days); described.py's SLEEPERS when empty."""
    if not spec.strip():
        return described.SLEEPERS
    out = []
    for part in spec.split(","):
        age, rel, quiet = (int(x) for x in part.strip().split("/"))
        out.append((f"{age}d/{rel}, last {quiet}d ago", age, rel, quiet))
    return tuple(out)


def described_table(a: argparse.Namespace, squats: list[dict], levels: list[int], registry: str,
                    counts: dict[str, int], dl_port: int) -> list[tuple]:
    """The squats planted with descriptions (described.py), per kind of description, sleeper history and level."""
    known = described.summaries(Path(a.packages))
    names: dict[str, list[str]] = defaultdict(list)
    for r in squats:
        names[r["ecosystem"]].append(r["name"])
    rows, misses = [], []
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "plant.txt").write_text("")
        proc = serve(a.port, a.packages, Path(tmp) / "plant.txt")
        try:
            for style in described.STYLES:
                texts = described.descriptions(squats, style, known)
                for label, age, rel, quiet in sleepers(a.sleepers):
                    docs = {(r["ecosystem"], r["name"]): (texts[r["name"]], age, rel, quiet) for r in squats}
                    for level in levels:
                        planted = {r["name"]: level for r in squats if r["ecosystem"] == "npm"}
                        with described.Registry(registry, docs) as url, \
                                Standin(dl_port, counts=counts, planted=planted) as downloads:
                            found = judge(names, url, str(Path(tmp) / f"cache-{style}-{age}-{rel}-{level}"), downloads)
                        for eco in ("pypi", "npm"):
                            if eco == "pypi" and level != levels[0]:
                                continue
                            fl, rt, missed, _ = score(found, squats, [], eco)
                            n = sum(r["ecosystem"] == eco for r in squats)
                            described_n = sum(bool(texts[r["name"]]) for r in squats if r["ecosystem"] == eco)
                            rows.append((eco, style, label, "-" if eco == "pypi" else f"{level:,}", n, described_n, fl, rt))
                            for name, target, f in missed:
                                misses.append((f"{style} {label}", eco, level, name, target, f.verdict.value if f else "-",
                                               f.suggestion if f else None,
                                               f"description {texts[name][:60]!r}; " + ("; ".join(f.reasons[:1]) if f else "")))
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print("\nSquats planted WITH a description (described.py), as sleepers:\n")
    print("| ecosystem | description | history | squat downloads a month | squats | with a description | flagged "
          "| right \"did you mean\" |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for eco, style, label, lvl, n, dn, fl, rt in rows:
        print(f"| {'PyPI' if eco == 'pypi' else 'npm'} | {style} | {label} | {lvl} | {n} | {dn} | {fl} ({fl / max(n, 1):.0%}) "
              f"| {rt} ({rt / max(n, 1):.0%}) |")
    return misses


if __name__ == "__main__":
    raise SystemExit(main())
