"""ConanCenter's recorded-answer rows for the one table in ``tests/ecosystems/test_registries_on_recorded_answers.py``.

The cassettes are hand-written in the documented shape, not recorded (see their header)."""

from __future__ import annotations

from depguard.model import Existence
from tests.ecosystems._registry import Case

CASES = [
    Case("conan-exists-with-its-versions", "conan", "zlib", "test_exists.yaml",
         dict(existence=Existence.EXISTS, version_count=5, source="ConanCenter",
              asked="https://center2.conan.io/v2/conans/search?q=zlib%2F%2A&ignorecase=False")),
    Case("conan-missing-is-a-search-with-no-results", "conan", "zlibb", "test_missing.yaml",
         dict(existence=Existence.MISSING, reason_has=("0 results",))),
]
