#!/usr/bin/env python3
"""Measure the typosquat check (DG002) against the shipped popular lists. Run on demand; prints figures.

    python benchmarks/typosquat.py [--top 5000] [--split holdout|tune] [--seed N] [--shared ../shared]

1. speed: names judged per second against the full PyPI and npm lists (index built once, then timed apart);
2. false positives: every one of the top ``--top`` popular names judged against all the others, with its
   own popularity (its rank or download count), at the default popularity ratio;
3. detection: typos generated from popular names with the squatters' transformations. Names are split by
   a stable hash into a tuning half and a held-out half, and the held-out run uses its own seed: the default
   (``--split holdout``) is the one reported; ``--split tune`` is the one to tune against;
4. with ``../shared`` present: LibraryHalluBench's labelled typos (is the suggestion the base library?) and
   its real alternatives (how many are flagged), and how many natural hallucinations get a suggestion.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depguard.checks.typosquat import KEYBOARD, PopularIndex, imitated, popular_index  # noqa: E402
from depguard.config import Thresholds  # noqa: E402
from depguard.ecosystems import catalog  # noqa: E402

RATIO = Thresholds().typosquat_popularity_ratio
SEEDS = {"tune": 1, "holdout": 2026}
AFFIXES = {  # (prefixes, suffixes) a squatter adds, per ecosystem
    "pypi": (("py-", "python-", "py"), ("-python", "-py", "2", "3")),
    "npm": (("node-", "js-"), ("-js", ".js", "-node", "2", "3")),
}
REMOVABLE = ("python-", "py-", "node-", "js-", "-python", "-py", "-js", ".js", "-node")
GLYPHS = (("m", "rn"), ("l", "1"), ("o", "0"), ("w", "vv"))
SEPS = "-_."


def in_split(name: str, split: str) -> bool:
    return (zlib.crc32(name.encode()) % 2 == 1) == (split == "holdout")


def _letters(name: str) -> list[int]:
    start = name.index("/") + 1 if name.startswith("@") and "/" in name else 0
    return [i for i in range(start, len(name)) if "a" <= name[i] <= "z"]


def transform(name: str, kind: str, eco: str, rng: random.Random) -> str | None:
    """One squatter's transformation of ``name``, or None when it does not apply."""
    pos = _letters(name)
    if kind == "transposition":
        pairs = [i for i in pos if i + 1 < len(name) and name[i + 1].isalpha() and name[i] != name[i + 1]]
        if not pairs:
            return None
        i = rng.choice(pairs)
        return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    if kind == "omission":
        if len(pos) < 2:
            return None
        i = rng.choice(pos)
        return name[:i] + name[i + 1:]
    if kind == "repetition":
        if not pos:
            return None
        i = rng.choice(pos)
        return name[:i] + name[i] + name[i:]
    if kind == "keyboard":
        if not pos:
            return None
        i = rng.choice(pos)
        return name[:i] + rng.choice(sorted(c for c in KEYBOARD.get(name[i], ()) if c.isalpha())) + name[i + 1:]
    if kind == "homoglyph":
        options = [(a, b) for a, b in GLYPHS if a in name]
        if not options:
            return None
        a, b = rng.choice(options)
        spots = [i for i in range(len(name)) if name.startswith(a, i)]
        i = rng.choice(spots)
        return name[:i] + b + name[i + len(a):]
    if kind == "separator":
        spots = [i for i in range(len(name)) if name[i] in SEPS]
        if not spots:
            return None
        i = rng.choice(spots)
        if eco == "npm" and rng.random() < 0.5:
            return name[:i] + rng.choice([s for s in SEPS if s != name[i]]) + name[i + 1:]
        return name[:i] + name[i + 1:]
    if kind == "affix-added":
        prefixes, suffixes = AFFIXES[eco]
        affix = rng.choice(prefixes + suffixes)
        if name.startswith("@"):
            return None
        return affix + name if affix in prefixes else name + affix
    if kind == "affix-removed":
        for a in REMOVABLE:
            if name.startswith(a) and len(name) > len(a) + 2:
                return name[len(a):]
            if name.endswith(a) and len(name) > len(a) + 2:
                return name[: -len(a)]
        if name[-1] in "23" and name[-2].isalpha():
            return name[:-1]
        return None
    if kind == "reorder":
        if name.startswith("@"):
            return None
        tokens = [t for t in name.replace("_", "-").replace(".", "-").split("-") if t]
        if len(tokens) < 2:
            return None
        return "-".join(tokens[1:] + tokens[:1])
    if kind == "scope":
        if eco != "npm":
            return None
        if name.startswith("@") and "/" in name:
            scope, _, rest = name[1:].partition("/")
            return f"{scope}-{rest}" if rng.random() < 0.7 else f"{scope}{rest}"
        if "-" in name:
            scope, _, rest = name.partition("-")
            return f"@{scope}/{rest}"
        return None
    raise ValueError(kind)


KINDS = ("transposition", "omission", "repetition", "keyboard", "homoglyph", "separator", "affix-added",
         "affix-removed", "reorder", "scope")


def typo_set(eco_id: str, idx: PopularIndex, top: int, split: str, seed: int) -> list[tuple[str, str, str]]:
    """(typo, target, kind): every applicable transformation once per held-out name."""
    eco = catalog().get(eco_id)
    rng = random.Random(seed)
    popular = {n.lower() for n in idx.names}
    out = []
    for target in idx.names[:top]:
        if not in_split(target, split):
            continue
        for kind in KINDS:
            raw = transform(target, kind, eco_id, rng)
            if raw is None or eco.name_rule.invalid_reason(raw):
                continue
            typo = eco.name_rule.normalise(raw)
            if typo.lower() in popular or typo == target:
                continue
            out.append((typo, target, kind))
    return out


def judge(idx: PopularIndex, name: str, downloads: int | None = None):
    return imitated(idx, name, idx.popularity_of(name, downloads), RATIO)


def bench_speed(indexes: dict[str, PopularIndex], samples: dict[str, list[str]]) -> None:
    print("## speed (names judged per second, index already built)")
    for eco, idx in indexes.items():
        names = samples[eco]
        idx.__dict__.pop("_matched", None)  # the index remembers names it matched: time fresh ones
        t = time.perf_counter()
        for n in names:
            judge(idx, n)
        dt = time.perf_counter() - t
        print(f"{eco:5} {len(names):6,} names against {len(idx):,} popular: {len(names) / dt:8,.0f} names/s")


def bench_false_positives(indexes: dict[str, PopularIndex], top: int) -> None:
    print(f"\n## false positives: each of the top {top:,} judged against the others (ratio {RATIO:g})")
    for eco, idx in indexes.items():
        flagged = [(n, ms[0]) for n in idx.names[:top] if (ms := judge(idx, n))]
        print(f"{eco:5} {len(flagged):4} of {top:,} flagged = {100 * len(flagged) / top:.2f}%  "
              + ", ".join(f"{n}->{m.target}" for n, m in flagged[:12]) + (" ..." if len(flagged) > 12 else ""))


def bench_detection(indexes: dict[str, PopularIndex], top: int, split: str, seed: int) -> dict[str, list[str]]:
    print(f"\n## detection: typos of the top {top:,} names, {split} half, seed {seed}")
    samples = {}
    for eco, idx in indexes.items():
        typos = typo_set(eco, idx, top, split, seed)
        samples[eco] = [t for t, _, _ in typos]
        hit, right = Counter(), Counter()
        total = Counter(k for _, _, k in typos)
        misses = []
        for typo, target, kind in typos:
            ms = judge(idx, typo)
            if any(m.target == target for m in ms):
                hit[kind] += 1
                right[kind] += ms[0].target == target
            else:
                misses.append(f"{typo}({target})")
        n = len(typos)
        print(f"{eco:5} {n:,} typos: detected {100 * sum(hit.values()) / n:.1f}%, "
              f"suggestion is the target {100 * sum(right.values()) / n:.1f}%")
        print("      " + ", ".join(f"{k} {100 * hit[k] / total[k]:.0f}% of {total[k]}" for k in KINDS if total[k]))
        print("      missed e.g.: " + ", ".join(misses[:10]))
    return samples


def bench_corpora(indexes: dict[str, PopularIndex], shared: Path) -> None:
    base = shared / "corpora" / "hallucinations"
    labelled = base / "realistic-library-hallucinations" / "library_names_labelled.csv"
    if not labelled.is_file():
        print("\n(../shared corpora not found: skipped)")
        return
    eco = catalog().get("pypi")
    idx = indexes["pypi"]
    print("\n## LibraryHalluBench (PyPI): labelled typos and real alternatives")
    rows: dict[str, tuple[str, str]] = {}
    with labelled.open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = row["name"].strip()
            if not eco.name_rule.invalid_reason(name):
                rows.setdefault(eco.name_rule.normalise(name), (row["label"], eco.name_rule.normalise(row["base_library"])))
    for label in ("typo_1char", "typo_multichar"):
        items = [(n, b) for n, (lab, b) in rows.items() if lab == label and n not in idx.rank]
        right = sum(1 for n, b in items if (ms := judge(idx, n)) and ms[0].target == b)
        flagged = sum(1 for n, _ in items if judge(idx, n))
        print(f"{label:15} {len(items):5} unlisted names: suggestion = base library {100 * right / len(items):.1f}%, "
              f"any suggestion {100 * flagged / len(items):.1f}%")
    real = [n for n, (lab, _) in rows.items() if lab == "real_alternative"]
    flagged_real = [n for n in real if judge(idx, n)]
    listed = [n for n in real if n in idx.rank]
    print(f"real_alternative {len(real):4} names ({len(listed)} on the popular list): flagged "
          f"{100 * len(flagged_real) / len(real):.1f}% (unlisted ones are judged as unpopular, with no history)")
    print("\n## natural hallucinations (missing names): share that gets a did-you-mean")
    halluc = base / "realistic-library-hallucinations" / "hallucinated_names.csv"
    by_eco: dict[str, set[str]] = {"pypi": set(), "npm": set()}
    with halluc.open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            e = {"PyPI": "pypi", "npm": "npm"}.get(row["ecosystem"])
            if e:
                by_eco[e].add(row["name"].strip())
    for e, names in by_eco.items():
        rule = catalog().get(e).name_rule
        keys = {rule.normalise(n) for n in names if not rule.invalid_reason(n)}
        hinted = [n for n in keys if judge(indexes[e], n)]
        print(f"{e:5} {len(keys):4} names: {100 * len(hinted) / len(keys):.1f}% get a suggestion, e.g. "
              + ", ".join(f"{n}->{judge(indexes[e], n)[0].target}" for n in sorted(hinted)[:6]))


def find_shared() -> Path:
    for folder in ROOT.parents:
        if (folder / "shared" / "corpora").is_dir():
            return folder / "shared"
    return ROOT.parent / "shared"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=5000)
    ap.add_argument("--split", choices=SEEDS, default="holdout")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--shared", type=Path, default=find_shared())
    args = ap.parse_args(argv)
    seed = SEEDS[args.split] if args.seed is None else args.seed
    t = time.perf_counter()
    indexes = {e: popular_index(e) for e in ("pypi", "npm")}
    print(f"index build: {time.perf_counter() - t:.2f}s for {sum(len(i) for i in indexes.values()):,} popular names\n")
    bench_false_positives(indexes, args.top)
    samples = bench_detection(indexes, args.top, args.split, seed)
    print()
    bench_speed(indexes, {e: samples[e] + list(indexes[e].names[: args.top]) for e in indexes})
    bench_corpora(indexes, args.shared)
    return 0


if __name__ == "__main__":
    sys.exit(main())
