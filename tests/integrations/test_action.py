"""The composite GitHub Action, run as the runner runs it: each ``run:`` step of ``action.yml`` executed with
bash (``--noprofile --norc -eo pipefail``, GitHub's ``shell: bash``) and the ``env:`` it declares, in a
temporary git repository with a base and a head commit and the ``GITHUB_*`` variables set. Only
``${{ inputs.x }}`` and ``${{ github.action_path }}`` are substituted, and only in ``env:`` values: no
``run:`` script may hold an expression. ``action.yml`` is validated with check-jsonschema's vendored
schema for actions. The install step pip-installs depguard from this checkout (PyPI for dependencies);
registry answers come from a loopback fake registry."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

CHECKOUT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((CHECKOUT / "action.yml").read_text(encoding="utf-8"))
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "report" / "data" / "sarif-schema-2.1.0.json").read_text())
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def test_action_yml_validates_against_the_published_actions_schema():
    proc = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-actions",
                           str(CHECKOUT / "action.yml")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok -- validation done" in proc.stdout


def test_no_input_is_interpolated_into_a_run_script():
    assert ACTION["runs"]["using"] == "composite"
    for step in ACTION["runs"]["steps"]:
        if "run" in step:
            assert not EXPRESSION.search(step["run"]), step["name"]
            assert step["shell"] == "bash"
    every_input = set(ACTION["inputs"])
    passed = {m.group(1).removeprefix("inputs.") for step in ACTION["runs"]["steps"]
              for value in (step.get("env") or {}).values() for m in EXPRESSION.finditer(str(value))}
    assert every_input - {"upload-sarif"} <= passed


def substitute(value: str, inputs: dict[str, str]) -> str:
    def one(m: re.Match) -> str:
        expr = m.group(1)
        if expr == "github.action_path":
            return str(CHECKOUT)
        if expr.startswith("inputs."):
            return inputs[expr.removeprefix("inputs.")]
        raise AssertionError(f"unexpected expression in an env value: {expr}")

    return EXPRESSION.sub(one, value)


def run_steps(repo: Path, runner: Path, inputs: dict[str, str], env: dict[str, str],
              steps: slice = slice(None)) -> list[subprocess.CompletedProcess]:
    values = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    values.update(inputs)
    done = []
    for n, step in enumerate(ACTION["runs"]["steps"][steps]):
        if "run" not in step:
            continue  # `uses:` steps (the SARIF upload) need GitHub itself
        step_env = dict(env, RUNNER_TEMP=str(runner))
        step_env.update({k: substitute(str(v), values) for k, v in (step.get("env") or {}).items()})
        script = repo.parent / f"step-{n}.sh"
        script.write_text(step["run"], encoding="utf-8")
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=repo,
                              env=step_env, capture_output=True, text=True, timeout=900)
        done.append(proc)
        if proc.returncode != 0:
            break
    return done


@pytest.fixture(scope="module")
def runner_temp(tmp_path_factory):
    """RUNNER_TEMP after the action's install step (run once for the module: it pip-installs depguard)."""
    if shutil.which("git") is None:
        pytest.skip("needs git")
    runner = tmp_path_factory.mktemp("runner")
    repo = runner / "workspace"
    repo.mkdir()
    [install] = run_steps(repo, runner, {"python": sys.executable}, dict(os.environ), slice(0, 1))
    assert install.returncode == 0, install.stdout + install.stderr
    assert "depguard 0." in install.stdout
    return runner


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid",
                           "-c", "commit.gpgsign=false", *args], check=True, capture_output=True, text=True).stdout.strip()


def pull_request(root: Path, base: dict[str, str], head: dict[str, str]) -> tuple[Path, str, str]:
    """A repository with a base commit holding ``base`` and a head commit adding ``head``: (repo, base, head)."""
    repo = root / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shas = []
    for files in (base, head):
        for name, text in files.items():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / name).write_text(text)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "commit")
        shas.append(git(repo, "rev-parse", "HEAD"))
    return repo, shas[0], shas[1]


OLD = "requests\nreqeusts-old-typo  # depguard: ignore legacy\nflaskk-old\n"


@pytest.mark.slow
def test_action_annotates_only_what_the_pull_request_adds(tmp_path, registry, runner_temp):
    repo, base, head = pull_request(tmp_path, {"requirements.txt": OLD}, {
        "requirements.txt": OLD + "flask\nreqeusts-pr-typo\n",
        "scripts/setup.sh": "#!/bin/sh\nnpm install lodash left-padd\n",
    })
    runner = tmp_path / "runner"
    runner.mkdir()
    event = runner / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 7, "base": {"sha": base, "ref": "main"},
                                                  "head": {"sha": head}}}))
    summary, output = runner / "summary.md", runner / "output.txt"
    env = dict(os.environ, GITHUB_ACTIONS="true", CI="true", GITHUB_WORKSPACE=str(repo), GITHUB_EVENT_NAME="pull_request",
               GITHUB_EVENT_PATH=str(event), GITHUB_BASE_REF="main", GITHUB_HEAD_REF="feature",
               GITHUB_REPOSITORY="acme/shop", GITHUB_SHA=head, GITHUB_STEP_SUMMARY=str(summary),
               GITHUB_OUTPUT=str(output), GITHUB_ACTION_PATH=str(CHECKOUT), RUNNER_OS="Linux",
               NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost")
    [scan] = run_steps(repo, runner_temp, {"sarif-file": str(runner / "depguard.sarif")}, env, slice(1, None))
    assert scan.returncode == 1, scan.stdout + scan.stderr
    annotations = [ln.split(" does not exist on its registry: ")[0] for ln in scan.stdout.splitlines() if ln.startswith("::")]
    assert annotations == [
        "::error file=requirements.txt,line=5,col=1,endLine=5,endColumn=17,title=depguard DG001 missing%3A "
        "reqeusts-pr-typo::pypi package 'reqeusts-pr-typo'",
        "::error file=scripts/setup.sh,line=2,col=20,endLine=2,endColumn=29,title=depguard DG001 missing%3A "
        "left-padd::npm package 'left-padd'",
    ]
    assert "flaskk-old" not in scan.stdout  # on the base already: not this pull request's doing
    assert output.read_text() == "exit-code=1\n"

    md = summary.read_text()
    assert md.startswith("### ❌ depguard: 2 package name(s) need attention")
    assert "| ❌ missing (DG001) | `reqeusts-pr-typo` | `pypi` | `requirements.txt:5:1` |" in md
    assert "flaskk-old" not in md

    sarif = json.loads((runner / "depguard.sarif").read_text())
    jsonschema.Draft4Validator(SCHEMA).validate(sarif)
    assert sorted(r["properties"]["package"] for r in sarif["runs"][0]["results"]) == ["left-padd", "reqeusts-pr-typo"]
    assert "/pypi/flaskk-old/json" not in registry.asked


@pytest.mark.slow
def test_action_passes_a_clean_pull_request(tmp_path, registry, runner_temp):
    repo, base, _ = pull_request(tmp_path, {"requirements.txt": "flaskk-old\n"},
                                 {"requirements.txt": "flaskk-old\nrequests\n"})
    summary = tmp_path / "summary.md"
    env = dict(os.environ, GITHUB_ACTIONS="true", GITHUB_WORKSPACE=str(repo), GITHUB_STEP_SUMMARY=str(summary),
               GITHUB_OUTPUT=str(tmp_path / "out.txt"), NO_PROXY="127.0.0.1,localhost")
    [scan] = run_steps(repo, runner_temp, {"base": base}, env, slice(1, None))
    assert scan.returncode == 0, scan.stdout + scan.stderr
    assert not [ln for ln in scan.stdout.splitlines() if ln.startswith("::")]
    assert summary.read_text().startswith("### ✅ depguard: every package name checks out")


@pytest.mark.slow
def test_action_reads_the_config_of_the_base_and_reports_a_config_change(tmp_path, registry, runner_temp):
    # the pull request adds a config that ignores everything, and a typo: the base's (empty) config governs
    repo, base, _ = pull_request(tmp_path, {"requirements.txt": "requests\n"}, {
        "requirements.txt": "requests\nreqeusts-pr-typo\n", ".depguard.toml": 'ignore = ["**"]\n'})
    env = dict(os.environ, GITHUB_ACTIONS="true", GITHUB_WORKSPACE=str(repo), GITHUB_OUTPUT=str(tmp_path / "out.txt"),
               NO_PROXY="127.0.0.1,localhost")
    [scan] = run_steps(repo, runner_temp, {"base": base, "summary": "false"}, env, slice(1, None))
    assert scan.returncode == 1, scan.stdout + scan.stderr
    assert any("reqeusts-pr-typo" in ln for ln in scan.stdout.splitlines() if ln.startswith("::error"))
    assert any(ln.startswith("::warning file=.depguard.toml") and "config-change" in ln
               for ln in scan.stdout.splitlines())


@pytest.mark.slow
def test_action_on_a_push_diffs_against_the_commit_before(tmp_path, registry, runner_temp):
    repo, base, head = pull_request(tmp_path, {"requirements.txt": "flaskk-old\n"},
                                    {"requirements.txt": "flaskk-old\nrequests\n"})
    event = tmp_path / "push.json"
    event.write_text(json.dumps({"before": base, "after": head}))
    env = dict(os.environ, GITHUB_ACTIONS="true", GITHUB_WORKSPACE=str(repo), GITHUB_EVENT_NAME="push",
               GITHUB_EVENT_PATH=str(event), GITHUB_OUTPUT=str(tmp_path / "out.txt"), NO_PROXY="127.0.0.1,localhost")
    [scan] = run_steps(repo, runner_temp, {"summary": "false"}, env, slice(1, None))
    assert scan.returncode == 0, scan.stdout + scan.stderr  # flaskk-old was there before the push
