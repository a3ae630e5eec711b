"""A hook that runs out of time names the budget the user set (``--budget 2``: "time budget of 2 s"), not what
was left of it when the work started ("1.99999 s", which also made a CLI test fail on a loaded machine)."""

from __future__ import annotations

import threading

import pytest

from depguard.hooks.budget import run_within


@pytest.mark.parametrize("budget,said", [(2.0, "2 s;"), (None, "0.05 s;")])
def test_the_timeout_reason_names_the_budget_not_the_time_left(budget, said):
    release = threading.Event()  # the work never finishes within the 0.05 s left
    try:
        reason, finished = run_within(lambda: release.wait(60), 0.05, str, budget=budget)
    finally:
        release.set()
    assert not finished and f"time budget of {said}" in reason
