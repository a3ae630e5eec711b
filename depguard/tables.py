"""Checked reads of the tables an ecosystem's ``ecosystem.toml`` declares for the engine (``[commands]``,
``[scripts]``): each returns the value or raises a ConfigError naming the file and key (``where``)."""

from __future__ import annotations

from .errors import ConfigError


def check_keys(table: object, keys: set[str] | None, where: str) -> dict:
    """``table`` when it is a table holding only ``keys`` (any keys when None)."""
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table, got {table!r}")
    unknown = sorted(set(table) - keys) if keys is not None else []
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}")
    return table


def strings(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: expected a list of strings, got {value!r}")
    return tuple(value)


def text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where}: expected a string, got {value!r}")
    return value


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: expected true or false, got {value!r}")
    return value


def texts(value: object, where: str) -> dict[str, str]:
    """A table of strings."""
    table = check_keys(value, None, where)
    return {str(k): text(v, f"{where}.{k}") for k, v in table.items()}
