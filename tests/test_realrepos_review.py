"""The real-repository benchmark's data stays usable: every reviewed flag has a verdict, a cause and a reason,
and names only repositories the benchmark scans (benchmarks/realrepos/, README 'Measured on real repositories')."""

from __future__ import annotations

import csv
import re
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "benchmarks" / "realrepos"
VERDICTS = {"true-problem", "false-alarm", "stand-in"}
HELD_OUT = tuple(sorted(p.name for p in HERE.glob("heldout*.tsv")))  # heldout.tsv, heldout2.tsv, heldout3.tsv …


def rows(name: str) -> list[dict]:
    with (HERE / name).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader((line for line in fh if not line.startswith("#")), delimiter="\t"))


def test_every_review_row_is_complete_and_names_a_scanned_repository():
    repos = {r["name"]: r["commit"] for name in ("repos.tsv", *HELD_OUT) for r in rows(name)}
    review = rows("review.tsv")
    assert review
    seen = set()
    for row in review:
        key = (row["repository"], row["ecosystem"], row["name"], row.get("rule") or "")
        assert key not in seen, key
        seen.add(key)
        assert row["verdict"] in VERDICTS, row
        assert row["category"] and row["why"] and row["where"], row
        assert repos[row["repository"]].startswith(row["commit"]), row
        if row["verdict"] == "stand-in":  # a real name needs its evidence (a second source when this machine's
            # registry answers 404: ALERT-npm-404, session 32)
            assert re.search(r"lockfile entry|npm view|JSON API answers 200|shows it published", row["why"]), row


def test_the_held_out_lists_name_other_repositories_than_the_corpus_and_each_other():
    seen = rows("repos.tsv")
    for name in HELD_OUT:
        held = rows(name)
        assert held and not {r["github"] for r in held} & {r["github"] for r in seen}
        assert not {r["name"] for r in held} & {r["name"] for r in seen}
        assert all(len(r["commit"]) == 40 for r in held)
        seen += held


def test_recall_manifests_are_in_scanned_repositories():
    repos = {r["name"] for name in ("repos.tsv", *HELD_OUT) for r in rows(name)}
    manifests = rows("manifests.tsv")
    assert len(manifests) > 200
    assert {m["repository"] for m in manifests} <= repos
    assert all(len(r["commit"]) == 40 for r in rows("repos.tsv"))
