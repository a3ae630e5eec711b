"""Container images a GitHub workflow runs: ``container: node:20`` (or its ``image:``), ``services:`` images,
and ``uses: docker://alpine:3.20`` steps (an image taken from the job's build matrix, ``image: ${{ matrix.image }}``,
is each value the matrix gives it, at the line where that value is written), and a Docker action's ``runs.image``
in ``action.yml`` (``docker://ref`` is that image; ``image: Dockerfile`` is built from the action's own folder, no
image to pull). A hallucinated image runs with the workflow's token like a hallucinated action does. Names are
Docker Hub references unless they carry a registry host.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from pathlib import PurePosixPath

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import find_line, load_yaml
from ._image_lines import IMAGE, image_mentions
from ._refs import split_image

PARSER = "workflow-images"
ACTION_FILES = ("action.yml", "action.yaml")
ACTION_IMAGE = re.compile(r"""^(?P<key>\s*image\s*:\s*)(?P<q>["']?)(?P<value>[^\s"'#]+)(?P=q)""")


def _action_image(m: re.Match[str]) -> str:
    """``image: docker://alpine:3`` as ``image: alpine:3`` (columns kept); a Dockerfile path as no image."""
    value = m.group("value")
    if value.startswith("docker://"):
        return m.group("key") + " " * 9 + m.group("q") + value[9:] + m.group("q")
    return " " * len(m.group(0))
# `image: ${{ matrix.settings.docker }}` / `container: ${{ matrix.image }}`: the image is one of the matrix's values
MATRIX_IMAGE = re.compile(r"""^(?P<key>\s*(?:-\s+)?(?:image|container)\s*:\s*)(?P<q>["']?)\$\{\{\s*matrix\."""
                          r"""(?P<path>[\w-]+(?:\.[\w-]+)*)\s*\}\}(?P=q)\s*(?:#.*)?$""")


def _matrix_values(data: object, path: list[str], job_id: str | None) -> list[str] | None:
    """Every value ``matrix.<path>`` takes in job ``job_id`` (every job's when None): a list under ``path[0]``, each
    item read down the rest of the path, and the ``include`` entries; None when one of them is not a plain string
    (a nested expression): then the image stays unchecked."""
    jobs = data.get("jobs") if isinstance(data, dict) else None
    found: list[str] = []
    if not isinstance(jobs, dict):
        return found
    for job in (jobs.values() if job_id is None else [jobs.get(job_id)]):
        strategy = job.get("strategy") if isinstance(job, dict) else None
        matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
        if not isinstance(matrix, dict):
            continue
        items = matrix.get(path[0])
        rows = list(items) if isinstance(items, list) else []
        include = matrix.get("include")
        rows += [row.get(path[0]) for row in include if isinstance(row, dict)] if isinstance(include, list) else []
        for value in rows:
            for key in path[1:]:
                value = value.get(key) if isinstance(value, dict) else None
            if value is None:
                continue  # a row without this key (a build without a container): no image
            if not isinstance(value, str) or "${{" in value:
                return None
            found.append(value)
    return found


def _matrix_images(source: Source, lines: list[str]) -> Generator[Mention, None, list[str]]:
    """The images a workflow's ``image:``/``container:`` take from its build matrix, each at the line of the matrix
    where it is written; returns the lines with those references blanked (they are read, not templates left)."""
    refs = {no: m for no, line in enumerate(lines, 1) if (m := MATRIX_IMAGE.match(line))}
    if not refs:
        return lines
    try:
        data = load_yaml(source.text)
    except (ParseError, ValueError, RecursionError):
        return lines
    start = next((no for no, line in enumerate(lines, 1) if MATRIX_KEY.match(line)), 1)
    jobs = _job_lines(lines)
    out = list(lines)
    seen: set[str] = set()
    for no, m in refs.items():
        first, job_id = next(((first, job) for first, job in reversed(jobs) if first < no), (start, None))
        values = _matrix_values(data, m.group("path").split("."), job_id)
        if not values:
            continue
        out[no - 1] = ""
        for ref in values:
            found = split_image(ref)
            if ref in seen or found is None:
                continue
            seen.add(ref)
            line, col = find_line(lines, ref, first)
            if line is not None and IMAGE.match(lines[line - 1]):
                continue  # a matrix key named image (`- image: debian:12`): read as an image: line already
            if line is None:
                line, col = no, m.end("key") + 1
            yield source.mention("docker", ref, line, col, Origin.MANIFEST, PARSER, spec=found[1], name=found[0],
                                 note=f"matrix.{m.group('path')}")
    return out


MATRIX_KEY = re.compile(r"^\s*matrix\s*:")
JOB = re.compile(r"""^(?P<indent>[ ]+)(?P<q>["']?)(?P<id>[\w-]+)(?P=q)\s*:\s*(?:#.*)?$""")


def _job_lines(lines: list[str]) -> list[tuple[int, str]]:
    """(line, job id) of each job under the workflow's top-level ``jobs:``, in order."""
    out: list[tuple[int, str]] = []
    indent = None
    inside = False
    for no, line in enumerate(lines, 1):
        if line and not line[0].isspace() and not line.startswith("#"):
            inside = line.split("#", 1)[0].rstrip() == "jobs:"
            continue
        m = JOB.match(line) if inside else None
        if m and (indent is None or len(m.group("indent")) == indent):
            indent = len(m.group("indent"))
            out.append((no, m.group("id")))
    return out
CONTAINER = re.compile(r"""^\s*container\s*:\s*(?P<q>["']?)(?P<ref>[^\s"'#{]+)(?P=q)\s*(#.*)?$""")
DOCKER_USES = re.compile(r"""^\s*(?:-\s+)?uses\s*:\s*(?P<q>["']?)docker://(?P<ref>[^\s"'#]+)(?P=q)\s*(#.*)?$""")


@file_format(PARSER, (".github/workflows/*.yml", ".github/workflows/*.yaml", "action.yml", "action.yaml"),
             ecosystem="docker", kind="manifest",
             description="container images of GitHub workflows: container:, services: image:, uses: docker://")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    if PurePosixPath(source.path).name in ACTION_FILES:
        # a Docker action's runs.image is a Dockerfile the action builds (image: Dockerfile) or docker://ref
        lines = [ACTION_IMAGE.sub(_action_image, line) for line in lines]
    elif "matrix." in source.text:
        lines = yield from _matrix_images(source, lines)
    yield from image_mentions(source, PARSER, lines)
    for no, line in enumerate(lines, 1):
        m = CONTAINER.match(line) or DOCKER_USES.match(line)
        if not m:
            continue
        ref = m.group("ref")
        if "${{" in ref:
            continue
        found = split_image(ref)
        if found is None:
            source.problem(f"image {ref!r} is built from a variable; not checked", no, m.start("ref") + 1, kind="limit")
            continue
        name, tag = found
        yield source.mention("docker", ref, no, m.start("ref") + 1, Origin.MANIFEST, PARSER, spec=tag, name=name)
