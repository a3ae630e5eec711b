"""Running a coroutine to completion from synchronous code."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


def run(awaitable: Awaitable[T]) -> T:
    """``asyncio.run(awaitable)``, without its cost on big results.

    On the way out, CPython 3.11's ``asyncio.run`` looks its SIGINT handler up by value; the lookup fails
    and formats ``repr(main task)``, whose repr holds the full repr of the task's result. For a scan's
    result (tens of thousands of dataclasses) or a downloaded name listing that took most of a second, so
    the result is handed back beside the task instead of as its return value.
    """
    import asyncio

    box: list[T] = []

    async def main() -> None:
        box.append(await awaitable)

    asyncio.run(main())
    return box[0]
