"""Caches that hold for one run only.

Most of depguard's in-process caches describe depguard's own data (grammars, compiled queries, the
ecosystem tables) and hold for the life of the process. A few describe the user's files or environment
(the nearest manifest of a folder, the installed distributions) and must be forgotten between runs when
one process serves many (``depguard serve``). Those are declared with :func:`per_run`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any, TypeVar
    F = TypeVar("F", bound=Callable[..., Any])


_CACHES: list[Any] = []


def per_run(maxsize: int | None = 512) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, emptied by :func:`clear` at the start of every served run."""

    def wrap(fn: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def clear() -> int:
    """Forget everything the per-run caches hold; returns how many caches there are."""
    for cached in _CACHES:
        cached.cache_clear()
    return len(_CACHES)
