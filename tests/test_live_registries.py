"""Live look-ups against PyPI and the npm registry: skipped unless DEPGUARD_LIVE=1 (a handful of single
requests; never a loop over a list of names)."""

from __future__ import annotations

import pytest

from depguard.config import Settings
from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence

pytestmark = pytest.mark.live


@pytest.mark.parametrize("eco, name, existence", [
    ("pypi", "requests", Existence.EXISTS),
    ("npm", "@types/node", Existence.EXISTS),
    ("pypi", "this-package-name-is-not-on-pypi-7c1e9b", Existence.MISSING),
])
def test_live_answer(eco, name, existence):
    key = catalog().key(eco, name)
    assert resolve([key], Settings(use_cache=False))[key].existence is existence
