"""Build arguments the repository's GitHub workflows pass to a Dockerfile: the ``build-args:`` of each
``docker/build-push-action`` step whose ``context`` (default: the repository root) and ``file`` (default:
``<context>/Dockerfile``) are that Dockerfile, as livebook's release workflow builds its ``FROM ${BASE_IMAGE}`` with
``BASE_IMAGE=hexpm/elixir:${{ env.elixir }}-erlang-…``. A value whose image repository is a template expression
(``${{ inputs.base }}``) names nothing readable and is left out; an expression in the tag is kept (the repository
is what is judged). A line that is an expression (``${{ matrix.build_args }}``) passes nothing known.
"""

from __future__ import annotations

import os
from pathlib import Path

from ...errors import ParseError
from ...fsview import active
from ...parsers._util import load_yaml, read_small
from ._refs import split_image

WORKFLOWS = (".github", "workflows")
BUILD_ACTION = "docker/build-push-action@"


def workflow_build_args(dockerfile: Path, root: Path, limit: int) -> dict[str, set[str]]:
    """``{argument: {value, …}}`` passed to ``dockerfile`` by the build steps of ``root``'s workflows."""
    out: dict[str, set[str]] = {}
    folder = root.joinpath(*WORKFLOWS)
    for name, is_dir in active().listdir(folder) or ():
        if is_dir or not name.endswith((".yml", ".yaml")):
            continue
        text = read_small(folder / name, limit)
        if not text or BUILD_ACTION not in text or "build-args" not in text:
            continue
        try:
            data = load_yaml(text)
        except (ParseError, ValueError, RecursionError):  # a workflow that does not read passes nothing known
            continue
        for step in _steps(data):
            inputs = step.get("with")
            if not isinstance(inputs, dict) or not _builds(inputs, dockerfile, root):
                continue
            for arg, value in _build_args(inputs.get("build-args")):
                out.setdefault(arg, set()).add(value)
    return out


def _steps(data: object) -> list[dict]:
    """The ``docker/build-push-action`` steps of every job of a workflow."""
    jobs = data.get("jobs") if isinstance(data, dict) else None
    found: list[dict] = []
    for job in jobs.values() if isinstance(jobs, dict) else ():
        steps = job.get("steps") if isinstance(job, dict) else None
        for step in steps if isinstance(steps, list) else ():
            if isinstance(step, dict) and str(step.get("uses", "")).startswith(BUILD_ACTION):
                found.append(step)
    return found


def _builds(inputs: dict, dockerfile: Path, root: Path) -> bool:
    """Whether a build step with these inputs builds ``dockerfile`` (paths relative to the repository root)."""
    context = inputs.get("context", ".")
    file = inputs.get("file")
    if not isinstance(context, str) or "${{" in context or "://" in context:
        return False  # a context from an expression or a remote Git context: not this tree's file
    wanted = file if isinstance(file, str) else os.path.join(context, "Dockerfile")
    if "${{" in wanted:
        return False
    return os.path.normpath(root / wanted) == os.path.normpath(dockerfile)


def _build_args(value: object) -> list[tuple[str, str]]:
    """(name, value) of a ``build-args`` input: one ``NAME=value`` a line (docker's actions split this list on
    line breaks only); values whose image repository is an expression are left out."""
    if not isinstance(value, str):
        return []
    out: list[tuple[str, str]] = []
    for line in value.splitlines():
        arg, eq, val = line.strip().partition("=")
        if not eq or not arg or "${{" in arg:
            continue
        val = val.strip().strip("\"'")
        if not val or ("${{" in val and split_image(val) is None):
            continue
        out.append((arg, val))
    return out
