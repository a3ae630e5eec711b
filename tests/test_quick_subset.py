"""The quick subset (``python -m pytest -m "not slow"``): what marks a test slow stays true to the tree."""

from __future__ import annotations

from pathlib import Path

from tests.integrations.conftest import PROCESS_MODULES

HERE = Path(__file__).resolve().parent


def test_every_module_marked_slow_by_name_exists():
    """A renamed module would silently join the quick subset again."""
    assert [m for m in PROCESS_MODULES if not (HERE / "integrations" / f"{m}.py").is_file()] == []

