"""``setup.cfg``: setuptools' ``[options]`` ``install_requires``, ``setup_requires`` and ``tests_require``,
and every extra of ``[options.extras_require]``. Values are INI multi-line values, one PEP 508
requirement per line (``;`` starts a marker, ``#`` a comment line)."""

from __future__ import annotations

import configparser
import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ._python import own_name, requirement_mention

PARSER = "setup.cfg"
OPTION_KEYS = ("install_requires", "setup_requires", "tests_require")
_SECTION = re.compile(r"^\s*\[([^\]]+)\]\s*$")
_KEY = re.compile(r"^([^\s=:#;][^=:]*?)\s*[=:]\s?(.*)$")


def ini_values(text: str) -> Iterator[tuple[str, str, int, int, str, bool]]:
    """(section, key, line, column, text, on the key's line) for every line of every value, as configparser
    reads them."""
    section: str | None = None
    key: str | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith(("#", ";")):
            continue
        m = _SECTION.match(raw)
        if m and not raw[0].isspace():
            section, key = m.group(1).strip(), None
            continue
        if raw[0].isspace():
            if section is not None and key is not None:
                yield section, key, no, len(raw) - len(raw.lstrip()) + 1, raw.strip(), False
            continue
        m = _KEY.match(raw)
        if section is None or not m:
            key = None
            continue
        key = m.group(1).strip().lower().replace("-", "_")
        value = m.group(2)
        if value.strip():
            yield section, key, no, len(raw) - len(value.lstrip()) + 1, value.strip(), True


@file_format("setup.cfg", ("setup.cfg",), ecosystem="pypi", kind="manifest",
             description="setuptools setup.cfg install_requires, extras_require, setup_requires, tests_require")
def parse(source: Source) -> Iterator[Mention]:
    checker = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        checker.read_string(source.text)
    except configparser.Error as exc:
        line = getattr(exc, "lineno", None)
        raise ParseError(f"not a valid setup.cfg: {str(exc).splitlines()[0]}", line) from None
    own = own_name(checker.get("metadata", "name", fallback=None))
    lines = source.text.splitlines()
    values: dict[tuple[str, str], list[tuple[int, int, str, bool]]] = {}
    for section, key, line, col, value, first in ini_values(source.text):
        values.setdefault((section, key), []).append((line, col, value, first))
    for (section, key), parts in values.items():
        if section == "options" and key in OPTION_KEYS:
            where = f"options.{key}"
        elif section == "options.extras_require":
            where = f"options.extras_require.{key}"
        else:
            continue
        if parts[0][2].startswith("file:"):
            continue  # the named requirements file is a manifest of its own and is scanned as one
        if len(parts) == 1 and parts[0][3]:
            parts = _split_semicolons(*parts[0][:3])  # a one-line value is ';'-separated, as setuptools reads it
        for line, col, value, _ in parts:
            requirement = value.split(" #", 1)[0].strip()
            if not requirement or requirement.startswith("#"):
                continue
            mention = requirement_mention(source, lines, requirement, line, col, PARSER, where, own=own)
            if mention is not None:
                yield mention


def _split_semicolons(line: int, col: int, value: str) -> list[tuple[int, int, str, bool]]:
    out = []
    offset = 0
    for piece in value.split(";"):
        stripped = piece.strip()
        if stripped:
            out.append((line, col + offset + piece.index(stripped), stripped, True))
        offset += len(piece) + 1
    return out


def own_package(text: str) -> str | None:
    """The distribution a setup.cfg says it is (``[metadata] name``), or None (read by :mod:`depguard.declarers`)."""
    checker = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        checker.read_string(text)
    except configparser.Error:
        return None
    name = checker.get("metadata", "name", fallback=None)
    return (name.strip() or None) if isinstance(name, str) else None
