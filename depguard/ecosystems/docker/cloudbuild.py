"""Google Cloud Build configurations (``cloudbuild.yaml``, ``cloudbuild-*.yaml``): each step runs in the container image
its ``name:`` gives (``gcr.io/cloud-builders/docker``, ``python:3.12``), pulled when the build runs. An image an
earlier step of the tree builds (``docker build --tag=gcloud-slim``, ``--tag=gcr.io/$PROJECT_ID/gcloud``: the docker
builder's ``args``, :func:`depguard.ecosystems.docker._local_images.images_in_cloudbuild`) is the tree's own; another
name holding a substitution (``$_IMAGE``, ``${_BASE}``) is not checked. The images a build pushes (``images:``) are
the ones it makes, no pull.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_yaml
from ._local_images import CLOUDBUILD_NAMES, images_in_cloudbuild, variable_slot
from ._refs import slot_marked, split_image

PARSER = "cloudbuild"
NAME_KEY = re.compile(r"^\s*(?:-\s+)?name\s*:\s*")


@file_format(PARSER, CLOUDBUILD_NAMES, ecosystem="docker", kind="manifest",
             description="Google Cloud Build steps' builder images")
def parse(source: Source) -> Iterator[Mention]:
    if "steps" not in source.text:
        return
    try:
        data = load_yaml(source.text)
    except (ParseError, ValueError, RecursionError):
        return
    steps = data.get("steps") if isinstance(data, dict) else None
    if not isinstance(steps, list):
        return
    lines = source.text.splitlines()
    built: set[str] | None = None
    at, misses = 1, 0
    for step in steps:
        name = step.get("name") if isinstance(step, dict) else None
        if not isinstance(name, str) or not name.strip():
            continue
        line, col = _name_line(lines, name, at, misses < MAX_MISSED_SCANS)
        if line is None or col is None:  # written otherwise (an escape, an alias): at the step's next name key
            misses += 1
            line, col = _name_line(lines, None, at, False)
            if line is None or col is None:
                line, col = at, 1
        at = line + 1
        found = split_image(name)
        if found is None:
            built = images_in_cloudbuild(source.text) if built is None else built
            slot = variable_slot(name)
            if slot is None or (slot not in built and slot not in source.hints.local_images):
                source.problem(f"image {name!r} is built from a variable; not checked", line, col, kind="limit")
            continue
        yield slot_marked(source.mention("docker", name, line, col, Origin.MANIFEST, PARSER, spec=found[1],
                                         name=found[0]), name)


# A step's image is placed by its value on a name key; one written otherwise (a YAML escape, "acme/\x61b", or an alias,
# *img) is never found so, and each such search reads to the file's end: past this many, an image is placed at the
# next name key only (reviewer r32: such steps were left out, and 4,000 of them took 17 s)
MAX_MISSED_SCANS = 32


def _name_line(lines: list[str], name: str | None, start: int, scan: bool = True) -> tuple[int, int] | tuple[None, None]:
    """(line, column) of the first ``name:`` key at or after line ``start`` whose value is ``name`` (any value for None);
    without ``scan``, only the first such key is looked at."""
    for i in range(max(start, 1) - 1, len(lines)):
        key = NAME_KEY.match(lines[i])
        if key is None:
            continue
        at = lines[i].find(name, key.end()) if name is not None else key.end()
        if at >= 0:
            return i + 1, at + 1
        if not scan:
            break
    return None, None
