#!/usr/bin/env python3
"""Convert the popularity snapshots in ../shared/popular/ into depguard/ecosystems/<id>/popular.txt.

    python scripts/convert_popular.py [--shared ../shared] [--taken 2026-11]

Input: ``pypi.tsv`` (rank, name) and ``npm.tsv`` (rank, name, downloads_a_month), tab-separated with a header
row. Output: depguard's popular-list format (see ``depguard/popular.py``): a ``#`` header, then one name per
line normalised the ecosystem's way, in rank order, with ``<TAB>downloads`` where the snapshot has a count.
Names the ecosystem's name rule rejects are dropped; a name that normalises to one already seen keeps its
better rank. Not shipped in the package.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depguard.ecosystems import load_catalog  # noqa: E402
from depguard.popular import PopularList, write_list  # noqa: E402

SNAPSHOTS = {
    # ecosystem id: (file, source text, downloads column or None)
    "pypi": ("pypi.tsv", "PyPI download ranking snapshot (the 15,000 most downloaded projects), ../shared/popular/pypi.tsv", None),
    "npm": ("npm.tsv", "npm download ranking snapshot (the 30,000 most downloaded packages of a large sample of the "
            "registry), monthly downloads, ../shared/popular/npm.tsv", "downloads_a_month"),
}


def convert(eco_id: str, shared: Path, taken: str) -> PopularList:
    eco = load_catalog(ROOT / "depguard" / "ecosystems").get(eco_id)
    file, source, downloads_col = SNAPSHOTS[eco_id]
    rows = []
    with (shared / "popular" / file).open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            rows.append((int(row["rank"]), row["name"].strip(), row.get(downloads_col) if downloads_col else None))
    rows.sort(key=lambda r: r[0])
    names: list[str] = []
    downloads: list[int | None] = []
    seen: set[str] = set()
    dropped = 0
    for _rank, raw, dl in rows:
        if eco.name_rule.invalid_reason(raw):
            dropped += 1
            continue
        name = eco.name_rule.normalise(raw)
        if name in seen:
            dropped += 1
            continue
        seen.add(name)
        names.append(name)
        downloads.append(int(dl) if dl not in (None, "") else None)
    if dropped:
        print(f"{eco_id}: dropped {dropped} invalid or duplicate names", file=sys.stderr)
    return PopularList(eco_id, tuple(names), tuple(downloads) if downloads_col else None, source=source, taken=taken)


def find_shared() -> Path:
    """The nearest ``shared`` folder with a ``popular/`` inside, looking up from the repository."""
    for folder in ROOT.parents:
        if (folder / "shared" / "popular").is_dir():
            return folder / "shared"
    return ROOT.parent / "shared"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=find_shared(), help="the shared folder holding popular/")
    ap.add_argument("--taken", default="2026-11", help="when the snapshots were taken (YYYY-MM or YYYY-MM-DD)")
    ap.add_argument("ecosystems", nargs="*", default=sorted(SNAPSHOTS))
    args = ap.parse_args(argv)
    for eco_id in args.ecosystems:
        plist = convert(eco_id, args.shared, args.taken)
        out = ROOT / "depguard" / "ecosystems" / eco_id.replace("-", "_") / "popular.txt"
        write_list(plist, out)
        print(f"{eco_id}: {len(plist.names):,} names -> {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
