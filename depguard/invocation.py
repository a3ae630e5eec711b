"""What one run of the command line reads from outside itself: its folder, environment and streams.

A run in its own process reads them from the process (:meth:`Invocation.of_this_process`); a run answered
by ``depguard serve`` gets the client's, handed down explicitly, so that two runs in one process never see
each other's folder, variables or output and nothing process-wide is swapped for a run.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from .records import record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import IO, Any, TextIO


@record(frozen=True)
class Invocation:
    cwd: Path | None  # relative paths of the run (arguments, --output) are read against it; None: the process's
    environ: Mapping[str, str]
    stdin: IO[Any] | None  # read as bytes (a text stream's buffer): the commands decode what they read
    stdout: TextIO
    stderr: TextIO

    @classmethod
    def of_this_process(cls) -> Invocation:
        return cls(None, os.environ, sys.stdin, sys.stdout, sys.stderr)

    def folder(self) -> Path:
        """The run's folder, absolute."""
        return self.cwd if self.cwd is not None else Path.cwd()

    def read_stdin(self, limit: int) -> bytes:
        """At most ``limit`` bytes of standard input (none when there is no standard input)."""
        if self.stdin is None:
            return b""
        data: bytes = getattr(self.stdin, "buffer", self.stdin).read(limit)
        return data

    def path(self, name: str | os.PathLike[str]) -> Path:
        """``name`` read against the run's folder (an absolute path as it is)."""
        p = Path(name)
        return p if self.cwd is None or p.is_absolute() else self.cwd / p

    def isatty(self, stream: object) -> bool:
        try:
            return bool(stream.isatty())  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            return False


def of(args: object) -> Invocation:
    """The invocation of a parsed command line (set by :func:`depguard.cli.main`), else this process's."""
    inv = getattr(args, "invocation", None)
    return inv if isinstance(inv, Invocation) else Invocation.of_this_process()
