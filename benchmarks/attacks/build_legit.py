#!/usr/bin/env python3
"""Write legit.tsv: real, legitimate packages whose names are close to a more popular package's name.

Source: the shipped popular lists themselves (depguard/ecosystems/<id>/popular.txt), i.e. packages that real projects
depend on in large numbers. A name is kept when a MORE popular name of the same list is within two edits of it
(optimal string alignment on the name without separators), or equals it after a separator change, or differs
from it by one word affix. Deterministic; run again after a list update:

    python benchmarks/attacks/build_legit.py [--per-eco 150]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from rapidfuzz import process
from rapidfuzz.distance import OSA

ROOT = Path(__file__).resolve().parents[2]
SEP = re.compile(r"[-_.@/]+")


def names(eco: str) -> list[str]:
    out = []
    for line in (ROOT / "depguard" / "ecosystems" / eco / "popular.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            out.append(line.split("\t")[0].strip())
    return out


def close_pairs(eco: str, per_eco: int) -> list[tuple[str, str]]:
    pop = names(eco)
    skel = [SEP.sub("", n.lower()) for n in pop]
    pairs = []
    for j in range(1, len(pop)):
        s = skel[j]
        if len(s) < 5:  # very short names are close to everything: not informative
            continue
        limit = 1 if len(s) <= 8 else 2
        hits = process.extract(s, skel[:j], scorer=OSA.distance, score_cutoff=limit, limit=1)
        if hits:
            pairs.append((pop[j], pop[hits[0][2]]))
    # spread the sample over the whole list: every k-th pair
    step = max(1, len(pairs) // per_eco)
    return pairs[::step][:per_eco]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-eco", type=int, default=150)
    a = ap.parse_args()
    rows = ["ecosystem\tname\tclose_to\tsource"]
    for eco in ("pypi", "npm"):
        for name, near in close_pairs(eco, a.per_eco):
            rows.append(f"{eco}\t{name}\t{near}\tdepguard/ecosystems/{eco}/popular.txt (both listed; {near} more popular)")
    out = Path(__file__).with_name("legit.tsv")
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"{len(rows) - 1} legitimate close names -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
