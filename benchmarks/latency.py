"""Latency of the small inputs people run most (issue 19), every figure a median measured in this one run.

    python benchmarks/latency.py                 # 9 runs per warm figure, 5 per give-up / cold figure
    python benchmarks/latency.py --runs 11 --only warm
    python benchmarks/latency.py --only giveup,cold200

Each command runs in a process of its own, as a user or a coding agent starts it: the installed ``depguard``
script, ``DEPGUARD_SERVER=0`` (no resident server), compiled bytecode allowed, no ``DEPGUARD_*`` variable of
the caller's. Registry answers come from a loopback registry (:mod:`loopback_registry`, PyPI- and npm-shaped
documents) so the figures measure depguard, not the Internet. Rows:

- ``python -c pass``: the interpreter alone, the unit of every ratio;
- ``depguard --help``;
- warm ``scan`` of an 8-name requirements.txt, warm ``check`` of two names;
- warm ``hook claude-code`` on a Bash ``pip install requests flask`` event and on a Write of a package.json;
- warm ``text`` on a ~2 KB chat answer with install commands and no source code;
- give-up: the 8-name scan, no cached answer, against a registry that refuses connections (a bound,
  unlistened loopback port); the run must end with exit 3 (not checked);
- with ``--only dead``, the same against every other kind of dead registry: a name that does not resolve
  (``registry.invalid``), a loopback registry that accepts then resets, that closes without answering, that
  answers only 503 or only 429, and that accepts and never answers (with ``--timeout`` of ``--dead-timeout``,
  1 s: that one wait is the bound, not one per name and retry);
- cold: 200 real PyPI names (the 100 most downloaded and 100 from the rest of the list) at 50 ms per
  request, no cached answer (emptied before each run), against the floor ``ceil(200 / concurrency) x 50 ms``.
  What depguard derives from its own data and keeps in the cache folder (the stored look-alike index, the
  parsed ecosystem tables) is made by a first, untimed run, as by any first run after installing.

"Warm" means the same command ran once before with the same ``DEPGUARD_CACHE_DIR`` (a temporary folder), so
every answer is cached; the benchmark checks that the timed runs asked the registry nothing.

Targets: every warm figure <= 5 x ``python -c pass``; give-up <= 0.5 s; cold 200 <= 1.5 x floor.

``--instructions`` (needs valgrind) adds, for ``python -c pass`` and each warm figure, the instructions one
run executes (``valgrind --tool=callgrind``, with ``PYTHONHASHSEED=0`` so that two runs count the same) and
their ratio: a figure the load of other processes does not
move, for comparing two versions on a shared machine (it leaves out what the kernel does for a process, so its
ratios are larger than the wall-time ones).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loopback_registry import LoopbackRegistry  # noqa: E402

PYPI_LIST = Path("/work/.library/env/packages/pypi.tsv")
NPM_LIST = Path("/work/.library/env/packages/npm.tsv")
EIGHT = ("requests", "flask", "numpy", "pandas", "click", "pyyaml", "rich", "httpx")
PACKAGE_JSON = {"name": "web", "version": "1.0.0", "private": True,
                "dependencies": {"express": "^4.19.0", "lodash": "^4.17.21", "chalk": "^5.3.0"},
                "devDependencies": {"typescript": "^5.4.0"}}
ANSWER = """\
Good question. There are a few moving parts here, so let me go through them in order and explain why each
one matters before you install anything.

First, the HTTP side. For talking to the API you want a client library that handles connection pooling,
retries and timeouts for you; writing that by hand is how subtle bugs creep in. The most widely used choice
is requests, and if you later need async support you can switch to httpx without changing much.

```bash
python -m venv .venv
. .venv/bin/activate
pip install requests httpx pyyaml
```

Second, configuration. Keep the settings in a YAML file next to the service and load it once at start-up;
pyyaml reads it, and you should validate the result before using it so that a typo in a key fails loudly
instead of silently falling back to a default. If the file grows, consider splitting it per environment.

Third, the command-line entry point. click makes it easy to build a small CLI with sub-commands, help text
and sensible exit codes, and rich gives you readable tables and progress bars in the terminal:

```bash
pip install click rich
```

For the frontend part, the usual stack is express on the server and a bundler on the client. Install the
server dependencies with npm:

```bash
npm install express lodash chalk --save
npm install --save-dev typescript
```

Finally, testing. Run the test suite on every change, pin your dependencies in a lock file, and review any
new dependency before adding it: check that the name is spelled correctly, that the project is maintained
and that it is actually the package you meant. An assistant can misremember a package name, and
an attacker can register the misremembered name, so a minute spent on that check is well spent. Once that is in place, the rest is mostly wiring: read the
config, build the client, call the API, print the result. Let me know if anything fails along the way and I
can help you narrow it down.
"""


@dataclass
class Row:
    key: str
    label: str
    seconds: float
    bare: float  # python -c pass, measured interleaved with this figure
    target: str = ""
    met: bool | None = None
    note: str = ""
    cpu: float = 0.0  # median CPU seconds (user + system) of the command
    instructions: int = 0  # with --instructions: instructions executed by one run (callgrind)
    before: tuple[float, float] | None = None  # the --against tree's (median seconds, median CPU seconds)

    def __post_init__(self) -> None:
        self.cpu = self.cpu or LAST_CPU[0]
        if self.before is None and BASELINE and self.key != "python":
            self.before = (BASELINE[0], BASELINE[1])


def depguard_command() -> list[str]:
    """The installed ``depguard`` script (what users and hooks run), else ``python -m depguard.cli``."""
    script = Path(sys.executable).parent / "depguard"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "depguard.cli"]


def clean_environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure as installed: with compiled bytecode
    env.update({"DEPGUARD_SERVER": "0", "NO_COLOR": "1"}, **extra)
    return env


CPU: list[float] = []  # CPU seconds (user + system) of each command timed, in order


def timed(cmd: list[str], env: dict[str, str], cwd: Path, stdin: str = "") -> tuple[float, subprocess.CompletedProcess]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=cwd, input=stdin, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return wall, proc


BARE = [sys.executable, "-c", "pass"]


def instructions(cmd: list[str], env: dict[str, str], cwd: Path, stdin: str = "") -> int:
    """The instructions one run of ``cmd`` executes, counted by callgrind (0 when valgrind is missing)."""
    if shutil.which("valgrind") is None:
        return 0
    # a fixed hash seed: with a random one the same run's count moves by 1-3M (dict and set layouts differ)
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          env={**env, "PYTHONHASHSEED": "0"}, cwd=cwd, input=stdin, capture_output=True, text=True)
    for line in proc.stderr.splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1].strip())
    return 0


def forget_answers(env: dict[str, str]) -> None:
    """Empty the answer cache of ``env``'s DEPGUARD_CACHE_DIR: a cold run asks the registry every name. What
    depguard derives from its own data and keeps beside the answers (the stored look-alike index, the parsed
    ecosystem tables, the file-format index) stays: it is made once, by the first run after installing."""
    folder = Path(env["DEPGUARD_CACHE_DIR"])
    for f in folder.glob("answers.sqlite3*"):
        f.unlink()


def median(cmd: list[str], env: dict[str, str], cwd: Path, runs: int, stdin: str = "",
           expect: tuple[int, ...] = (0,), cold: bool = False,
           baseline: tuple[list[str], dict[str, str]] | None = None) -> tuple[float, float]:
    """(median of ``cmd``, median of ``python -c pass`` run between them): the machine is shared, so each
    figure gets its own unit, measured interleaved with it. ``baseline``: another depguard's (command,
    environment), timed in turn with them (its median and CPU median left in BASELINE)."""
    times, bare, cpu, other, other_cpu = [], [], [], [], []
    for _ in range(runs):
        if cold:
            forget_answers(env)
        bare.append(timed(BARE, env, cwd)[0])
        seconds, proc = timed(cmd, env, cwd, stdin)
        if proc.returncode not in expect:
            raise SystemExit(f"{' '.join(cmd[-3:])}: exit {proc.returncode}, expected {expect}\n{proc.stderr[-2000:]}")
        times.append(seconds)
        cpu.append(CPU[-1])
        if baseline is not None:
            if cold:
                forget_answers(baseline[1])
            other.append(timed(baseline[0], baseline[1], cwd, stdin)[0])
            other_cpu.append(CPU[-1])
    LAST_CPU[0] = statistics.median(cpu)
    BASELINE[:] = [statistics.median(other), statistics.median(other_cpu)] if other else []
    return statistics.median(times), statistics.median(bare)


BASELINE: list[float] = []  # (median seconds, median CPU seconds) of the baseline of the last median() call


LAST_CPU = [0.0]  # median CPU seconds of the command of the last median() call


def two_hundred_names() -> list[str]:
    """100 of the most downloaded PyPI projects and 100 spread over the rest of the list (real names)."""
    top: list[tuple[int, str]] = []
    rest: list[str] = []
    with PYPI_LIST.open(encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 3 and cols[3].strip():
                top.append((int(cols[3]), cols[0]))
            else:
                rest.append(cols[0])
    names = [n for _, n in sorted(top)[:100]]
    step = len(rest) // 100
    names += [rest[i * step + step // 2] for i in range(100)]
    return names


def two_hundred_npm_names() -> list[str]:
    """100 of the most downloaded npm packages and 100 spread over the rest of the list (real names)."""
    rows: list[tuple[int, str]] = []
    with NPM_LIST.open(encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            cols = line.rstrip("\n").split("\t")
            rows.append((int(cols[2]) if len(cols) > 2 and cols[2].strip().isdigit() else 0, cols[0]))
    ranked = sorted(rows, key=lambda r: -r[0])
    names = [n for _, n in ranked[:100]]
    rest = [n for _, n in rows if n not in set(names)]
    step = len(rest) // 100
    return names + [rest[i * step + step // 2] for i in range(100)]


def refused_port() -> socket.socket:
    """A loopback port bound but not listening: a connection to it is refused at once."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    return s


def pypi_concurrency(eco: str = "pypi") -> int:
    from depguard.ecosystems import catalog

    return catalog().get(eco).registry.concurrency


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=9, help="runs per warm figure (median; default 9)")
    ap.add_argument("--slow-runs", type=int, default=5, help="runs per give-up and cold figure (default 5)")
    ap.add_argument("--latency", type=float, default=0.05, help="registry latency of the cold figure (s)")
    ap.add_argument("--only", default="", help="comma-separated groups: warm, giveup, cold200, dead, coldnpm "
                                                "(default: warm, giveup, cold200)")
    ap.add_argument("--dead-timeout", type=float, default=1.0,
                    help="--timeout of the dead group's runs (s): the one wait for a registry that never answers")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON too")
    ap.add_argument("--instructions", action="store_true",
                    help="also count the instructions of one run of each warm figure (valgrind's callgrind)")
    ap.add_argument("--against", type=Path, metavar="DIR",
                    help="also time the depguard of another source tree (e.g. a `git worktree` of an older "
                         "commit), in turn with this one, with a cache of its own; both then run as "
                         "`python -m depguard.cli` with PYTHONPATH set to their tree")
    a = ap.parse_args()
    groups = {g.strip() for g in a.only.split(",") if g.strip()} or {"warm", "giveup", "cold200"}

    dg = depguard_command() if a.against is None else [sys.executable, "-m", "depguard.cli"]
    here = Path(__file__).resolve().parent.parent
    work = Path(tempfile.mkdtemp(prefix="depguard-latency-"))
    proj = work / "project"
    proj.mkdir()
    (proj / "requirements.txt").write_text("".join(f"{n}\n" for n in EIGHT))
    (proj / "answer.md").write_text(ANSWER)
    rows: list[Row] = []
    try:
        base_env = clean_environment(DEPGUARD_CACHE_DIR=str(work / "cache"), XDG_CONFIG_HOME=str(work / "config"))
        if a.against is not None:
            base_env["PYTHONPATH"] = str(here)

        def against(env: dict[str, str], cache: str) -> dict[str, str] | None:
            """The environment of the --against tree: its source first on the path, a cache of its own."""
            if a.against is None:
                return None
            return {**env, "PYTHONPATH": str(a.against.resolve()), "DEPGUARD_CACHE_DIR": cache}

        bare = statistics.median(timed(BARE, base_env, proj)[0] for _ in range(a.runs))
        rows.append(Row("python", "python -c pass", bare, bare, cpu=statistics.median(CPU[-a.runs:]),
                        instructions=instructions(BARE, base_env, proj) if a.instructions else 0))

        if "warm" in groups:
            with LoopbackRegistry(latency=0.0) as reg:
                env = {**base_env, "DEPGUARD_REGISTRY_PYPI": reg.url + "/pypi-root",
                       "DEPGUARD_REGISTRY_NPM": reg.url + "/npm-root"}
                bash_event = json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "tool_name": "Bash",
                                         "cwd": str(proj), "tool_input": {"command": "pip install requests flask"}})
                write_event = json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "tool_name": "Write",
                                          "cwd": str(proj), "tool_input": {
                                              "file_path": str(proj / "web" / "package.json"),
                                              "content": json.dumps(PACKAGE_JSON, indent=2) + "\n"}})
                warm = [
                    ("help", "depguard --help", [*dg, "--help"], ""),
                    ("scan8", "scan, 8-name requirements.txt, warm", [*dg, "scan", "requirements.txt"], ""),
                    ("check", "check requests flask, warm", [*dg, "check", "requests", "flask"], ""),
                    ("hook_bash", "hook claude-code, Bash pip install requests flask, warm",
                     [*dg, "hook", "claude-code"], bash_event),
                    ("hook_write", "hook claude-code, Write of a package.json (4 names), warm",
                     [*dg, "hook", "claude-code"], write_event),
                    ("text", f"text, {len(ANSWER.encode())}-byte answer without code, warm",
                     [*dg, "text", "answer.md"], ""),
                ]
                old_env = against(env, str(work / "cache-against"))
                for key, label, cmd, stdin in warm:
                    if key != "help":  # fill the cache, and check the run answers as expected
                        for e in (env, old_env) if old_env else (env,):
                            _, first = timed(cmd, e, proj, stdin)
                            if first.returncode != 0 or (key.startswith("hook") and first.stdout.strip()):
                                raise SystemExit(f"{label}: exit {first.returncode}\n{first.stdout[-1000:]}"
                                                 f"{first.stderr[-2000:]}")
                    before = sum(reg.requests.values())
                    seconds, unit = median(cmd, env, proj, a.runs, stdin,
                                           baseline=(cmd, old_env) if old_env else None)
                    asked = sum(reg.requests.values()) - before
                    rows.append(Row(key, label, seconds, unit, "<= 5x", seconds / unit <= 5,
                                    f"{asked} registry requests" if asked else "",
                                    instructions=instructions(cmd, env, proj, stdin) if a.instructions else 0))

        if "giveup" in groups:
            sock = refused_port()
            try:
                url = f"http://127.0.0.1:{sock.getsockname()[1]}"
                cache = work / "giveup-cache"
                env = {**base_env, "DEPGUARD_CACHE_DIR": str(cache), "DEPGUARD_REGISTRY_PYPI": url + "/pypi-root"}
                old_env = against(env, str(cache) + "-against")
                for e in (env, old_env) if old_env else (env,):  # the derived tables, made once
                    timed([*dg, "scan", "requirements.txt"], e, proj)
                seconds, unit = median([*dg, "scan", "requirements.txt"], env, proj, a.slow_runs, expect=(3,),
                                       cold=True,
                                       baseline=([*dg, "scan", "requirements.txt"], old_env) if old_env else None)
            finally:
                sock.close()
            rows.append(Row("giveup", "give up: 8-name scan, registry refuses connections (exit 3)", seconds, unit,
                            "<= 0.5 s", seconds <= 0.5))

        if "dead" in groups:  # every other kind of dead registry, each given up as the refused one
            from loopback_registry import DeadRegistry

            cases = [("dns", "name does not resolve", ""), ("reset", "accepts, then resets", "reset"),
                     ("close", "accepts, then closes unanswered", "close"),
                     ("status503", "answers only 503", "status503"), ("status429", "answers only 429", "status429"),
                     ("hang", f"accepts, never answers (--timeout {a.dead_timeout:g})", "hang")]
            for key, what, mode in cases:
                dead = DeadRegistry(mode) if mode else None
                with dead or contextlib.nullcontext():
                    # a name under .invalid (RFC 6761) is never registered: the resolver answers "no such name"
                    url = dead.url if dead else "https://registry.invalid"
                    cache = work / f"dead-{key}-cache"
                    env = {**base_env, "DEPGUARD_CACHE_DIR": str(cache), "DEPGUARD_REGISTRY_PYPI": url + "/pypi-root",
                           "DEPGUARD_TIMEOUT": f"{a.dead_timeout:g}"}
                    old_env = against(env, str(cache) + "-against")
                    sent = []
                    for e in (env, old_env) if old_env else (env,):  # the derived tables, made once
                        before = dead.requests if dead else 0
                        timed([*dg, "scan", "requirements.txt"], e, proj)
                        sent.append((dead.requests if dead else 0) - before)
                    seconds, unit = median([*dg, "scan", "requirements.txt"], env, proj, a.slow_runs, expect=(3,),
                                           cold=True,
                                           baseline=([*dg, "scan", "requirements.txt"], old_env) if old_env else None)
                bound = 0.5 + (a.dead_timeout if mode == "hang" else 0.0)
                rows.append(Row(f"giveup_{key}", f"give up: 8-name scan, registry {what}", seconds, unit,
                                f"<= {bound:g} s", seconds <= bound,
                                f"{sent[0]} requests" + (f", before {sent[1]}" if len(sent) > 1 else "") if dead else ""))

        def cold(key: str, eco: str, target: str, label: str) -> None:
            """A cold figure: ``scan target`` (its names all of ``eco``), answers forgotten before each run."""
            concurrency = pypi_concurrency(eco)
            floor = math.ceil(200 / concurrency) * a.latency
            cache = work / f"{key}-cache"
            with LoopbackRegistry(latency=a.latency) as reg:
                env = {**base_env, "DEPGUARD_CACHE_DIR": str(cache),
                       f"DEPGUARD_REGISTRY_{eco.upper()}": f"{reg.url}/{eco}-root"}
                old_env = against(env, str(cache) + "-against")
                cmd = [*dg, "scan", target]
                for e in (env, old_env) if old_env else (env,):  # the derived tables, made once
                    timed(cmd, e, proj)
                reg.requests.clear()
                seconds, unit = median(cmd, env, proj, a.slow_runs, expect=(0, 1), cold=True,
                                       baseline=(cmd, old_env) if old_env else None)
                per_run = sum(reg.requests.values()) / (a.slow_runs * (2 if old_env else 1))
            rows.append(Row(key, f"cold scan, 200 {label}at {a.latency * 1000:.0f} ms (floor ceil(200/{concurrency}) x "
                                 f"{a.latency * 1000:.0f} ms = {floor * 1000:.0f} ms)", seconds, unit,
                            "<= 1.5x floor", seconds <= 1.5 * floor,
                            f"{seconds / floor:.2f}x floor; {per_run:.0f} requests per run"))

        if "coldnpm" in groups:  # the cold figure for npm's names: a package.json of 200 real names
            web = proj / "web"
            web.mkdir(exist_ok=True)
            (web / "package.json").write_text(json.dumps({"name": "web", "version": "1.0.0", "private": True,
                                                           "dependencies": {n: "*" for n in two_hundred_npm_names()}},
                                                          indent=2))
            cold("coldnpm", "npm", "web/package.json", "npm names ")

        if "cold200" in groups:
            (proj / "requirements-200.txt").write_text("".join(f"{n}\n" for n in two_hundred_names()))
            cold("cold200", "pypi", "requirements-200.txt", "names ")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"depguard latency, medians ({a.runs} runs warm, {a.slow_runs} give-up/cold), "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print("x pass: the figure / `python -c pass` timed in turn with it (the machine is shared)")
    print("cpu: the command's own CPU time (user + system), median; it does not grow with the load of others")
    if a.against is not None:
        print(f"before: the same figure of {a.against} (median, x pass, cpu), timed in turn with this tree's")
    print(f"{'figure':<72} {'median':>9} {'x pass':>7} {'cpu':>7}  {'target':<14} met"
          + ("   before" if a.against is not None else ""))
    unit_instructions = rows[0].instructions
    for r in rows:
        if r.instructions and unit_instructions:
            r.note = ", ".join(x for x in (f"{r.instructions / 1e6:.0f}M instructions = "
                                           f"{r.instructions / unit_instructions:.2f}x", r.note) if x)
        met = "" if r.met is None else ("yes" if r.met else "NO")
        old = (f"   {r.before[0] * 1000:.0f} ms = {r.before[0] / r.bare:.1f}x, cpu {r.before[1] * 1000:.0f} ms"
               if r.before else "")
        print(f"{r.label:<72} {r.seconds * 1000:>6.0f} ms {r.seconds / r.bare:>6.1f}x {r.cpu * 1000:>4.0f} ms  "
              f"{r.target:<14} {met:<3}" + old + (f"  ({r.note})" if r.note else ""))
    if a.json:
        print(json.dumps([{"key": r.key, "label": r.label, "ms": round(r.seconds * 1000, 1),
                           "ratio": round(r.seconds / r.bare, 2), "cpu_ms": round(r.cpu * 1000, 1), "target": r.target,
                           "met": r.met, "note": r.note, "instructions": r.instructions or None,
                           "before_ratio": round(r.before[0] / r.bare, 2) if r.before else None,
                           "before_cpu_ms": round(r.before[1] * 1000, 1) if r.before else None}
                          for r in rows], indent=2))


if __name__ == "__main__":
    main()
