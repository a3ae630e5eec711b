"""A warm ``depguard text`` pays only for what the answer needs (issue 19).

Each run is a process of its own, as a user or an agent starts it, with every answer cached (a loopback
registry answered the first run) and Python allowed to write bytecode (the stores depguard keeps beside it
are filled by the first run, as they are by any first run after installing). Structural assertions only:
speed itself is measured by benchmarks/latency.py.

- The answer installs with pip and npm: of the ecosystem packages only those two are imported (reading every
  ecosystem's declarations to know the tool names was ~8M instructions, 4% of the run). Modules are taken
  from ``sys.modules`` at exit: ``python -X importtime`` does not list what ``importlib.import_module`` loads.
- No regular expression is compiled by ``re`` for depguard's own code: every pattern the run uses comes from
  the program an earlier run stored (compiling them was ~40M instructions, a sixth of the run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from benchmarks.loopback_registry import LoopbackRegistry

ANSWER = """\
To call the API from a small service you need an HTTP client and a config reader. Install them first:

```bash
python -m venv .venv
pip install requests pyyaml click
```

Then the frontend part, from the `web` folder:

```bash
npm install express lodash --save
```

requests handles pooling and retries, pyyaml reads the config file, click builds the command line, and
express serves the pages. Alternatively run `pip install httpx` for an async client. Pin what you install
in a lock file and review new dependencies before adding them.
"""

# Runs the command line as the `depguard` script does, and records at exit (after depguard's own exit work):
# the modules loaded, the patterns `re` compiled for code in depguard (the first frame outside `re` that
# asked), and how many patterns depguard's pattern store had to make.
DRIVER = """\
import atexit, json, os, re, sys
out = sys.argv[1]
compiler = getattr(re, "_compiler", None) or __import__("sre_compile")
real = compiler.compile
compiled = []
def counting(p, flags=0):
    frame = sys._getframe(1)
    while frame is not None and os.sep + "re" + os.sep in frame.f_code.co_filename or (
            frame is not None and os.path.basename(frame.f_code.co_filename).startswith("sre_")):
        frame = frame.f_back
    if frame is not None and os.sep + "depguard" + os.sep in frame.f_code.co_filename:
        compiled.append([str(p)[:80], frame.f_code.co_filename.rsplit(os.sep, 2)[-2:], frame.f_lineno])
    return real(p, flags)
compiler.compile = counting
def report():
    lazyre = sys.modules.get("depguard.lazyre")
    with open(out, "w") as fh:
        json.dump({"modules": sorted(sys.modules), "compiled": compiled,
                   "made": len(getattr(lazyre, "_MADE", ())) if lazyre else None}, fh)
atexit.register(report)
sys.argv = ["depguard", *sys.argv[2:]]
from depguard.cli import entry
sys.exit(entry())
"""


@pytest.fixture(scope="module")
def warm_text():
    """The report of a warm `depguard text answer.md` (a first run filled the cache and the stores)."""
    with tempfile.TemporaryDirectory() as tmp, LoopbackRegistry(latency=0.0) as reg:
        root = Path(tmp)
        project = root / "project"
        project.mkdir()
        (project / "answer.md").write_text(ANSWER)
        (root / "driver.py").write_text(DRIVER)
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_") and k != "PYTHONDONTWRITEBYTECODE"}
        env.update(DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(root / "cache"), DEPGUARD_DATA_DIR=str(root / "data"),
                   DEPGUARD_USER_CONFIG=str(root / "none.toml"), DEPGUARD_REGISTRY_PYPI=reg.url + "/pypi-root",
                   DEPGUARD_REGISTRY_NPM=reg.url + "/npm-root", NO_COLOR="1")
        for run in ("first", "warm"):
            asked = sum(reg.requests.values())
            proc = subprocess.run([sys.executable, str(root / "driver.py"), str(root / f"{run}.json"), "text",
                                   "answer.md"], env=env, cwd=project, capture_output=True, text=True, timeout=120)
            assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "6 packages checked" in proc.stdout, proc.stdout
        assert sum(reg.requests.values()) == asked, "the warm run asked the registry"
        yield json.loads((root / "warm.json").read_text())


def test_warm_text_imports_only_the_ecosystems_whose_tools_the_answer_uses(warm_text):
    packages = {m.split(".")[2] for m in warm_text["modules"] if m.startswith("depguard.ecosystems.")}
    assert packages - {"_model"} == {"pypi", "npm"}


def test_warm_text_compiles_no_pattern_of_its_own(warm_text):
    assert warm_text["compiled"] == []
    assert warm_text["made"] == 0  # nothing new for the pattern store: it is not written again
