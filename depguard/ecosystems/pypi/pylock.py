"""``pylock.toml`` and ``pylock.<name>.toml`` (PEP 751): every ``[[packages]]``; entries installed from a
``vcs`` repository, a local ``directory`` or an ``archive`` URL/path are not registry names."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention
from ...parsers import Source, file_format
from ._python import locked_packages

NON_REGISTRY_KEYS = ("vcs", "directory", "archive")


def _not_from_registry(entry: dict[str, Any]) -> bool:
    return any(k in entry for k in NON_REGISTRY_KEYS)


@file_format("pylock.toml", ("pylock.toml", "pylock.*.toml"), ecosystem="pypi", kind="lockfile",
             description="PEP 751 lockfile packages (VCS, directory and archive entries skipped)")
def parse(source: Source) -> Iterator[Mention]:
    return locked_packages(source, "packages", "pylock.toml", _not_from_registry)
