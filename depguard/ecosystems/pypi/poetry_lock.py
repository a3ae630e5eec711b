"""``poetry.lock``: every ``[[package]]``; packages whose ``[package.source]`` is git, a directory, a file or
a URL do not come from a registry and are not looked up. A ``legacy`` source is another package index (a
``[[tool.poetry.source]]`` of the project: surya's ``libtpu-nightly`` from Google's ``libtpu-releases`` index, which
PyPI does not have): Poetry installs the entry from that index, so it is reported not checked; a legacy source that
is PyPI's own address changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention
from ...parsers import Source, file_format
from ._python import locked_packages, other_index_url

NON_REGISTRY_SOURCES = {"git", "directory", "file", "url"}


def _not_from_registry(entry: dict[str, Any]) -> bool:
    src = entry.get("source")
    return isinstance(src, dict) and str(src.get("type", "")).lower() in NON_REGISTRY_SOURCES


def _other_index(entry: dict[str, Any]) -> str | None:
    """The address of the package index other than PyPI that a ``legacy`` source locks the entry from."""
    src = entry.get("source")
    if not isinstance(src, dict) or str(src.get("type", "")).lower() != "legacy":
        return None
    url = src.get("url")
    if not isinstance(url, str) or not url.strip():
        return str(src.get("reference") or "a package index")
    return other_index_url(url)


@file_format("poetry.lock", ("poetry.lock",), ecosystem="pypi", kind="lockfile",
             description="Poetry lockfile packages (git, directory, file and URL sources skipped)")
def parse(source: Source) -> Iterator[Mention]:
    return locked_packages(source, "package", "poetry.lock", _not_from_registry, _other_index)
