"""``budget.run_watched``: a hook process runs its work in its own thread under a watchdog that answers (deny)
and ends the process at the budget; without the ``threading`` module."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from depguard.hooks.budget import run_watched

PROGRAM = """\
import os, sys, time
from depguard.hooks.budget import run_watched

def give_up(answer):
    print("watchdog:", answer, flush=True)
    os._exit(7)

kind = sys.argv[1]
work = {"hangs": lambda: time.sleep(60) or "late", "answers": lambda: "in time"}[kind]
value, finished = run_watched(work, 0.3, lambda reason: reason, give_up, budget=2.0)
time.sleep(0.6)  # past the budget: a watchdog that was stood down stays silent
print("caller:", value, finished, "threading" in sys.modules, flush=True)
"""


def _run(kind: str) -> tuple[int, str, float]:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", PROGRAM, kind], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    return proc.returncode, proc.stdout + proc.stderr, time.monotonic() - start


def test_work_past_the_budget_is_answered_by_the_watchdog_which_ends_the_process():
    code, out, took = _run("hangs")
    assert code == 7 and out.startswith("watchdog: depguard could not finish") and "time budget of 2 s" in out, out
    assert "caller:" not in out and took < 30


def test_work_within_the_budget_is_answered_by_the_caller_and_the_watchdog_stays_silent():
    code, out, _ = _run("answers")
    assert (code, out) == (0, "caller: in time True False\n")  # and threading was never imported


@pytest.mark.parametrize("error", [RuntimeError("boom"), RecursionError(), SystemExit(3), OSError(2, "gone", "f")])
def test_a_failing_work_becomes_the_failure_answer(error):
    def work():
        raise error

    value, finished = run_watched(work, 30, lambda reason: reason, lambda answer: pytest.fail("gave up"))
    assert not finished and value.startswith("depguard failed while checking this tool call (")


def test_an_interrupt_reaches_the_caller():
    def work():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_watched(work, 30, lambda reason: reason, lambda answer: pytest.fail("gave up"))
