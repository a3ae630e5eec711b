"""``Pipfile.lock`` (JSON): the ``default`` and ``develop`` categories and any other category; entries
from ``git``/``hg``/``svn``/``bzr``, a local ``path`` or a ``file`` URL are not registry names."""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json

PARSER = "Pipfile.lock"
NON_REGISTRY_KEYS = ("git", "hg", "svn", "bzr", "path", "file")


@file_format("Pipfile.lock", ("Pipfile.lock",), ecosystem="pypi", kind="lockfile",
             description="Pipenv lockfile: default, develop and other categories")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("Pipfile.lock is not a JSON object", 1)
    positions = json_key_positions(source.text)
    for category, packages in data.items():
        if category == "_meta":
            continue
        if not isinstance(packages, dict):
            source.problem(f"category {category!r} is not an object", *positions.get((category,), (None, None)))
            continue
        for name, entry in packages.items():
            line, col = positions.get((category, name), (None, None))
            if not isinstance(entry, dict):
                source.problem(f"{category}.{name} is not an object", line, col)
                continue
            if any(k in entry for k in NON_REGISTRY_KEYS):
                continue
            version = entry.get("version")
            yield source.mention("pypi", name, line or 1, col, Origin.LOCKFILE, PARSER,
                                 spec=version if isinstance(version, str) else None,
                                 note=None if category == "default" else category)
