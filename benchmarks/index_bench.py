#!/usr/bin/env python3
"""The offline index (issue 7): existence checks per second, and size on disk per million names.
Run on demand; prints figures. Names are synthetic (PyPI-shaped), so nothing is downloaded:

    python benchmarks/index_bench.py                  # 1,000,000 names, 200,000 checks
    python benchmarks/index_bench.py --names 200000 --checks 50000

Figures:
  1. build: names per second into the index (``depguard index build``'s path, name normalisation included)
  2. size on disk, and size per million names
  3. checks per second, one name per query (NameIndex.contains), half present and half absent
  4. checks per second in bulk (NameIndex.contains_many, as ``--offline`` asks: one query per 500 names)
  5. offline answers per second end to end (depguard.index.offline_answers: keys in, RegistryAnswers out)
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from depguard.config import Settings  # noqa: E402
from depguard.ecosystems import catalog  # noqa: E402
from depguard.index import build, index_path, offline_answers, open_index  # noqa: E402

WORDS = ["py", "django", "flask", "async", "data", "json", "yaml", "http", "test", "lib", "tools", "client", "api",
         "core", "utils", "cli", "aws", "azure", "google", "cloud", "ml", "torch", "plugin", "sdk", "parser", "fast"]


def names(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        parts = rng.sample(WORDS, rng.randint(1, 3))
        out.append("-".join(parts) + f"-{i:x}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--names", type=int, default=1_000_000)
    ap.add_argument("--checks", type=int, default=200_000)
    a = ap.parse_args()

    eco = catalog().get("pypi")
    present = names(a.names, 1)
    with tempfile.TemporaryDirectory(prefix="depguard-index-bench-") as tmp:
        folder = Path(tmp)
        t = time.perf_counter()
        info = build(eco, present, "synthetic", folder)
        built = time.perf_counter() - t
        size = index_path("pypi", folder).stat().st_size
        print(f"index: {info.count:,} names ({a.names:,} generated)")
        print(f"1. build: {built:.1f} s = {info.count / built:,.0f} names/s")
        print(f"2. size on disk: {size / 2**20:.1f} MiB = {size / 2**20 / (info.count / 1e6):.1f} MiB per million names")

        rng = random.Random(2)
        half = a.checks // 2
        wanted = [eco.name_rule.normalise(n) for n in rng.sample(present, half)] + [f"absent-{i}-x" for i in range(half)]
        rng.shuffle(wanted)
        idx = open_index("pypi", folder)
        assert idx is not None
        t = time.perf_counter()
        hits = sum(1 for n in wanted if idx.contains(n))
        one = time.perf_counter() - t
        t = time.perf_counter()
        bulk_hits = len(idx.contains_many(wanted))
        bulk = time.perf_counter() - t
        idx.close()
        assert hits == bulk_hits == half, (hits, bulk_hits, half)
        print(f"3. checks one by one: {len(wanted) / one:,.0f} names/s ({len(wanted):,} names, {hits:,} present)")
        print(f"4. checks in bulk: {len(wanted) / bulk:,.0f} names/s")

        keys = [eco.key(n) for n in wanted]
        settings = Settings(now=datetime.now(timezone.utc))
        t = time.perf_counter()
        got = offline_answers(keys, settings, folder)
        end_to_end = time.perf_counter() - t
        assert len(got) == len(keys)
        print(f"5. offline answers end to end: {len(keys) / end_to_end:,.0f} names/s")


if __name__ == "__main__":
    main()
