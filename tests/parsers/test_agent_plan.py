"""A coding agent's JSON plan (held-out set 234, repositories created in 2026 with coding agents): agentik-os/panda-ai
commits the plan its agent built the project from (docs/step.json and two copies), whose steps list the commands the
agent runs; one installs `@semgrep/core`, which npm does not have, and no parser read the file. The shape below is
that file's (a phase's steps with id, title, status, files and commands), its names made up."""

from __future__ import annotations

from depguard.parsers import Source, formats_for, get_format

PLAN = """{
  "project": "demo",
  "phases": [
    {
      "id": 5,
      "name": "Security",
      "steps": [
        {
          "id": "step-042",
          "title": "Static analysis integration",
          "status": "pending",
          "files": ["packages/runtime/src/security/semgrep.ts"],
          "commands": [
            "pnpm add @semgrep-invented-zq/core",
            "pip install bandit-invented-zq && npx invented-plan-cli-zq init"
          ]
        },
        {"id": "step-043", "description": "Workspace", "commands": ["pnpm init", "pnpm dlx @turbo/gen workspace"]}
      ]
    }
  ],
  "options": {"commands": ["npm install nx-run-commands-zq"], "parallel": true},
  "contributes": {"commands": [{"command": "ext.run", "title": "npm install vscode-command-zq"}]}
}
"""


def _found(path: str, text: str) -> list[tuple[str, str, int, int]]:
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
            for m in get_format("agent-plan").parse(Source(path=path, text=text))]


def test_the_commands_of_a_plans_steps_are_read_where_they_are_written():
    got = _found("docs/step.json", PLAN)
    assert ("npm", "@semgrep-invented-zq/core", 14, 23) in got
    assert ("pypi", "bandit-invented-zq", 15, 26) in got
    assert ("npm", "invented-plan-cli-zq", 15, 52) in got
    assert ("npm", "@turbo/gen", 18, 92) in got
    # a list of commands in an object that names no step (Nx's run-commands options) and VS Code's command objects
    # are no plan's steps
    assert {name for _, name, _, _ in got} == {"@semgrep-invented-zq/core", "bandit-invented-zq",
                                                "invented-plan-cli-zq", "@turbo/gen"}


def test_only_files_named_as_plans_are_read_and_a_broken_one_is_quietly_no_plan():
    names = {f.name for f in formats_for("docs/step-complete.json")}
    assert "agent-plan" in names
    assert "agent-plan" in {f.name for f in formats_for(".claude/implementation-plan.json")}
    assert "agent-plan" not in {f.name for f in formats_for("data/records.json")}
    assert "agent-plan" not in {f.name for f in formats_for("package.json")}
    assert _found("docs/step.json", '{"commands": ["pnpm add x"') == []


def test_a_scan_judges_an_agents_plan(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {"docs/step.json": PLAN, "data/records.json": PLAN})
    got = verdicts(tmp_path)
    assert got[("docs/step.json", "@semgrep-invented-zq/core")] == "missing"
    assert ("data/records.json", "@semgrep-invented-zq/core") not in got  # a JSON file of another name is data
