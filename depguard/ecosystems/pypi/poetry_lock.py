"""``poetry.lock``: every ``[[package]]``; packages whose ``[package.source]`` is git, a directory, a file or
a URL do not come from a registry and are not looked up (``legacy`` sources are package indexes: kept)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention
from ...parsers import Source, file_format
from ._python import locked_packages

NON_REGISTRY_SOURCES = {"git", "directory", "file", "url"}


def _not_from_registry(entry: dict[str, Any]) -> bool:
    src = entry.get("source")
    return isinstance(src, dict) and str(src.get("type", "")).lower() in NON_REGISTRY_SOURCES


@file_format("poetry.lock", ("poetry.lock",), ecosystem="pypi", kind="lockfile",
             description="Poetry lockfile packages (git, directory, file and URL sources skipped)")
def parse(source: Source) -> Iterator[Mention]:
    return locked_packages(source, "package", "poetry.lock", _not_from_registry)
