"""Reading facts out of registry answers with small dotted paths, as written in ``ecosystem.toml``.

``releases.*.*.upload_time_iso_8601`` walks dict keys; ``*`` fans out over a dict's values or a list's items.
The answers are untrusted: every step checks types and a missing step yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cstdlib import datetime, timezone

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


def values(doc: Any, path: str) -> Iterator[Any]:
    """Every value ``path`` reaches in ``doc``, in document order. Walked one step at a time over all the
    nodes reached so far (not one generator per node: a popular PyPI project's ``releases.*.*.…`` reaches
    thousands of files, and nested generators made reading its answer cost more than decoding it)."""
    if not path:
        return iter((doc,))
    steps = path.split(".")
    if len(steps) > 1 and not steps[-1]:
        steps.pop()  # "a." is "a"
    nodes = [doc]
    for head in steps:
        reached: list[Any] = []
        if head == "*":
            for node in nodes:
                if isinstance(node, dict):
                    reached.extend(node.values())
                elif isinstance(node, list):
                    reached.extend(node)
        else:
            index = int(head) if head.isdigit() else None
            for node in nodes:
                if isinstance(node, dict):
                    if head in node:
                        reached.append(node[head])
                elif index is not None and isinstance(node, list) and index < len(node):
                    reached.append(node[index])
        nodes = reached
        if not nodes:
            break
    return iter(nodes)


def each(doc: Any, path: str) -> list[Any]:
    """One value per item the path's last ``*`` fans out over (None for an item that lacks it), so "every
    version is deprecated" counts the versions without a ``deprecated`` key too; without a ``*``, the values."""
    head, star, rest = path.rpartition("*")
    if not star:
        return list(values(doc, path))
    return [first(item, rest.lstrip(".")) for item in values(doc, head + "*")]


def first(doc: Any, path: str) -> Any:
    return next(values(doc, path), None)


def parse_time(value: Any) -> datetime | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            # seconds or milliseconds since the epoch
            return datetime.fromtimestamp(value / 1000 if value > 1e11 else value, tz=timezone.utc)
        except (OverflowError, OSError, ValueError):
            return None
    if not isinstance(value, str) or not value:
        return None
    text = value.strip().replace("Z", "+00:00")
    if " " in text and "T" not in text:
        text = text.replace(" ", "T", 1)
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        try:
            parsed = datetime.fromisoformat(text[:19])
        except ValueError:
            return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def times(doc: Any, path: str) -> list[datetime]:
    return [t for t in (parse_time(v) for v in values(doc, path)) if t is not None]


def count(doc: Any, path: str) -> int | None:
    found = first(doc, path)
    if isinstance(found, (dict, list)):
        return len(found)
    if isinstance(found, int) and not isinstance(found, bool):
        return found
    return None


def as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    if isinstance(value, str):
        digits = value.replace(",", "").replace("_", "").strip()
        return int(digits) if digits.isdigit() else None
    return None
