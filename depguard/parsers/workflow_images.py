"""Container images a GitHub workflow runs: ``container: node:20`` (or its ``image:``), ``services:`` images,
and ``uses: docker://alpine:3.20`` steps. A hallucinated image runs with the workflow's token like a
hallucinated action does. Names are Docker Hub references unless they carry a registry host.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source, file_format
from ._image_lines import image_mentions
from ._refs import split_image

PARSER = "workflow-images"
CONTAINER = re.compile(r"""^\s*container\s*:\s*(?P<q>["']?)(?P<ref>[^\s"'#{]+)(?P=q)\s*(#.*)?$""")
DOCKER_USES = re.compile(r"""^\s*(?:-\s+)?uses\s*:\s*(?P<q>["']?)docker://(?P<ref>[^\s"'#]+)(?P=q)\s*(#.*)?$""")


@file_format(PARSER, (".github/workflows/*.yml", ".github/workflows/*.yaml", "action.yml", "action.yaml"),
             ecosystem="docker", kind="manifest",
             description="container images of GitHub workflows: container:, services: image:, uses: docker://")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
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
