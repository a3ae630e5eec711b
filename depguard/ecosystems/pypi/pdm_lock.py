"""``pdm.lock``: every ``[[package]]``; entries pinned to a ``git`` (or other VCS) repository, a local
``path`` or a ``url`` do not come from a registry and are not looked up."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention
from ...parsers import Source, file_format
from ._python import locked_packages

NON_REGISTRY_KEYS = ("git", "hg", "svn", "bzr", "path", "url")


def _not_from_registry(entry: dict[str, Any]) -> bool:
    return any(k in entry for k in NON_REGISTRY_KEYS)


@file_format("pdm.lock", ("pdm.lock",), ecosystem="pypi", kind="lockfile",
             description="PDM lockfile packages (VCS, path and URL entries skipped)")
def parse(source: Source) -> Iterator[Mention]:
    return locked_packages(source, "package", "pdm.lock", _not_from_registry)
