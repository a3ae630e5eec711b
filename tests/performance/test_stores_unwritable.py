"""depguard installed where nothing can be written beside its modules (a read-only site-packages): the
compiled-pattern and records stores (``depguard/__pycache__``) are neither read nor written, without a
word, and the runs answer exactly as they do with the stores (issue 19)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import depguard

ANSWER = "Install the client first:\n\n```bash\npip install requests\n```\n"


def test_runs_without_a_writable_pycache_answer_alike_and_quietly(tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(Path(depguard.__file__).parent, copy / "depguard",
                    ignore=shutil.ignore_patterns("__pycache__", "*.marshal"))
    (copy / "depguard" / "__pycache__").write_text("")  # a file where the folder would be: nothing goes in there
    project = tmp_path / "project"
    project.mkdir()
    (project / "answer.md").write_text(ANSWER)
    outputs = []
    for tree in (copy, Path(depguard.__file__).parent.parent):
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_") and k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(tree), DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(tmp_path / f"cache-{len(outputs)}"),
                   DEPGUARD_DATA_DIR=str(tmp_path / "d"), DEPGUARD_USER_CONFIG=str(tmp_path / "none.toml"),
                   DEPGUARD_OFFLINE="1", NO_COLOR="1")
        runs = [subprocess.run([sys.executable, "-m", "depguard.cli", "text", "answer.md"],
                               cwd=project, env=env, capture_output=True, text=True, timeout=120) for _ in range(2)]
        for run in runs:
            assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr, run.stderr
        outputs.append([(run.returncode, run.stdout) for run in runs])
    assert outputs[0] == outputs[1]
    assert (copy / "depguard" / "__pycache__").is_file()
    assert not list(copy.rglob("*.marshal"))
