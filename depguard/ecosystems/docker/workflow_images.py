"""Container images a GitHub workflow runs: ``container: node:20`` (or its ``image:``), ``services:`` images,
and ``uses: docker://alpine:3.20`` steps, and a Docker action's ``runs.image`` in ``action.yml`` (``docker://ref``
is that image; ``image: Dockerfile`` is built from the action's own folder, no image to pull). A hallucinated
image runs with the workflow's token like a hallucinated action does. Names are Docker Hub references unless they carry a registry host.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import PurePosixPath

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ._image_lines import image_mentions
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
