"""Every case of ``benchmarks/crafted_inputs.py`` runs at a tiny size, so the benchmark keeps step with the code it
times: a95118f5 moved ``writes_module``'s cache to ``written_modules`` and the copies case still cleared the old
one, so the whole benchmark stopped at its 13th case (an AttributeError) and no later case was timed."""

from __future__ import annotations

import pytest

from benchmarks import crafted_inputs


@pytest.mark.parametrize(("name", "make", "size"), crafted_inputs.CASES, ids=[c[0] for c in crafted_inputs.CASES])
def test_each_crafted_case_runs_at_a_tiny_size(name, make, size) -> None:
    make(4)()
