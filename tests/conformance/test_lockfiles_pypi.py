"""PyPI entries of the lockfile conformance corpus: every expected name found, expected errors reported.

Where depguard disagrees with the peer on purpose, the case lists the difference and why.
"""

from __future__ import annotations

import pytest
from packaging.utils import canonicalize_name

from tests.conformance.harness import corpus_cases, load_case, run_case

CASES = corpus_cases("PyPI")

NOT_FROM_A_REGISTRY = "pinned to a git repository, so not a registry name: depguard does not look it up"
DEVIATIONS: dict[str, tuple[set[str], set[str], str]] = {
    # key: (extra names depguard reports, expected names depguard leaves out, why)
    "PyPI/pdm/git-dependency.toml": (set(), {"toml"}, NOT_FROM_A_REGISTRY),
    "PyPI/poetry/source-git.lock": (set(), {"ike"}, NOT_FROM_A_REGISTRY),
    "PyPI/uv/source-git.lock": (set(), {"ruff"}, NOT_FROM_A_REGISTRY),
    "PyPI/pylock/commits.toml": (set(), {"mleroc"}, NOT_FROM_A_REGISTRY),
    "PyPI/pyproject/optional_deps.toml": ({"hatchling"}, set(), "build-system.requires is installed too, so it is read"),
    "PyPI/pip/with-bad-r-option.txt": ({"requests"}, set(),
                                       "a missing -r target is a problem of its own; the file's other names still count"),
}


@pytest.mark.parametrize("key", CASES)
def test_pypi_corpus_case(shared_dir, tmp_path, key):
    case = load_case(shared_dir, key)
    result = run_case(case, tmp_path, ecosystem="pypi", normalise=canonicalize_name)
    if not result.supported:
        pytest.skip(f"depguard has no parser for {case.format}")
    extra, missing, _why = DEVIATIONS.get(key, (set(), set(), ""))
    result.assert_conforms(allow_extra=extra, allow_missing=missing)
