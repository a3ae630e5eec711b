"""Regular expressions compiled when first used.

A module-level ``re.compile`` is paid by every process that imports the module, whether or not the run uses
the pattern: a warm ``depguard check`` compiled ~120 patterns before answering, ~15% of its run (issue 19).
``lazyre.compile(pattern, flags)`` returns a stand-in with the methods of a compiled pattern; the first call
compiles it (through ``re``, so a bad pattern raises ``re.error`` then) and from then on those methods are the
compiled pattern's own (set on the instance: no indirection on the hot path).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

METHODS = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split")


class Pattern:
    """A pattern compiled on first use: ``match``, ``fullmatch``, ``search``, ``finditer``, ``findall``, ``sub``,
    ``subn``, ``split``, ``pattern``, ``flags``, ``groupindex``; ``compiled()`` gives the ``re.Pattern``."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        compiled = re.compile(self.pattern, self.flags)
        for name in METHODS:  # instance attributes win over these methods from now on
            self.__dict__[name] = getattr(compiled, name)
        self.__dict__["compiled"] = lambda: compiled
        return compiled

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def match(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pattern):
            return (self.pattern, self.flags) == (other.pattern, other.flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self.flags))

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r}{f', {self.flags}' if self.flags else ''})"


def compile(pattern: str, flags: int = 0) -> Pattern:  # noqa: A001 - re.compile's name, as a drop-in
    """``re.compile``, deferred to the first use of the pattern."""
    return Pattern(pattern, flags)


def declared(pattern: str, where: str, checked: bool, flags: int = 0) -> Pattern:
    """A pattern an ecosystem's data declares, at ``where`` (file and key). ``checked``: it comes from stored
    tables, which hold only tables whose patterns compiled, so it is compiled when first used; else it is
    compiled now, and a bad one is a ConfigError naming ``where``."""
    lazy = Pattern(pattern, flags)
    if not checked:
        try:
            lazy.compiled()
        except re.error as exc:
            from .errors import ConfigError

            raise ConfigError(f"{where}: bad regular expression {pattern!r}: {exc}") from None
    return lazy
