#!/usr/bin/env python3
"""Slopsquat candidates from LibraryHalluBench: the misspellings an LLM writes for a real PyPI library, as squats.

    python benchmarks/attacks/slopsquats.py > /tmp/slopsquats.tsv
    python benchmarks/attacks/run.py --squats /tmp/slopsquats.tsv --no-legit ...

Reads ``library_names_labelled.csv`` of the LibraryHalluBench corpus (Twist et al., *Library Hallucinations in
LLMs*, CC BY 4.0; ``/work/shared/corpora/hallucinations/realistic-library-hallucinations``): every name labelled
``typo_1char`` or ``typo_multichar`` (absent from PyPI when the authors checked), once, with the real library it
misspells as the target. Registered by an attacker, each would be a squat that an LLM's answer sends users to;
``run.py`` plants them at its ages and judges them as it judges ``squats.tsv``. Written in ``squats.tsv``'s
columns (ecosystem, name, target, source).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

CORPUS = Path("/work/shared/corpora/hallucinations/realistic-library-hallucinations/library_names_labelled.csv")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    a = ap.parse_args(argv)
    seen: set[str] = set()
    out = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    out.writerow(("ecosystem", "name", "target", "source"))
    with a.corpus.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            name = row["name"].strip()
            if row["label"] in ("typo_1char", "typo_multichar") and name and name.lower() not in seen:
                seen.add(name.lower())
                out.writerow(("pypi", name, row["base_library"].strip(), f"LibraryHalluBench {row['label']}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
