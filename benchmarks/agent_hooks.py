"""Measure the coding-agent hooks on edits, manifest installs and config edits: stopped / missed / wrongly
stopped per family, and the slowest answer.

Names come from data nobody on the project wrote: invented names are the LLM hallucinations of
``/work/shared/corpora/hallucinations`` (Churilov's names every 2026 frontier model invented, the VDB
slopsquatting sample) that the registry lists do not hold; clean controls are real, popular names from the
package lists (``pypi.tsv`` with a download rank, ``npm.tsv`` by downloads). Every case is one host event
(Claude Code, Codex, Gemini CLI, Cursor) answered by :func:`depguard.hooks.judge`, against a registry
that serves those lists::

    python3 /work/shared/tools/mockreg.py 18805 --packages /work/.library/env/packages &
    DEPGUARD_REGISTRY_PYPI=http://127.0.0.1:18805 DEPGUARD_REGISTRY_NPM=http://127.0.0.1:18805 \\
        python -m benchmarks.agent_hooks [--per-family 10] [--cases-out cases.jsonl]

With ``--commands tests/commands/fixtures/agent_commands.tsv`` (the shell model's corpus of command forms)
every form is also driven through the Claude Code hook: a form that installs pypi/npm names by name is run
once with each name replaced by an invented one (must stop) and once as written (a control, must not stop);
a manifest install gets its manifest (requirements file, or pyproject.toml and package.json in the folder)
written with an invented name (must stop) and with a real one (control); a form the model cannot resolve
must be asked about; a form that installs nothing must pass. Forms of other ecosystems are left out (the
registry stand-in serves PyPI and npm only).

A case is *stopped* when the answer is deny or ask. Families ending in ``-control`` must not be stopped.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

CORPORA = Path("/work/shared/corpora/hallucinations")
PACKAGES = Path(os.environ.get("DEPGUARD_PACKAGE_LISTS", "/work/.library/env/packages"))


@dataclass
class Case:
    family: str
    host: str
    event: dict
    files: dict[str, str]  # files written in the project before the event
    stop: bool  # expected: stopped (deny/ask)
    name: str


def listed(eco: str) -> set[str]:
    path = PACKAGES / f"{eco}.tsv"
    with path.open(encoding="utf-8", errors="replace") as fh:
        return {line.split("\t", 1)[0].strip().lower() for line in fh if line.strip()}


def invented(eco: str, known: set[str]) -> list[str]:
    names: list[str] = []
    churilov = CORPORA / "churilov-slopsquatting-replication-2026" / f"{eco}_universal_hallucinations.csv"
    if churilov.is_file():
        names += [row[0] for row in csv.reader(churilov.open(encoding="utf-8")) if row]
    vdb = CORPORA / "vdb-slopsquatting-dataset" / "slopsquatting_sample.csv"
    want = {"pypi": "PyPI", "npm": "npm"}[eco]
    for row in csv.DictReader(vdb.open(encoding="utf-8")):
        if row["ecosystem"] == want and row["registry_status"] == "nonexistent":
            names.append(row["name"])
    out = []
    for n in dict.fromkeys(n.strip() for n in names):
        if n and n.lower() not in known and " " not in n and (eco == "npm" or "/" not in n):
            out.append(n)
    return out


def popular(eco: str, count: int) -> list[str]:
    rows = []
    with (PACKAGES / f"{eco}.tsv").open(encoding="utf-8", errors="replace") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            cells = line.rstrip("\n").split("\t")
            row = dict(zip(header, cells))
            if eco == "pypi" and row.get("rank_among_15000_most_downloaded", "").strip().isdigit():
                rows.append((int(row["rank_among_15000_most_downloaded"]), row["name"]))
            elif eco == "npm" and row.get("downloads_a_month", "").isdigit():
                rows.append((-int(row["downloads_a_month"]), row["name"]))
    rows.sort()
    return [n for _, n in rows[: count * 20]]


# --- case makers: (name, ecosystem) -> Case -------------------------------------------------------

REQ = "requests==2.32.3\nclick>=8.1\n"
PKG = json.dumps({"name": "shop", "version": "1.0.0", "dependencies": {"express": "^4.19.2"}}, indent=2) + "\n"
PYPROJECT = '[project]\nname = "shop"\nversion = "1.0"\ndependencies = [\n    "requests>=2.31",\n]\n'
NB = json.dumps({"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [], "execution_count": None,
                            "source": ["import json\n"]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
DOCKERFILE = "FROM python:3.12-slim\nRUN pip install --no-cache-dir requests\n"
WORKFLOW = "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm ci\n"


def ev(tool: str, tool_input: dict, cwd: Path) -> dict:
    return {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "cwd": str(cwd)}


def pypi_families(cwd: Path) -> dict[str, Callable[[str], tuple[str, dict, dict]]]:
    req = str(cwd / "requirements.txt")
    return {
        "write-requirements": lambda n: ("claude-code", ev("Write", {"file_path": req, "content": REQ + n + "\n"}, cwd), {"requirements.txt": REQ}),
        "edit-requirements": lambda n: ("claude-code", ev("Edit", {"file_path": req, "old_string": "click>=8.1\n", "new_string": f"click>=8.1\n{n}>=1.0\n"}, cwd), {"requirements.txt": REQ}),
        "multiedit-pyproject": lambda n: ("claude-code", ev("MultiEdit", {"file_path": str(cwd / "pyproject.toml"), "edits": [
            {"old_string": '    "requests>=2.31",\n', "new_string": f'    "requests>=2.31",\n    "{n}",\n'},
            {"old_string": 'version = "1.0"', "new_string": 'version = "1.1"'}]}, cwd), {"pyproject.toml": PYPROJECT}),
        "notebook-pip-cell": lambda n: ("claude-code", ev("NotebookEdit", {"notebook_path": str(cwd / "a.ipynb"), "cell_id": "c1", "edit_mode": "insert",
                                                                            "new_source": f"%pip install {n}"}, cwd), {"a.ipynb": NB}),
        "dockerfile-edit": lambda n: ("claude-code", ev("Edit", {"file_path": str(cwd / "Dockerfile"), "old_string": "requests\n", "new_string": f"requests {n}\n"}, cwd), {"Dockerfile": DOCKERFILE}),
        "script-write": lambda n: ("claude-code", ev("Write", {"file_path": str(cwd / "setup.sh"), "content": f"#!/bin/sh\nset -e\npython -m pip install {n}\n"}, cwd), {}),
        "codex-patch-requirements": lambda n: ("codex", ev("apply_patch", {"command": f"*** Begin Patch\n*** Update File: requirements.txt\n@@\n click>=8.1\n+{n}\n*** End Patch\n"}, cwd), {"requirements.txt": REQ}),
        "gemini-replace-requirements": lambda n: ("gemini", {**ev("replace", {"file_path": req, "old_string": "click>=8.1", "new_string": f"click>=8.1\n{n}"}, cwd), "hook_event_name": "BeforeTool"}, {"requirements.txt": REQ}),
        "cursor-write-requirements": lambda n: ("cursor", {**ev("Write", {"file_path": req, "content": REQ + n + "\n"}, cwd), "hook_event_name": "preToolUse"}, {"requirements.txt": REQ}),
        "requirements-extras-marker": lambda n: ("claude-code", ev("Edit", {"file_path": req, "old_string": "click>=8.1\n", "new_string": f'click>=8.1\n{n}[all]>=1.0 ; python_version >= "3.9"\n'}, cwd), {"requirements.txt": REQ}),
        "requirements-rename": lambda n: ("claude-code", ev("Edit", {"file_path": req, "old_string": "requests==2.32.3", "new_string": f"{n}==2.32.3"}, cwd), {"requirements.txt": REQ}),
        "requirements-crlf-file": lambda n: ("claude-code", ev("Edit", {"file_path": req, "old_string": "click>=8.1\n", "new_string": f"click>=8.1\n{n}\n"}, cwd), {"requirements.txt": REQ.replace("\n", "\r\n")}),
        "pyproject-optional-deps": lambda n: ("claude-code", ev("Write", {"file_path": str(cwd / "pyproject.toml"), "content": PYPROJECT + f'\n[project.optional-dependencies]\ndev = ["{n}>=0.1"]\n'}, cwd), {"pyproject.toml": PYPROJECT}),
        "poetry-dependencies": lambda n: ("claude-code", ev("Write", {"file_path": str(cwd / "pyproject.toml"), "content": f'[tool.poetry]\nname = "shop"\nversion = "1.0"\n\n[tool.poetry.dependencies]\npython = "^3.11"\n{n} = "^1.0"\n'}, cwd), {}),
        "py-source-import": lambda n: ("claude-code", ev("Write", {"file_path": str(cwd / "app.py"), "content": f"import json\nimport {n.replace('-', '_').replace('.', '_')}\n"}, cwd), {"requirements.txt": REQ}),
        "install-pip-r": lambda n: ("claude-code", ev("Bash", {"command": "pip install -qr requirements.txt"}, cwd), {"requirements.txt": REQ + n + "\n"}),
        "install-uv-sync": lambda n: ("claude-code", ev("Bash", {"command": "uv sync --frozen"}, cwd), {"pyproject.toml": PYPROJECT.replace('"requests>=2.31",', f'"requests>=2.31", "{n}",')}),
        "install-poetry": lambda n: ("claude-code", ev("Bash", {"command": "cd api && poetry install --no-root"}, cwd), {"api/pyproject.toml": f'[tool.poetry]\nname = "api"\nversion = "1.0"\n\n[tool.poetry.dependencies]\npython = "^3.11"\n{n} = "^1.0"\n'}),
        "install-pip-dot": lambda n: ("claude-code", ev("Bash", {"command": "python -m pip install -e ."}, cwd), {"pyproject.toml": PYPROJECT.replace('"requests>=2.31",', f'"requests>=2.31", "{n}",')}),
        "install-written-same-line": lambda n: ("claude-code", ev("Bash", {"command": f"echo '{n}' >> requirements.txt && pip install -r requirements.txt"}, cwd), {"requirements.txt": REQ}),
        "bash-pip-install": lambda n: ("claude-code", ev("Bash", {"command": f"pip install {n}"}, cwd), {}),
        "gemini-shell-pip-install": lambda n: ("gemini", {**ev("run_shell_command", {"command": f"python3 -m pip install -U {n}"}, cwd), "hook_event_name": "BeforeTool"}, {}),
    }


def npm_families(cwd: Path) -> dict[str, Callable[[str], tuple[str, dict, dict]]]:
    pkg = str(cwd / "package.json")
    return {
        "edit-package.json": lambda n: ("claude-code", ev("Edit", {"file_path": pkg, "old_string": '"express": "^4.19.2"', "new_string": f'"express": "^4.19.2",\n    "{n}": "^1.0.0"'}, cwd), {"package.json": PKG}),
        "write-package.json": lambda n: ("claude-code", ev("Write", {"file_path": pkg, "content": PKG.replace('"express": "^4.19.2"', f'"express": "^4.19.2", "{n}": "latest"')}, cwd), {"package.json": PKG}),
        "workflow-edit": lambda n: ("claude-code", ev("Edit", {"file_path": str(cwd / ".github/workflows/ci.yml"), "old_string": "- run: npm ci\n", "new_string": f"- run: npm ci\n      - run: npx {n}\n"}, cwd), {".github/workflows/ci.yml": WORKFLOW}),
        "codex-patch-add-package.json": lambda n: ("codex", ev("apply_patch", {"command": f"*** Begin Patch\n*** Add File: web/package.json\n+{{\"dependencies\": {{\"{n}\": \"1.0.0\"}}}}\n*** End Patch\n"}, cwd), {}),
        "package.json-devDependencies": lambda n: ("claude-code", ev("Write", {"file_path": pkg, "content": PKG.replace('"dependencies"', f'"devDependencies": {{"{n}": "^1.0.0"}},\n  "dependencies"')}, cwd), {"package.json": PKG}),
        "package.json-postinstall-npx": lambda n: ("claude-code", ev("Edit", {"file_path": pkg, "old_string": '"version": "1.0.0",', "new_string": f'"version": "1.0.0",\n  "scripts": {{"postinstall": "npx {n}"}},'}, cwd), {"package.json": PKG}),
        "install-cd-npm-ci": lambda n: ("claude-code", ev("Bash", {"command": "cd web && npm ci"}, cwd), {"web/package.json": PKG.replace('"express": "^4.19.2"', f'"express": "^4.19.2", "{n}": "^1.0.0"')}),
        "install-npm-prefix": lambda n: ("cursor", {"hook_event_name": "beforeShellExecution", "command": "npm --prefix web install", "cwd": str(cwd), "workspace_roots": [str(cwd)]}, {"web/package.json": PKG.replace('"express": "^4.19.2"', f'"{n}": "^1.0.0"')}),
        "install-yarn": lambda n: ("gemini", {**ev("run_shell_command", {"command": "yarn", "directory": "web"}, cwd), "hook_event_name": "BeforeTool"}, {"web/package.json": PKG.replace('"express": "^4.19.2"', f'"{n}": "^1.0.0"')}),
        "install-pnpm": lambda n: ("codex", ev("Bash", {"command": "pnpm install"}, cwd), {"package.json": PKG.replace('"express": "^4.19.2"', f'"{n}": "^1.0.0"')}),
        "install-bun": lambda n: ("claude-code", ev("Bash", {"command": "bun install"}, cwd), {"package.json": PKG.replace('"express": "^4.19.2"', f'"{n}": "^1.0.0"')}),
        "ts-source-import": lambda n: ("claude-code", ev("Write", {"file_path": str(cwd / "src/app.ts"), "content": f"import x from '{n}';\nexport default x;\n"}, cwd), {"package.json": PKG}),
        "cursor-shell-npm-install": lambda n: ("cursor", {"hook_event_name": "beforeShellExecution", "command": f"npm install --save {n}", "cwd": str(cwd), "workspace_roots": [str(cwd)]}, {}),
        "codex-bash-npx": lambda n: ("codex", ev("Bash", {"command": f"npx -y {n}"}, cwd), {}),
        "gemini-write-package.json": lambda n: ("gemini", {**ev("write_file", {"file_path": "package.json", "content": PKG.replace('"express": "^4.19.2"', f'"{n}": "^2.0.0"')}, cwd), "hook_event_name": "BeforeTool"}, {"package.json": PKG}),
    }


CONFIG_CASES = [
    ("write .depguard.toml", lambda cwd: ev("Write", {"file_path": str(cwd / ".depguard.toml"), "content": '[allow]\npypi = ["*"]\n'}, cwd), {}),
    ("edit [tool.depguard]", lambda cwd: ev("Edit", {"file_path": str(cwd / "pyproject.toml"), "old_string": 'version = "1.0"\n', "new_string": 'version = "1.0"\n\n[tool.depguard]\nfail-on = "missing"\n'}, cwd), {"pyproject.toml": PYPROJECT}),
    ("edit existing [tool.depguard]", lambda cwd: ev("Edit", {"file_path": str(cwd / "pyproject.toml"), "old_string": 'fail-on = "suspicious"', "new_string": 'fail-on = "missing"'}, cwd), {"pyproject.toml": PYPROJECT + '\n[tool.depguard]\nfail-on = "suspicious"\n'}),
]


def cases(per_family: int, seed: int = 13) -> Iterator[Case]:
    rng = random.Random(seed)
    for eco, families in (("pypi", pypi_families), ("npm", npm_families)):
        known = listed(eco)
        bad = invented(eco, known)
        good = popular(eco, per_family)
        rng.shuffle(bad)
        rng.shuffle(good)
        placeholder = Path("/PROJECT")
        for family in families(placeholder):
            for n in bad[:per_family]:
                yield Case(family, "", {}, {}, True, n)
            for n in good[:per_family]:
                yield Case(family + "-control", "", {}, {}, False, n)
    for label, _, _ in CONFIG_CASES:
        yield Case("config-edit", "", {}, {}, True, label)


def _tsv_rows(tsv: Path) -> Iterator[tuple[str, list[str], str]]:
    for line in tsv.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        family, expected, command = line.split("\t", 2)
        if command.startswith("json:"):
            command = json.loads(command[5:])
        yield family, expected.split(), command


def _manifest_files(expected: list[str], py: str, js: str) -> dict[str, str]:
    """The files of the expected manifest installs, naming ``py`` (PyPI manifests) and ``js`` (npm)."""
    files: dict[str, str] = {}
    for item in expected:
        if not item.startswith("M:"):
            continue
        _, fmt, path = item.split(":", 2)
        path = path.strip("/") or "."
        if fmt == "file" and path.endswith("package.json"):
            files[path] = PKG.replace('"express": "^4.19.2"', f'"{js}": "^1.0.0"')
        elif fmt == "file" and path.endswith("pyproject.toml"):
            files[path] = PYPROJECT.replace('"requests>=2.31",', f'"{py}",')
        elif fmt in ("requirements", "names", "file"):
            files[path] = py + "\n"
        elif fmt == "project":
            folder = "" if path == "." else path + "/"
            files[folder + "pyproject.toml"] = PYPROJECT.replace('"requests>=2.31",', f'"{py}",')
            files[folder + "Pipfile"] = f'[packages]\n{py} = "*"\n'
            files[folder + "package.json"] = PKG.replace('"express": "^4.19.2"', f'"{js}": "^1.0.0"')
    return files


def command_cases(tsv: Path, bad: dict[str, list[str]], known: dict[str, set[str]]) -> Iterator[Case]:
    """Hook cases from the shell model's corpus (see the module docstring); ``/PROJECT`` stands for the
    folder the command starts in (the corpus's ``/work/proj``)."""
    import re

    from depguard.commands import analyze

    for k, (family, expected, command) in enumerate(_tsv_rows(tsv)):
        command = command.replace("/work/proj", "/PROJECT")
        names = [e.split(":", 1) for e in expected if ":" in e and not e.startswith(("M:", "ask:"))]
        ecos = {eco for eco, _ in names}
        fam = f"cmd-{family}"
        event = ev("Bash", {"command": command}, Path("/PROJECT"))
        if any(e.startswith("ask:") for e in expected):
            yield Case(fam, "claude-code", event, {}, True, command)
            continue
        if expected == ["-"]:
            yield Case(fam + "-control", "claude-code", event, {}, False, command)
            continue
        if any(e.startswith("M:") for e in expected):
            if ecos - {"pypi", "npm"} or {m.ecosystem for m in analyze(command, cwd="/PROJECT").manifests} - {"pypi", "npm"}:
                continue  # the registry stand-in serves PyPI and npm only
            py, js = bad["pypi"][k % len(bad["pypi"])], bad["npm"][k % len(bad["npm"])]
            yield Case(fam, "claude-code", event, _manifest_files(expected, py, js), True, command)
            yield Case(fam + "-control", "claude-code", event, _manifest_files(expected, "requests", "left-pad"), False, command)
            continue
        if not names or ecos - {"pypi", "npm"}:
            continue
        if all(name.lower() in known[eco] for eco, name in names):  # a control must name real packages
            yield Case(fam + "-control", "claude-code", event, {}, False, command)
        swapped: str | None = command
        for i, (eco, name) in enumerate(names):
            pattern = re.compile(r"(?<![\w.@/-])" + re.escape(name) + r"(?![\w-])")
            if swapped is None or not pattern.search(swapped):
                swapped = None
                break
            swapped = pattern.sub(bad[eco][(k + i) % len(bad[eco])], swapped)
        if swapped:
            yield Case(fam, "claude-code", ev("Bash", {"command": swapped}, Path("/PROJECT")), {}, True, swapped)


def _in(cwd: Path, value):
    """``value`` with the placeholder folder replaced by ``cwd`` (strings, lists and dicts)."""
    if isinstance(value, str):
        return value.replace("/PROJECT", str(cwd))
    if isinstance(value, list):
        return [_in(cwd, v) for v in value]
    if isinstance(value, dict):
        return {k: _in(cwd, v) for k, v in value.items()}
    return value


def build(case: Case, cwd: Path) -> Case:
    if case.host:  # made whole already (command cases): only the folder is filled in
        return Case(case.family, case.host, _in(cwd, case.event), case.files, case.stop, _in(cwd, case.name))
    if case.family == "config-edit":
        for label, make, files in CONFIG_CASES:
            if label == case.name:
                return Case(case.family, "claude-code", make(cwd), files, True, case.name)
    base = case.family.removesuffix("-control")
    for families in (pypi_families, npm_families):
        fams = families(cwd)
        if base in fams:
            host, event, files = fams[base](case.name)
            return Case(case.family, host, event, files, case.stop, case.name)
    raise KeyError(case.family)


def run(per_family: int, out: Path | None, commands: Path | None = None) -> dict:
    from depguard.config import load_settings
    from depguard.hooks import judge
    from depguard.hooks.budget import Budget
    from depguard.hooks.hosts import HOSTS

    stats: dict[str, dict[str, int]] = defaultdict(lambda: {"cases": 0, "stopped": 0, "missed": 0, "wrongly_stopped": 0})
    slowest = 0.0
    lines = []
    cache = tempfile.mkdtemp(prefix="dg-hook-bench-cache-")
    os.environ["DEPGUARD_CACHE_DIR"] = cache
    everything = list(cases(per_family))
    if commands is not None:
        known = {eco: listed(eco) for eco in ("pypi", "npm")}
        bad = {eco: invented(eco, known[eco]) for eco in ("pypi", "npm")}
        everything += list(command_cases(commands, bad, known))
    for proto in everything:
        with tempfile.TemporaryDirectory(prefix="dg-hook-bench-") as tmp:
            cwd = Path(tmp)
            case = build(proto, cwd)
            for rel, text in case.files.items():
                (cwd / rel).parent.mkdir(parents=True, exist_ok=True)
                (cwd / rel).write_text(text, encoding="utf-8")
            host = HOSTS[case.host]
            started = time.monotonic()
            try:
                action = host.action(case.event)
                answer = None if action is None else judge(action, Budget(45).clamp(load_settings(cwd)))
                decision = answer.decision if answer else None
            except Exception as exc:  # noqa: BLE001 - a crash is a result here, reported as such
                decision = f"crash: {type(exc).__name__}: {exc}"
            took = time.monotonic() - started
            slowest = max(slowest, took)
            stopped = decision in ("deny", "ask")
            s = stats[case.family]
            s["cases"] += 1
            if case.stop:
                s["stopped" if stopped else "missed"] += 1
            elif stopped:
                s["wrongly_stopped"] += 1
            lines.append({"family": case.family, "host": case.host, "name": case.name, "expected_stop": case.stop,
                          "decision": decision, "seconds": round(took, 3)})
    if out:
        out.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return {"families": dict(stats), "slowest_seconds": round(slowest, 3), "cases": len(lines)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-family", type=int, default=10, help="invented names and controls per family")
    ap.add_argument("--cases-out", type=Path, help="write every case and its answer (JSON lines)")
    ap.add_argument("--commands", type=Path, help="also drive the shell model's corpus of command forms "
                                                   "(tests/commands/fixtures/agent_commands.tsv) through the hook")
    args = ap.parse_args()
    if not os.environ.get("DEPGUARD_REGISTRY_PYPI"):
        raise SystemExit("point DEPGUARD_REGISTRY_PYPI/NPM at a registry serving the package lists (mockreg.py)")
    result = run(args.per_family, args.cases_out, args.commands)
    print(f"{'family':34} {'cases':>5} {'stopped':>7} {'missed':>6} {'wrongly':>7}")
    total = defaultdict(int)
    for family, s in sorted(result["families"].items()):
        print(f"{family:34} {s['cases']:5} {s['stopped']:7} {s['missed']:6} {s['wrongly_stopped']:7}")
        for k, v in s.items():
            total[k] += v
    print(f"{'total':34} {total['cases']:5} {total['stopped']:7} {total['missed']:6} {total['wrongly_stopped']:7}")
    print(f"slowest answer: {result['slowest_seconds']} s over {result['cases']} cases")


if __name__ == "__main__":
    main()
