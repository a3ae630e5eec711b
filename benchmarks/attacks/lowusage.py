#!/usr/bin/env python3
"""False flags on real, low-usage names near a popular one: the names a held-out repository is likely to declare.

    python benchmarks/attacks/lowusage.py [--port 18850] [--downloads-port PORT] [--packages /work/.library/env/packages]
                                          [--every 4] [--out FILE] [--top N]

``legit.tsv`` holds popular names only (0 of 300 flagged says little about the packages that are flagged on real
repositories: small, real packages one edit from a popular name: ``fresh-import``, ``konn``, ``cymysql``). This
takes every name of the real package lists (``pypi.tsv``, ``npm.tsv``: nobody on the project wrote them) that is
NOT on depguard's popular list, is no npm security placeholder (``*-security``: a squat npm took down), and that
DG002's index matches to a popular name (the names the rule has an opinion on); one in ``--every`` of them
(by a CRC of the name, so the sample is the same every run) is judged with depguard's own API against mockreg (the
lists' real summaries and latest release month, an invented established history: five yearly releases and the
listed one) and npm's real monthly counts (``downloads_standin.py``). Printed per ecosystem: names, flagged (by
rule), and the share. ``--out`` writes every flagged name with its first reason.

``--top N`` judges the other end instead: npm's N most downloaded names of ``npm.tsv`` and PyPI's ranked names of
``pypi.tsv`` (at most N), every one of which should pass (any rule firing there is a false alarm on a popular name).

These names are not hand-checked: a few may be squats the registries still serve. The figure is the share of real,
existing, unpopular look-alike names that a rule change flags: compare it before and after, with the squat tables
of ``run.py`` beside it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from downloads_standin import Standin, load_counts  # noqa: E402
from run import judge, serve  # noqa: E402

from depguard.checks.typosquat import imitated, popular_index  # noqa: E402
from depguard.config import Thresholds  # noqa: E402
from depguard.names import canonicalize_name  # noqa: E402

FILES = (("pypi", "pypi.tsv"), ("npm", "npm.tsv"))


def candidates(packages: Path, every: int) -> dict[str, list[str]]:
    """ecosystem -> the sampled unpopular names DG002's index matches to a popular name (sorted)."""
    t = Thresholds()
    out: dict[str, list[str]] = {}
    for eco, file in FILES:
        idx = popular_index(eco)
        assert idx is not None
        names = set()
        with (packages / file).open(encoding="utf-8", errors="replace") as fh:
            next(fh)
            for line in fh:
                parts = line.rstrip("\n").split("\t")
                if len(parts) < 2 or not parts[0]:
                    continue
                name = canonicalize_name(parts[0]) if eco == "pypi" else parts[0]
                if zlib.crc32(f"{eco}:{name}".encode()) % every or name in idx.rank or "security" in parts[1]:
                    continue
                if imitated(idx, name, None, t.typosquat_popularity_ratio, t.typosquat_max_rank):
                    names.add(name)
        out[eco] = sorted(names)
    return out


def top(packages: Path, n: int) -> dict[str, list[str]]:
    """ecosystem -> the ``n`` most used names: npm.tsv by monthly downloads, pypi.tsv by its download rank."""
    out: dict[str, list[str]] = {}
    for eco, file in FILES:
        ranked = []
        with (packages / file).open(encoding="utf-8", errors="replace") as fh:
            next(fh)
            for line in fh:
                parts = line.rstrip("\n").split("\t")
                col = parts[2] if eco == "npm" and len(parts) > 2 else parts[3] if len(parts) > 3 else ""
                if col.strip().isdigit():
                    ranked.append((-int(col) if eco == "npm" else int(col), parts[0]))
        out[eco] = [name for _, name in sorted(ranked)[:n]]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=18850, help="mockreg's port")
    ap.add_argument("--downloads-port", type=int, default=None, help="the npm downloads stand-in's port (default --port + 1)")
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--every", type=int, default=4, help="judge one name in this many (default 4)")
    ap.add_argument("--top", type=int, default=0, help="judge the N most used names instead (npm by downloads, PyPI by rank)")
    ap.add_argument("--out", help="write every flagged name (ecosystem, name, verdict, rule, suggestion, reason) here")
    a = ap.parse_args()
    packages = Path(a.packages)
    t0 = time.process_time()
    names = top(packages, a.top) if a.top else candidates(packages, max(a.every, 1))
    print(f"# {f'the top {a.top:,}' if a.top else f'sampled 1 in {a.every}'}: " + ", ".join(f"{e} {len(v):,}" for e, v in names.items())
          + f" ({time.process_time() - t0:.0f} s CPU to match)", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "plant.txt").write_text("")
        proc = serve(a.port, str(packages), Path(tmp) / "plant.txt")
        try:
            with Standin(a.downloads_port or a.port + 1, counts=load_counts(packages), planted={}) as downloads:
                found = judge(names, f"http://127.0.0.1:{a.port}", str(Path(tmp) / "cache"), downloads)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    rows = []
    print("| ecosystem | names | flagged | share | by rule |")
    print("|---|---:|---:|---:|---|")
    for eco, listed in names.items():
        flagged = [(n, found.get((eco, n))) for n in listed]
        flagged = [(n, f) for n, f in flagged if f is None or f.verdict.value != "ok"]
        rules = Counter(f.rule if f is not None else "none" for _, f in flagged)
        print(f"| {'PyPI' if eco == 'pypi' else 'npm'} | {len(listed):,} | {len(flagged):,} "
              f"| {len(flagged) / max(len(listed), 1):.1%} | {', '.join(f'{r} {c}' for r, c in sorted(rules.items()))} |")
        rows += [(eco, n, f.verdict.value if f else "-", f.rule if f else "-", (f.suggestion or "") if f else "",
                  f.reasons[0] if f and f.reasons else "") for n, f in flagged]
    if a.out:
        with open(a.out, "w", encoding="utf-8") as fh:
            fh.write("ecosystem\tname\tverdict\trule\tsuggestion\treason\n")
            fh.writelines("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in r) + "\n" for r in rows)
    return 0


if __name__ == "__main__":
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    raise SystemExit(main())
