"""The GitHub workflow ``depguard init`` prints runs as pasted: installed from a Git URL or archive address,
depguard is installed from it; installed from a local copy (a clone, a wheel: no address a runner can reach),
the workflow installs the copy kept in the repository as the base branch has it, never a ``<placeholder>``."""

from __future__ import annotations

import pytest
import yaml

from depguard.cli import main
from depguard.cli_commands import init


def workflow_steps(monkeypatch, capsys, tmp_path, source):
    monkeypatch.setattr(init, "_install_source", lambda: source)
    assert main(["init", str(tmp_path)]) == 0
    snippets = capsys.readouterr().out.split("\n\n")
    [workflow] = [s for s in snippets if "workflows/depguard.yml" in s]
    return [step.get("run", "") for step in yaml.safe_load(workflow)["jobs"]["depguard"]["steps"]], workflow


def test_init_workflow_from_a_local_copy_installs_the_base_branchs_copy(monkeypatch, capsys, tmp_path):
    runs, text = workflow_steps(monkeypatch, capsys, tmp_path, init.PLACEHOLDER)
    assert "<" not in " ".join(runs)
    assert any(r.startswith("python -m pip install ./.depguard-copy/.github/actions/depguard") for r in runs)
    assert "github.event.pull_request.base.sha" in text and "git -C ~/depguard archive HEAD" in text


@pytest.mark.parametrize("source", ['"depguard-names @ git+https://example.org/depguard.git@0123abc"'])
def test_init_workflow_installs_from_the_address_depguard_came_from(monkeypatch, capsys, tmp_path, source):
    runs, text = workflow_steps(monkeypatch, capsys, tmp_path, source)
    assert f"python -m pip install {source}" in runs and ".depguard-copy" not in text
