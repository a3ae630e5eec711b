"""A coding agent's plan kept as JSON (``docs/step.json``, ``plan.json``, ``tasks.json`` …): a list of steps, each
with a title or description and the shell commands the agent runs to carry it out, ``{"id": "step-042", "title":
"Semgrep integration", "status": "pending", "commands": ["pnpm add @semgrep/core"]}``. The agent that follows the plan
runs those commands as written, so each string of a step's ``commands`` list is read by the shell model as a command
line, as a Claude Code hook's is (:mod:`depguard.parsers.claude_settings`).

Held-out set 234 (repositories created in 2026, mostly written with coding agents): agentik-os/panda-ai commits the
plan its agent built the project from (``docs/step.json``, ``docs/step-complete.json``, ``docs/step_temp.json``, some
150 steps); one step installs ``@semgrep/core``, which npm does not have (Semgrep is a Python tool), and no parser read
the file. Only a list of strings under ``commands`` in an object that says what the step is (a title, a description,
a task, a name or a status beside it) is read: VS Code's ``"commands": [{"command": …, "title": …}]`` contributions
are objects, and Nx's ``run-commands`` options (``{"commands": […], "parallel": true}``) describe no step. Only files
whose names say they are plans are opened (a JSON data file of any other name is never read for this).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..commands import mentions_in_script
from ..errors import ParseError
from ..model import Mention
from . import Source, file_format
from ._lines_js import Keyed, LineIndex, Placed, load_json_positions

PARSER = "agent-plan"
# the names agents and their plug-ins give such files: step.json, steps.json, plan.json, implementation-plan.json,
# tasks.json, todo.json, roadmap.json (and their -complete, _temp, .draft variants)
PATTERNS = ("*step.json", "*steps.json", "step[-_.]*.json", "steps[-_.]*.json", "*plan.json", "plan[-_.]*.json",
            "*tasks.json", "tasks[-_.]*.json", "*todo.json", "todo[-_.]*.json", "*todos.json", "*roadmap.json")
# what makes an object a step of a plan: it says what is to be done
STEP_KEYS = ("title", "description", "task", "name", "status", "summary", "goal")
MAX_DEPTH = 64  # plans nest phases, steps and sub-steps; a deeper document is data, not a plan


@file_format(PARSER, PATTERNS, kind="script",
             description="a coding agent's JSON plan: the commands each step runs")
def parse(source: Source) -> Iterator[Mention]:
    if '"commands"' not in source.text:
        return
    try:
        data, index = load_json_positions(source.text, jsonc=True, what="a coding agent's plan (JSON)")
    except ParseError:
        return  # not one JSON document: no plan of this shape
    yield from _steps(source, index, data, 0)


def _steps(source: Source, index: LineIndex, node: object, depth: int) -> Iterator[Mention]:
    """The mentions of every step below ``node`` (iterative over siblings, recursive only in depth)."""
    if depth > MAX_DEPTH:
        return
    if isinstance(node, Keyed):
        commands = node.get("commands")
        if isinstance(commands, Placed) and any(k in node for k in STEP_KEYS):
            for command, at in zip(commands, commands.where):
                if isinstance(command, str) and command.strip():
                    line, col = index.line_col(at)
                    yield from mentions_in_script(source.fragment(command, line, col), parser=PARSER)
        children: list[object] = list(node.values())
    elif isinstance(node, Placed):
        children = list(node)
    else:
        return
    for child in children:
        if isinstance(child, (Keyed, Placed)):
            yield from _steps(source, index, child, depth + 1)
