"""``depguard.cli.end_process``: the ``depguard`` command's process ends as soon as its run has answered, with
what Python's exit does that matters done first (atexit functions, flushed streams), and only where nothing
else could follow the run (issue 19: the module teardown was ~7M instructions of every warm run)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# a script shaped as the installed `depguard` (pip's console-script template), plus two witnesses: an atexit
# function, and os._exit noting that the process was ended there (without Python's own shutdown)
SCRIPT = """\
import atexit, os, re, sys
fd = os.open(sys.argv.pop(1), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
def mark(what, write=os.write, fd=fd):
    write(fd, what.encode() + b"\\n")
def ended(code, real=os._exit):
    mark("ended:" + str(code))
    real(code)
os._exit = ended
atexit.register(mark, "atexit")
{extra}
from depguard.cli import entry
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(entry())
"""


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")  # one for all: the first run makes the stored tables


def run(tmp_path: Path, cache: Path, argv: list[str], extra: str = "",
        script: str = SCRIPT) -> tuple[subprocess.CompletedProcess, list[str]]:
    (tmp_path / "depguard").write_text(script.format(extra=extra))
    marks = tmp_path / "marks.txt"
    marks.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.update(DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(cache), DEPGUARD_DATA_DIR=str(tmp_path / "d"),
               DEPGUARD_USER_CONFIG=str(tmp_path / "none.toml"), NO_COLOR="1")
    proc = subprocess.run([sys.executable, str(tmp_path / "depguard"), str(marks), *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    return proc, marks.read_text().split() if marks.exists() else []


def test_the_command_ends_after_its_atexit_functions_without_the_module_teardown(tmp_path, cache):
    (tmp_path / "requirements.txt").write_text("requests\n")
    proc, marks = run(tmp_path, cache, ["scan", "--inventory", "--format", "json", "requirements.txt"])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)  # the whole report, flushed
    assert marks == ["atexit", "ended:0"]


@pytest.mark.parametrize("argv,code", [(["--version"], 0), (["check", "--offline", "-e", "nosuch", "x"], 2)])
def test_the_exit_code_is_the_runs(tmp_path, cache, argv, code):
    proc, marks = run(tmp_path, cache, argv)
    assert proc.returncode == code, proc.stderr
    # argparse's own exit for --version is a SystemExit: Python's usual ending
    assert marks == (["atexit"] if argv == ["--version"] else ["atexit", f"ended:{code}"])


def test_a_script_that_goes_on_after_the_run_is_not_cut_short(tmp_path, cache):
    script = SCRIPT.replace("from depguard.cli import entry", "from depguard import cli").replace(
        "sys.exit(entry())", "code = cli.entry()\n    mark('after')\n    sys.exit(code)")
    proc, marks = run(tmp_path, cache, ["check", "--offline", "-e", "nosuch", "x"], script=script)
    assert proc.returncode == 2
    assert marks == ["after", "atexit"]


def test_threads_leave_the_ending_to_python(tmp_path, cache):
    proc, marks = run(tmp_path, cache, ["check", "--offline", "-e", "nosuch", "x"], extra="import threading")
    assert proc.returncode == 2
    assert marks == ["atexit"]
