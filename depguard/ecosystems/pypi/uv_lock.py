"""``uv.lock``: every ``[[package]]`` whose ``source`` is a registry. The project itself and workspace
members (``virtual``/``editable`` sources), local ``directory``/``path`` sources and ``git``/``url`` sources
are not registry names and are not looked up. An entry locked from a ``registry`` other than PyPI's own address is
judged by PyPI all the same (most such locks are a PyPI mirror's, every entry from it), unless the pyproject.toml
beside the lock pins that name to a named index of its own (``[tool.uv.sources]`` ``genmsg = { index = "ros" }``, the
``[[tool.uv.index]]`` ``ros``: MCAP's ``genmsg`` and ``std-msgs`` from rospypi's ``https://rospypi.github.io/simple``,
which PyPI does not have): uv installs that entry from that index only, so it is reported not checked, as the
pyproject's own requirement is and poetry.lock's legacy sources are."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...fsview import text_of
from ...model import Mention
from ...names import canonicalize_name
from ...parsers import Source, file_format
from ...parsers._util import load_toml
from ._python import locked_packages, other_index_url

NON_REGISTRY_SOURCES = ("virtual", "editable", "directory", "path", "git", "url")


def _not_from_registry(entry: dict[str, Any]) -> bool:
    src = entry.get("source")
    return isinstance(src, dict) and any(k in src for k in NON_REGISTRY_SOURCES)


PYPROJECT_LIMIT = 2 * 1024 * 1024


def _pinned(source: Source) -> frozenset[str]:
    """The normalised names the pyproject.toml beside the lock takes only from a named index other than PyPI
    (``[tool.uv.sources]``: :func:`.pyproject.uv_other_indexes`)."""
    from .pyproject import uv_other_indexes

    text = text_of(source.fs_path.with_name("pyproject.toml"), PYPROJECT_LIMIT) if source.fs_path is not None else None
    if not text or "index" not in text:
        return frozenset()
    try:
        data = load_toml(text)
    except ParseError:
        return frozenset()
    return frozenset(name for name, where in uv_other_indexes(data).items() if where is not None)


def _other_index(pinned: frozenset[str], entry: dict[str, Any]) -> str | None:
    """The address of the package index other than PyPI that a ``registry`` source locks the entry from, when the
    project pins the entry's name to an index of its own (``pinned``)."""
    src, name = entry.get("source"), entry.get("name")
    if not isinstance(src, dict) or not isinstance(name, str) or canonicalize_name(name) not in pinned:
        return None
    return other_index_url(src.get("registry"))


@file_format("uv.lock", ("uv.lock",), ecosystem="pypi", kind="lockfile",
             description="uv lockfile packages (the project, local, git and URL sources skipped)")
def parse(source: Source) -> Iterator[Mention]:
    pinned = _pinned(source)
    return locked_packages(source, "package", "uv.lock", _not_from_registry,
                           functools.partial(_other_index, pinned) if pinned else None)
