"""Conformance on suites depguard's authors did not write: anchore/syft's cataloger fixtures and
aquasecurity/trivy's parser fixtures, read in place (benchmarks/conformance_syft.py, conformance_trivy.py).

The checkouts are found through ``$DEPGUARD_SYFT`` / ``$DEPGUARD_TRIVY`` (read at import: the autouse fixture
clears DEPGUARD_*) or the ``fetch`` tool's mirrors; without them these tests skip. Every expected name of a
format depguard claims is found or set apart on purpose (with the reason in the runner's DELIBERATE list).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
SUITES = {
    "syft": os.environ.get("DEPGUARD_SYFT") or "/work/.mirror/anchore+syft/repo",
    "trivy": os.environ.get("DEPGUARD_TRIVY") or "/work/.mirror/aquasecurity+trivy/repo",
}


def _runner(name: str):
    """A benchmarks/ runner loaded from its file (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # conformance_trivy imports conformance_syft by name
    spec.loader.exec_module(module)
    return module


def _result(suite: str, tmp_path: Path) -> dict:
    where = Path(SUITES[suite])
    if not where.exists():
        pytest.skip(f"no {suite} checkout (${'DEPGUARD_' + suite.upper()})")
    syft = _runner("conformance_syft")
    if suite == "syft":
        return syft.compare(syft.tree_of(where, tmp_path))
    trivy = _runner("conformance_trivy")
    return trivy.measure(syft.tree_of(where, tmp_path, trivy.PARSERS))


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_no_real_misses_in_claimed_formats(suite, tmp_path):
    result = _result(suite, tmp_path)
    misses = {label: row["misses"] for label, row in result["formats"].items() if row["misses"]}
    assert misses == {}
    assert sum(row["expected"] for row in result["formats"].values()) > 100  # the suite was really read
