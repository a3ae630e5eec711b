"""The README's install and integration snippets can be pasted as they are (issue 17): no placeholder owner,
no tag that does not exist, no install line that fetches PyPI's unrelated ``depguard``, a virtual-environment
step, and the pre-commit and workflow snippets agree with the files they stand for."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from depguard import about
from depguard.compat import tomllib

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end != -1 else None]


def blocks(text: str, lang: str) -> list[str]:
    return [body for tag, body in FENCE.findall(text) if tag == lang]


def test_no_placeholder_owner_and_no_tag_that_does_not_exist():
    assert "OWNER/" not in README
    tags = set()
    if shutil.which("git") and (ROOT / ".git").exists():
        tags = set(subprocess.run(["git", "-C", str(ROOT), "tag", "-l"], capture_output=True, text=True).stdout.split())
    for tag in re.findall(r"(?:rev:\s*|depguard@|uses: \./\S*@)(v\d+(?:\.\d+)*)\b", README):  # a tag of ours
        assert tag in tags, f"README names tag {tag}, which does not exist"


@pytest.mark.parametrize("path", ["README.md", "depguard/mcp_server.py", "depguard/cli_commands/mcp.py",
                                  "depguard/cli_commands/init.py", "action.yml", ".pre-commit-hooks.yaml"])
def test_nothing_tells_a_user_to_install_pypis_other_depguard(path):
    text = (ROOT / path).read_text(encoding="utf-8").replace("`pip install depguard` installs a different project", "")
    assert not re.search(r"pip(?:x)?\s+install\s+(?:-U\s+)?[\"']?depguard(?:\[[^\]]*\])?[\"']?(?:\s|$|`)", text), path
    assert "pypi.org/project/depguard" not in text


def test_install_says_where_depguard_comes_from_and_makes_a_virtual_environment():
    install = section("Install")
    sh = "\n".join(blocks(install, "sh"))
    assert "pipx install ./depguard" in sh
    assert "python3 -m venv" in sh and "/bin/python -m pip install ./depguard" in sh
    wheel = re.search(r"dist/(\S+\.whl)", sh).group(1)
    from depguard import __version__  # the one place the version is written (pyproject reads it from there)

    assert wheel == f"{about.DISTRIBUTION.replace('-', '_')}-{__version__}-py3-none-any.whl"
    assert "PEP 668" in install and about.DISTRIBUTION in install
    dev = "\n".join(blocks(section("Install and test"), "sh"))
    assert dev.index("python3 -m venv .venv") < dev.index('pip install -e ".[test]"')


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_pre_commit_snippet_is_the_hook_depguard_defines_and_init_prints():
    [config] = [yaml.safe_load(b) for b in blocks(section("Integrations"), "yaml") if "repos:" in b]
    [hook] = config["repos"][0]["hooks"]
    assert config["repos"][0]["repo"] == "local"
    [defined] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert (hook["id"], hook["entry"], hook["types"]) == (defined["id"], defined["entry"], defined["types"])
    from depguard.cli_commands.init import PRE_COMMIT

    printed = yaml.safe_load(PRE_COMMIT.format(install="x"))["repos"][0]["hooks"][0]
    assert hook == printed


def test_the_workflow_runs_the_base_branchs_copy_with_inputs_the_action_has():
    integrations = section("Integrations")
    [workflow] = [yaml.safe_load(b) for b in blocks(integrations, "yaml") if "jobs:" in b]
    steps = workflow["jobs"]["depguard"]["steps"]
    base_copy = next(s for s in steps if s.get("with", {}).get("path"))
    assert base_copy["with"]["ref"] == "${{ github.event.pull_request.base.sha }}"
    action = next(s for s in steps if str(s.get("uses", "")).startswith("./"))
    folder = base_copy["with"]["sparse-checkout"]
    assert action["uses"] == f"./{base_copy['with']['path']}/{folder}"
    assert set(action["with"]) <= set(ACTION["inputs"])
    assert any(f"/{base_copy['with']['path']}/" in s.get("run", "") and ".git/info/exclude" in s.get("run", "")
               for s in steps)
    # the copy holds what the Action installs from: every path the build needs exists here
    [copy] = [b for b in blocks(integrations, "sh") if "git -C" in b and "archive" in b]
    assert f"mkdir -p {folder}" in copy and f"tar -x -C {folder}" in copy
    paths = copy.split("archive HEAD", 1)[1].split("|")[0].split()
    assert {"action.yml", "pyproject.toml", PYPROJECT["project"]["readme"], "depguard"} <= set(paths)
    forced = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"].get("force-include", {})
    assert set(forced) <= set(paths)
    assert all((ROOT / p).exists() for p in paths)
