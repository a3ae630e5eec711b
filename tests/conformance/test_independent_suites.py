"""Conformance on suites depguard's authors did not write: anchore/syft's cataloger fixtures and
aquasecurity/trivy's parser fixtures, read in place (benchmarks/conformance_syft.py, conformance_trivy.py).

The checkouts are found through ``$DEPGUARD_SYFT`` / ``$DEPGUARD_TRIVY`` (read at import: the autouse fixture
clears DEPGUARD_*) or the ``fetch`` tool's mirrors; without them these tests skip. Every expected name of a
format depguard claims is found or set apart on purpose (with the reason in the runner's DELIBERATE list).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
SUITES = {
    "syft": os.environ.get("DEPGUARD_SYFT") or "/work/.mirror/anchore+syft/repo",
    "trivy": os.environ.get("DEPGUARD_TRIVY") or "/work/.mirror/aquasecurity+trivy/repo",
}


def _result(suite: str, tmp_path: Path) -> dict:
    where = Path(SUITES[suite])
    if not where.exists():
        pytest.skip(f"no {suite} checkout (${'DEPGUARD_' + suite.upper()})")
    sys.path.insert(0, str(BENCH))
    try:
        import conformance_syft
        if suite == "syft":
            return conformance_syft.compare(conformance_syft.tree_of(where, tmp_path))
        import conformance_trivy
        root = conformance_syft.tree_of(where, tmp_path, conformance_trivy.PARSERS)
        expected, real = conformance_trivy.expectations(root)
        return conformance_syft.compare(root, expected, real, conformance_trivy.DELIBERATE, ())
    finally:
        sys.path.remove(str(BENCH))


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_no_real_misses_in_claimed_formats(suite, tmp_path):
    result = _result(suite, tmp_path)
    misses = {label: row["misses"] for label, row in result["formats"].items() if row["misses"]}
    assert misses == {}
    assert sum(row["expected"] for row in result["formats"].values()) > 100  # the suite was really read
