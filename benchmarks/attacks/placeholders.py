#!/usr/bin/env python3
"""DG003's "description says placeholder" on real descriptions: every summary of the real package lists that fires.

    python benchmarks/attacks/placeholders.py [--packages /work/.library/env/packages] [--show N] [--grep REGEX]

Reads ``npm.tsv`` and ``pypi.tsv`` (the summaries the registries serve; nobody on the project wrote them) and runs
:func:`depguard.checks.unestablished.says_placeholder` on each. Printed per ecosystem: summaries read, how many fire,
how many of those belong to names on depguard's popular list (the rule never fires for those: usage evidence) and
how many are npm security holding packages. ``--show N`` prints N firing summaries (a deterministic sample) to
review by hand; ``--grep REGEX`` only those matching REGEX (e.g. ``'bounty|research|squat'``).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from depguard.checks.typosquat import popular_index  # noqa: E402
from depguard.checks.unestablished import says_placeholder  # noqa: E402

FILES = (("npm", "npm.tsv", 3), ("pypi", "pypi.tsv", 4))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--show", type=int, default=0)
    ap.add_argument("--grep", default="")
    a = ap.parse_args()
    pick = re.compile(a.grep, re.I) if a.grep else None
    print("| ecosystem | summaries | say placeholder | of them popular | of them security holding |")
    print("|---|---:|---:|---:|---:|")
    shown = []
    for eco, file, col in FILES:
        idx = popular_index(eco)
        read = 0
        hits: list[tuple[str, str, str]] = []
        with (Path(a.packages) / file).open(encoding="utf-8", errors="replace") as fh:
            next(fh)
            for line in fh:
                parts = line.rstrip("\n").split("\t")
                if len(parts) <= col or not parts[col]:
                    continue
                read += 1
                if says_placeholder(parts[col]):
                    hits.append((parts[0], parts[1], parts[col]))
        popular = sum(idx is not None and n in idx.rank for n, _, _ in hits)
        held = sum("security" in v for _, v, _ in hits)
        print(f"| {eco} | {read:,} | {len(hits):,} | {popular} | {held} |")
        shown += [(eco, n, d) for n, _, d in hits if pick is None or pick.search(d)]
    if a.show:
        for eco, name, text in sorted(random.Random(0).sample(shown, min(a.show, len(shown)))):
            print(f"{eco}\t{name}\t{text[:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
