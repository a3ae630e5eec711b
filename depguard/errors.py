"""depguard's exceptions.

    DepguardError
     ├─ ConfigError          bad settings or arguments            -> exit 2
     ├─ InputError           an input that cannot be read at all  -> exit 2
     ├─ ParseError           one file could not be parsed         -> a Problem with path:line; the scan goes on
     └─ RegistryError        transport or status trouble          -> existence unknown, verdict not-checked
         ├─ RegistryUnavailable
         └─ RateLimited

Only ConfigError and InputError ever reach the user as an exception; the others are turned into values
(Problem, RegistryAnswer with existence unknown) where they happen.
"""

from __future__ import annotations


class DepguardError(Exception):
    """Base class of every error depguard raises on purpose."""


class ConfigError(DepguardError):
    """Settings, a config file or command-line arguments are wrong. Names the file and key where known."""


class InputError(DepguardError):
    """An input named by the user cannot be read (missing file, unreadable stdin)."""


class ParseError(DepguardError):
    """A file could not be parsed. ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class RegistryError(DepguardError):
    """A registry could not give an answer (not the same as answering 'not found')."""


class RegistryUnavailable(RegistryError):
    """Transport failure, timeout, 5xx, or an answer that could not be understood."""


class RateLimited(RegistryError):
    """The registry answered 429 and retries ran out."""
