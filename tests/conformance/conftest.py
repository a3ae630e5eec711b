"""Conformance tests read ``../shared`` beside the repository (as tests/conftest.py does); a worktree kept
elsewhere can name it with ``DEPGUARD_SHARED_DIR``. Without either, every conformance test skips."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.harness import shared_location


@pytest.fixture
def shared_dir() -> Path:
    found = shared_location()
    if found is None:
        pytest.skip("../shared is not present")
    return found
