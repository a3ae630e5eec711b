"""Docker Compose files: the ``image:`` of each service.

Only compose files are read: the name says so (``docker-compose*.yml``, ``compose*.yaml``) and the file has
a top-level ``services:`` key. ``image:`` lines under ``services:`` and under ``x-`` extension fields (shared
service settings) are images; under other top-level keys (``configs:``, ``volumes:``) they are not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import Mention
from . import Source, file_format
from ._image_lines import image_mentions

PARSER = "compose"
TOP_KEY = re.compile(r"^(?P<key>[A-Za-z0-9_.-]+)\s*:")


def top_level_spans(lines: list[str]) -> dict[str, set[int]]:
    """Lines (1-based) under each top-level key of a YAML mapping."""
    spans: dict[str, set[int]] = {}
    current = None
    for i, line in enumerate(lines, 1):
        if line and not line[0].isspace() and not line.startswith("#"):
            m = TOP_KEY.match(line)
            current = m.group("key") if m else None
            if line.startswith("---"):
                current = None
        if current is not None:
            spans.setdefault(current, set()).add(i)
    return spans


@file_format("compose", ("docker-compose.yml", "docker-compose.yaml", "docker-compose.*.yml", "docker-compose.*.yaml",
                         "docker-compose-*.yml", "docker-compose-*.yaml", "compose.yml", "compose.yaml",
                         "compose.*.yml", "compose.*.yaml"),
             ecosystem="docker", kind="manifest", description="Docker Compose service images")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    spans = top_level_spans(lines)
    if "services" not in spans:
        return
    wanted = set(spans["services"])
    for key, span in spans.items():
        if key.startswith("x-"):
            wanted |= span
    yield from image_mentions(source, PARSER, lines, wanted)
