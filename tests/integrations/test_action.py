"""The composite GitHub Action, run as the runner runs it: each ``run:`` step of ``action.yml`` executed with
bash (``--noprofile --norc -eo pipefail``, GitHub's ``shell: bash``) and the ``env:`` it declares, in a
temporary git repository with a base and a head commit and the ``GITHUB_*`` variables set. Only
``${{ inputs.x }}``, ``${{ steps.ID.outputs.x }}`` (from each step's own ``GITHUB_OUTPUT`` file),
``${{ github.action_path }}`` and ``${{ github.token }}`` are substituted, and only in ``env:`` values: no
``run:`` script may hold an expression. ``uses:`` steps (actions/cache, the SARIF upload) need GitHub itself
and are skipped; their ``with:`` values are checked. ``action.yml`` is validated with check-jsonschema's
vendored schema for actions. The install step pip-installs depguard from this checkout (PyPI for
dependencies); registry answers come from a loopback fake registry."""

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
    assert every_input - {"upload-sarif", "cache"} <= passed  # those two only decide whether a `uses:` step runs


FAKE_TOKEN = "ghs_depguardTestToken0123456789abcdefXYZ"  # stands in for ${{ github.token }}


def substitute(value: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]] | None = None,
               runner: Path | None = None) -> str:
    def one(m: re.Match) -> str:
        expr = m.group(1)
        if expr == "github.action_path":
            return str(CHECKOUT)
        if expr == "github.token":
            return FAKE_TOKEN
        if expr == "runner.temp" and runner is not None:
            return str(runner)
        if expr.startswith("inputs."):
            return substitute(inputs[expr.removeprefix("inputs.")], inputs, outputs, runner)  # a default may be one
        step_output = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
        if step_output and outputs is not None:
            return outputs.get(step_output.group(1), {}).get(step_output.group(2), "")
        raise AssertionError(f"unexpected expression in an env value: {expr}")

    return EXPRESSION.sub(one, value)


def read_outputs(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    return dict(line.split("=", 1) for line in path.read_text(encoding="utf-8").splitlines() if "=" in line)


def run_steps(repo: Path, runner: Path, inputs: dict[str, str], env: dict[str, str],
              steps: slice = slice(None), outputs: dict[str, dict[str, str]] | None = None) -> list[subprocess.CompletedProcess]:
    """Run the ``run:`` steps; ``outputs`` (by step id) holds what earlier steps wrote and gets what these write
    (each step has its own GITHUB_OUTPUT file, as on GitHub)."""
    values = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    values.update(inputs)
    outputs = {} if outputs is None else outputs
    done = []
    for n, step in enumerate(ACTION["runs"]["steps"][steps]):
        if "run" not in step:
            continue  # `uses:` steps (actions/cache, the SARIF upload) need GitHub itself
        output_file = repo.parent / f"step-{n}-{step.get('id', 'x')}-output.txt"
        output_file.unlink(missing_ok=True)
        step_env = dict(env, RUNNER_TEMP=str(runner), GITHUB_OUTPUT=str(output_file))
        step_env.update({k: substitute(str(v), values, outputs, runner) for k, v in (step.get("env") or {}).items()})
        script = repo.parent / f"step-{n}.sh"
        script.write_text(step["run"], encoding="utf-8")
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=repo,
                              env=step_env, capture_output=True, text=True, timeout=900)
        done.append(proc)
        if "id" in step:
            outputs[step["id"]] = read_outputs(output_file)
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
    outputs: dict[str, dict[str, str]] = {}
    [install] = run_steps(repo, runner, {"python": sys.executable}, dict(os.environ, RUNNER_OS="Linux"), slice(0, 1),
                          outputs)
    assert install.returncode == 0, install.stdout + install.stderr
    assert "depguard 0." in install.stdout
    return runner, outputs["install"]


def run_action(repo: Path, runner_temp, inputs: dict[str, str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess, dict]:
    """The steps after the install (the cache restore is GitHub's), as one run: (the scan step, its outputs)."""
    runner, installed = runner_temp
    outputs = {"install": installed}
    [proc] = run_steps(repo, runner, inputs, env, slice(1, None), outputs)
    return proc, outputs.get("scan", {})


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
    scan, outputs = run_action(repo, runner_temp, {"sarif-file": str(runner / "depguard.sarif")}, env)
    assert scan.returncode == 1, scan.stdout + scan.stderr
    annotations = [ln.split(" does not exist on its registry: ")[0] for ln in scan.stdout.splitlines() if ln.startswith("::")]
    assert annotations == [
        "::error file=requirements.txt,line=5,col=1,endLine=5,endColumn=17,title=depguard DG001 missing%3A "
        "reqeusts-pr-typo::pypi package 'reqeusts-pr-typo'",
        "::error file=scripts/setup.sh,line=2,col=20,endLine=2,endColumn=29,title=depguard DG001 missing%3A "
        "left-padd::npm package 'left-padd'",
    ]
    assert "flaskk-old" not in scan.stdout  # on the base already: not this pull request's doing
    assert outputs == {"exit-code": "1", "flagged": "2", "missing": "2", "suspicious": "0", "not-checked": "0",
                       "problems": "0", "sarif-file": str(runner / "depguard.sarif"),
                       "report-file": str(runner_temp[0] / "depguard-report.json")}

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
    scan, _ = run_action(repo, runner_temp, {"base": base}, env)
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
    scan, _ = run_action(repo, runner_temp, {"base": base, "summary": "false"}, env)
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
    scan, _ = run_action(repo, runner_temp, {"summary": "false"}, env)
    assert scan.returncode == 0, scan.stdout + scan.stderr  # flaskk-old was there before the push


def steps_by_id() -> dict[str, dict]:
    return {step.get("id") or step["name"]: step for step in ACTION["runs"]["steps"]}


def test_the_scan_step_runs_depguard_once_and_renders_every_report_from_that_run():
    script = steps_by_id()["scan"]["run"]
    calls = [ln for ln in script.splitlines() if '/bin/depguard"' in ln]
    assert len(calls) == 1, calls
    for fmt in ("--format github", '"json=$report"', '"sarif=$sarif"', '"markdown=$summary"'):
        assert fmt in script.replace("\\\n", " ")


def test_the_answer_cache_is_restored_into_the_folder_depguard_uses_and_keyed_by_the_missing_ttl():
    steps = steps_by_id()
    restore = steps["restore"]
    assert restore["uses"].startswith("actions/cache/restore@")
    assert restore["with"] == {"path": "${{ steps.install.outputs.cache-dir }}",
                               "key": "${{ steps.install.outputs.key }}",
                               "restore-keys": "${{ steps.install.outputs.restore-prefix }}"}
    names = list(steps)
    [save] = [s for s in ACTION["runs"]["steps"] if str(s.get("uses", "")).startswith("actions/cache/save@")]
    assert save["with"] == {"path": restore["with"]["path"], "key": restore["with"]["key"]}
    assert names.index("restore") < names.index("scan") < names.index(save["name"])
    # saved also when the scan flags something (the job fails), never over a snapshot of this very key
    assert save["if"].startswith("${{ always() &&") and "steps.restore.outputs.cache-hit != 'true'" in save["if"]
    assert "inputs.cache == 'true'" in restore["if"] and "inputs.cache == 'true'" in save["if"]
    assert steps["scan"]["env"]["DEPGUARD_CACHE_DIR"] == "${{ steps.install.outputs.cache-dir }}"
    assert steps["scan"]["env"]["GITHUB_TOKEN"] == "${{ inputs.token }}"
    assert ACTION["inputs"]["token"]["default"] == "${{ github.token }}"


def runner_env(repo: Path, **more: str) -> dict[str, str]:
    """The environment of a runner's job (without a token of the machine running the test)."""
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
    return dict(env, GITHUB_ACTIONS="true", GITHUB_WORKSPACE=str(repo), RUNNER_OS="Linux",
                NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost", **more)


def unreachable_url() -> str:
    """A loopback address nobody listens on (connection refused at once)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.mark.slow
def test_action_scans_once_caches_answers_and_never_shows_the_token(tmp_path, registry, runner_temp):
    repo, base, _ = pull_request(tmp_path, {"requirements.txt": "requests\n"},
                                 {"requirements.txt": "requests\nflask\nreqeusts-pr-typo\n"})
    summary = tmp_path / "summary.md"
    env = runner_env(repo, GITHUB_STEP_SUMMARY=str(summary))
    runner = runner_temp[0]
    shutil.rmtree(runner / "depguard-cache", ignore_errors=True)  # a cold cache, as on a first run
    first, outputs = run_action(repo, runner_temp, {"base": base}, env)
    assert first.returncode == 1, first.stdout + first.stderr
    # one scan: each name asked once, although annotations, JSON, SARIF and the summary were all written
    assert registry.asked.count("/pypi/flask/json") == 1
    assert registry.asked.count("/pypi/reqeusts-pr-typo/json") == 1
    assert json.loads(Path(outputs["sarif-file"]).read_text())["runs"][0]["results"]
    assert json.loads(Path(outputs["report-file"]).read_text())["summary"]["missing"] == 1
    # the token reached depguard (a credential makes it keep a digest key beside its cache) ...
    assert (runner / "depguard-cache" / "registry-key").is_file()
    # ... and nothing it wrote shows it
    written = [first.stdout, first.stderr, summary.read_text(), json.dumps(outputs)]
    written += [p.read_text(errors="replace") for p in (Path(outputs["sarif-file"]), Path(outputs["report-file"]))]
    written += [p.read_bytes().decode("latin-1") for p in (runner / "depguard-cache").rglob("*") if p.is_file()]
    assert not [w for w in written if FAKE_TOKEN in w]
    # the next run of the same job (actions/cache restores the folder): answers come from the cache
    asked = len(registry.asked)
    again, outputs_again = run_action(repo, runner_temp, {"base": base}, env)
    assert again.returncode == 1, again.stdout + again.stderr
    assert registry.asked[asked:] == []
    assert outputs_again["missing"] == "1"


@pytest.mark.slow
@pytest.mark.parametrize(("policy", "step_code", "line"), [
    ("fail", 3, None),
    ("warn", 0, "::warning title=depguard::1 package name(s) could not be checked because a registry did not answer"),
    ("pass", 0, "depguard: 1 package name(s) could not be checked because a registry did not answer"),
])
def test_registry_unreachable_input_decides_what_an_unanswered_registry_does_to_the_step(
        tmp_path, runner_temp, policy, step_code, line):
    repo, base, _ = pull_request(tmp_path, {"requirements.txt": "requests\n"},
                                 {"requirements.txt": "requests\nflask-not-yet-asked\n"})
    env = runner_env(repo, DEPGUARD_REGISTRY_PYPI=unreachable_url())
    proc, outputs = run_action(repo, runner_temp, {"base": base, "summary": "false", "registry-unreachable": policy}, env)
    assert proc.returncode == step_code, proc.stdout + proc.stderr
    assert outputs["exit-code"] == "3" and outputs["not-checked"] == "1" and outputs["flagged"] == "0"
    if line:
        assert line in proc.stdout
    assert any(ln.startswith("::warning file=requirements.txt") and "flask-not-yet-asked" in ln
               for ln in proc.stdout.splitlines())  # listed as not checked whatever the policy
