"""The runs people make most pay only for what they need (issue 19).

Each path runs in a process of its own, as a user, pre-commit or a coding agent starts it, with every
answer already cached (a loopback registry answered the first run), under ``python -X importtime``; the test
fails when a heavy module is imported on a path that has no step needing it. Structural assertions only:
speed itself is measured by benchmarks/latency.py.

- ``--help``: no sub-command's work at all (no cache, no popular list, no SQLite);
- ``check``, ``hook claude-code`` on a Bash install and on a Write of a manifest, ``text`` on an answer
  without source code, ``scan`` of a small requirements file: no tree-sitter, rich, httpx (so no HTTP client),
  asyncio, rapidfuzz (the look-alike search: every name here is popular), pip-requirements-parser;
- a sub-command's run imports no other sub-command's module.
"""

from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.loopback_registry import LoopbackRegistry

EVERY_WARM_PATH_AVOIDS = ("tree_sitter", "rich", "httpx", "httpcore", "h11", "h2", "anyio", "asyncio", "ssl",
                          "rapidfuzz", "pip_requirements_parser", "mcp", "yaml", "concurrent.futures",
                          "depguard.registries.jsonapi",
                          # smaller, but no step of these runs needs them (no credential to digest, no TOML or
                          # setup.cfg in the project, plug-ins listed from their folders)
                          "hashlib", "hmac", "secrets", "configparser", "tomllib", "tomli", "pkgutil",
                          # depguard's classes are records (depguard.records), not dataclasses: making ~50 dataclasses
                          # was a third of a warm run, and importing dataclasses brings inspect, ast and dis
                          "dataclasses", "inspect", "ast", "dis",
                          # annotations only: depguard imports typing under TYPE_CHECKING (importing it was ~4% of
                          # a warm run's instructions)
                          "typing",
                          # an agent hook's process runs its work under a watchdog made with _thread
                          # (depguard.hooks.budget.run_watched); no warm path starts a thread
                          "threading",
                          # the C modules instead (depguard.cstdlib): datetime.py builds its classes in Python and
                          # throws them away, and the sqlite3 package adds only what depguard does not use
                          "datetime", "sqlite3") + (
                          # the user folders are found without it on Linux (depguard.paths.linux_user_dir); it
                          # imports tempfile, random and shutil; the argument parser's formatter finds the
                          # terminal width without shutil (depguard.cli.terminal_columns)
                          ("platformdirs", "tempfile", "random", "shutil") if sys.platform == "linux" else ()) + (
                          # argparse's messages are not looked up where no translation can exist (no locale
                          # folder: depguard.cli._untranslated); gettext's look-up imports locale (5-9M
                          # instructions)
                          ("locale",) if not os.path.isdir(gettext.bindtextdomain(gettext.textdomain())) and not any(
                              os.sep in os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))
                          else ())
HELP_AVOIDS = ("sqlite3", "depguard.cache", "depguard.popular", "depguard.checks", "depguard.parsers",
               "depguard.scan", "depguard.lookup", "depguard.config", "depguard.model", "depguard.cli_commands._shared")
ANSWER = """\
To call the API from a small service you need an HTTP client and a config reader. Install them first:

```bash
pip install requests pyyaml click
```

Then the frontend part:

```bash
npm install express lodash --save
```

requests handles pooling and retries, pyyaml reads the config file, click builds the command line, and
express serves the pages. Pin what you install in a lock file and review new dependencies before adding them.
"""
PACKAGE_JSON = {"name": "web", "version": "1.0.0", "dependencies": {"express": "^4.19.0", "lodash": "^4.17.21"},
                "devDependencies": {"typescript": "^5.4.0"}}


def imported(stderr: str) -> set[str]:
    """Module names from ``-X importtime`` output."""
    out = set()
    for line in stderr.splitlines():
        if line.startswith("import time:") and line.count("|") >= 2:
            name = line.rsplit("|", 1)[1].strip()
            if name != "package":
                out.add(name)
    return out


def said(proc: subprocess.CompletedProcess) -> str:
    """Standard error without the import-time lines."""
    return "\n".join(line for line in proc.stderr.splitlines() if not line.startswith("import time:"))


def heavy(modules: set[str], avoid: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == a or m.startswith(a + ".") or (a == "tree_sitter" and
                                                                               m.startswith("tree_sitter"))
                                            for a in avoid))


def under_test_path(env: dict[str, str]) -> str:
    """PYTHONPATH with the folder of the depguard under test first: a run from another folder (the test's own
    project) imports this code, not whichever copy is installed (a worktree's tests, main's editable install)."""
    import depguard

    tested = str(Path(depguard.__file__).resolve().parent.parent)
    return os.pathsep.join([tested, *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])


@pytest.fixture(scope="module")
def warm():
    """(run(argv, stdin) -> (completed process, modules imported)), every answer cached by a first run."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp, LoopbackRegistry(latency=0.0) as reg:
        root = Path(tmp)
        project = root / "project"
        project.mkdir()
        (project / "requirements.txt").write_text("requests\nflask==3.0.0\nnumpy\nclick\n")
        (project / "answer.md").write_text(ANSWER)
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
        env.update(DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(root / "cache"), DEPGUARD_DATA_DIR=str(root / "data"),
                   DEPGUARD_USER_CONFIG=str(root / "none.toml"), DEPGUARD_REGISTRY_PYPI=reg.url + "/pypi-root",
                   DEPGUARD_REGISTRY_NPM=reg.url + "/npm-root", NO_COLOR="1")
        env["PYTHONPATH"] = under_test_path(env)

        def run(argv: list[str], stdin: str = "", first: bool = True) -> tuple[subprocess.CompletedProcess, set[str]]:
            cmd = [sys.executable, "-m", "depguard.cli", *argv]
            if first:
                subprocess.run(cmd, env=env, cwd=project, input=stdin, capture_output=True, text=True, timeout=120)
            asked = sum(reg.requests.values())
            proc = subprocess.run([sys.executable, "-X", "importtime", *cmd[1:]], env=env, cwd=project, input=stdin,
                                  capture_output=True, text=True, timeout=120)
            assert sum(reg.requests.values()) == asked, "the warm run asked the registry"
            return proc, imported(proc.stderr)

        run.project = project  # type: ignore[attr-defined]
        yield run


def _event(project: Path, tool: str, tool_input: dict) -> str:
    return json.dumps({"session_id": "t", "hook_event_name": "PreToolUse", "tool_name": tool, "cwd": str(project),
                       "tool_input": tool_input})


def test_help_imports_no_sub_command_work(warm):
    proc, modules = warm(["--help"], first=False)
    assert proc.returncode == 0 and "scan" in proc.stdout
    assert heavy(modules, EVERY_WARM_PATH_AVOIDS + HELP_AVOIDS) == []


def test_warm_check_imports_nothing_heavy(warm):
    proc, modules = warm(["check", "requests", "flask"])
    assert proc.returncode == 0, said(proc)
    assert heavy(modules, EVERY_WARM_PATH_AVOIDS) == []


def test_warm_hook_on_a_bash_install_imports_nothing_heavy(warm):
    event = _event(warm.project, "Bash", {"command": "pip install requests flask"})
    proc, modules = warm(["hook", "claude-code"], event)
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + said(proc)  # no decision: allowed
    assert heavy(modules, EVERY_WARM_PATH_AVOIDS) == []


def test_warm_hook_on_a_manifest_write_imports_nothing_heavy(warm):
    event = _event(warm.project, "Write", {"file_path": str(warm.project / "web" / "package.json"),
                                           "content": json.dumps(PACKAGE_JSON, indent=2)})
    proc, modules = warm(["hook", "claude-code"], event)
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + said(proc)
    assert heavy(modules, EVERY_WARM_PATH_AVOIDS) == []


def test_warm_text_without_code_imports_nothing_heavy(warm):
    proc, modules = warm(["text", "answer.md"])
    assert proc.returncode == 0, said(proc)
    assert "5 packages checked" in proc.stdout
    assert heavy(modules, EVERY_WARM_PATH_AVOIDS) == []


def test_warm_small_scan_imports_nothing_heavy(warm):
    proc, modules = warm(["scan", "requirements.txt"])
    assert proc.returncode == 0, said(proc)
    assert "4 packages checked" in proc.stdout
    assert heavy(modules, EVERY_WARM_PATH_AVOIDS) == []


@pytest.mark.parametrize("argv", [["check", "requests"], ["text", "answer.md"], ["scan", "requirements.txt"]])
def test_a_sub_command_imports_no_other_sub_command(warm, argv):
    _, modules = warm(argv)
    others = sorted(m for m in modules if m.startswith("depguard.cli_commands.") and
                    m.rsplit(".", 1)[1] not in (argv[0], "_shared"))
    assert others == []


def test_a_warm_scan_of_a_large_tree_reads_then_asks_without_an_event_loop(monkeypatch, tmp_path):
    """Past FEW_FILES files to parse the lookups overlap the parsing (an event loop); once the parse cache
    answers them, nothing is left to overlap: read, then ask. Files in skipped folders are not counted."""
    from dataclasses import replace

    from depguard import scan
    from depguard.config import Settings

    (tmp_path / "node_modules" / "x").mkdir(parents=True)
    for i in range(scan.FEW_FILES + 1):
        (tmp_path / f"requirements-{i}.txt").write_text(f"name{i}\n")
        (tmp_path / "node_modules" / "x" / f"requirements-{i}.txt").write_text("x\n")
    settings = Settings(use_cache=True, offline=True, cache_dir=tmp_path / ".cache")
    streamed: list[int] = []
    real = scan._stream
    monkeypatch.setattr(scan, "_stream", lambda sources, parsing, *a: streamed.append(len(parsing.misses)) or real(sources, parsing, *a))
    cold = scan.scan_paths([tmp_path], settings)
    assert streamed == [scan.FEW_FILES + 1]
    warm = scan.scan_paths([tmp_path], settings)
    assert streamed == [scan.FEW_FILES + 1]  # the warm run did not stream
    assert [(f.mention, f.verdict, f.rule) for f in warm.findings] == [(f.mention, f.verdict, f.rule) for f in cold.findings]
    small = scan.scan_paths([tmp_path / "requirements-1.txt"], replace(settings, use_cache=False))
    assert len(small.findings) == 1 and streamed == [scan.FEW_FILES + 1]


def test_fully_cached_run_creates_no_http_client(monkeypatch, tmp_path):
    """A run whose every answer is cached opens the cache, answers, prints: no HTTP client is made."""
    from depguard import http
    from depguard.config import load_settings
    from depguard.lookup import resolve
    from depguard.model import PackageKey

    with LoopbackRegistry(latency=0.0) as reg:
        monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", reg.url + "/pypi-root")
        settings = load_settings(tmp_path)
        keys = [PackageKey("pypi", n) for n in ("requests", "flask", "numpy")]
        made = []
        real = http.make_client
        monkeypatch.setattr(http, "make_client", lambda *a, **k: made.append(1) or real(*a, **k))
        cold = resolve(keys, settings)
        assert made and reg.requests["pypi"] == 3  # the first run asked, through a client
        made.clear()
        warm = resolve(keys, settings)
        assert made == [] and reg.requests["pypi"] == 3
        assert {k: a.existence for k, a in warm.items()} == {k: a.existence for k, a in cold.items()}


@pytest.mark.parametrize("argv,collector_on", [
    (["check", "--offline", "requests"], False),
    (["hook", "pre-commit"], True),  # a pre-commit run scans every staged file: the collector stays
    # a scan collects while it runs (gcpolicy.bulk) and stops when it leaves, as its process ends then
    (["scan", "--offline", "--no-progress", "."], False),
])
def test_short_runs_leave_the_cyclic_collector_off(tmp_path, argv, collector_on):
    """text, check and an agent's hook run on a bounded input and end with their process: no cyclic
    collection over what importing made. Longer runs keep the collector (a scan has its own policy)."""
    code = ("import gc, sys\nfrom depguard import cli\nsys.argv = ['depguard', *sys.argv[1:]]\ncode = cli.entry()\n"
            "print(gc.isenabled(), file=sys.__stderr__)\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.update(DEPGUARD_SERVER="0", DEPGUARD_CACHE_DIR=str(tmp_path / "cache"), DEPGUARD_DATA_DIR=str(tmp_path / "d"),
               DEPGUARD_USER_CONFIG=str(tmp_path / "none.toml"))
    env["PYTHONPATH"] = under_test_path(env)
    proc = subprocess.run([sys.executable, "-c", code, *argv], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.stderr.strip().splitlines()[-1] == str(collector_on), proc.stderr[-2000:]
