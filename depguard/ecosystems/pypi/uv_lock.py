"""``uv.lock``: every ``[[package]]`` whose ``source`` is a registry. The project itself and workspace
members (``virtual``/``editable`` sources), local ``directory``/``path`` sources and ``git``/``url`` sources
are not registry names and are not looked up."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention
from ...parsers import Source, file_format
from ._python import locked_packages

NON_REGISTRY_SOURCES = ("virtual", "editable", "directory", "path", "git", "url")


def _not_from_registry(entry: dict[str, Any]) -> bool:
    src = entry.get("source")
    return isinstance(src, dict) and any(k in src for k in NON_REGISTRY_SOURCES)


@file_format("uv.lock", ("uv.lock",), ecosystem="pypi", kind="lockfile",
             description="uv lockfile packages (the project, local, git and URL sources skipped)")
def parse(source: Source) -> Iterator[Mention]:
    return locked_packages(source, "package", "uv.lock", _not_from_registry)
