"""PyPI entries of the lockfile conformance corpus: every expected name found, expected errors reported."""

from __future__ import annotations

import pytest
from packaging.utils import canonicalize_name

from tests.conformance.harness import corpus_cases, load_case, run_case

CASES = corpus_cases("PyPI")


@pytest.mark.parametrize("key", CASES)
def test_pypi_corpus_case(shared_dir, tmp_path, key):
    case = load_case(shared_dir, key)
    result = run_case(case, tmp_path, ecosystem="pypi", normalise=canonicalize_name)
    if not result.supported:
        pytest.skip(f"depguard has no parser for {case.format}")
    result.assert_conforms()
