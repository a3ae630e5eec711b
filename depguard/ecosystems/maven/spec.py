"""Maven coordinates as ``depguard check`` reads them (``[spec] reader`` in this folder's ecosystem.toml)."""

from __future__ import annotations

from ... import lazyre
from ...commands import Target
from ...commands.shell import Word

_COORD = lazyre.compile(r"^[A-Za-z0-9_.-]+$")
_VERSION = lazyre.compile(r"^[A-Za-z0-9_.+-]+$")  # 9+181-r4173-1


def coordinate_target(word: Word) -> Target | None:
    """``group:artifact[:version]`` (Gradle's and ``mvn dependency:get``'s coordinates)."""
    parts = word.text.split(":")
    if len(parts) in (2, 3) and all(_COORD.match(p) for p in parts[:2]) and all(_VERSION.match(p) for p in parts[2:]):
        return Target("maven", word, f"{parts[0]}:{parts[1]}", spec=parts[2] if len(parts) == 3 else None)
    return None
