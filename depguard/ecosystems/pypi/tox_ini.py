"""``tox.ini``: the ``deps`` of ``[testenv]`` and every ``[testenv:NAME]`` section, and ``[tox] requires``
(tox installs both from PyPI). Each line of the value is one requirement as pip reads it, after tox's own
syntax is set aside:

- a factor condition (``py38,py39: mock``, ``!windows: uvloop``) guards the requirement after it;
- ``-r``/``-c`` files are manifests scanned on their own, other ``-`` options, ``.``/paths and URLs are not names;
- ``\\#`` is tox's escaped ``#`` (``git+https://…/x.git\\#egg=x``), not a comment;
- a line holding a substitution (``{[testenv]deps}``, ``{posargs}``, ``{env:X}``) is tox's, not a name.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ._python import requirement_mention
from .setup_cfg import ini_values

PARSER = "tox.ini"
_FACTORS = re.compile(r"^!?[\w.\-]+(?:\s*[,-]\s*!?[\w.\-]+)*\s*:\s+")  # 'py38,py39: ' before a requirement
_NOT_A_NAME = ("-", ".", "/", "\\", "~")
_URL = re.compile(r"(?:git|hg|svn|bzr)\+|[A-Za-z][A-Za-z0-9+.-]*://")  # a URL line: pip fetches it, no name to ask


def _wanted(section: str, key: str) -> bool:
    return (key == "deps" and (section == "testenv" or section.startswith("testenv:"))) or \
        (section == "tox" and key == "requires")


@file_format("tox.ini", ("tox.ini",), ecosystem="pypi", kind="manifest",
             description="tox.ini testenv deps and [tox] requires")
def parse(source: Source) -> Iterator[Mention]:
    try:
        configparser.RawConfigParser(strict=False, interpolation=None).read_string(source.text)
    except configparser.Error as exc:
        raise ParseError(f"not a valid tox.ini: {str(exc).splitlines()[0]}", getattr(exc, "lineno", None)) from None
    lines = source.text.splitlines()
    for section, key, line, col, value, _first in ini_values(source.text):
        if not _wanted(section, key):
            continue
        requirement = value.split(" #", 1)[0].strip().replace("\\#", "#")  # tox reads `\#` as a literal `#`
        factors = _FACTORS.match(requirement)
        if factors:
            col += factors.end()
            requirement = requirement[factors.end():].strip()
        if not requirement or requirement.startswith("#") or requirement.startswith(_NOT_A_NAME) or "{" in requirement \
                or _URL.match(requirement):
            continue
        mention = requirement_mention(source, lines, requirement, line, col, PARSER, f"[{section}] {key}")
        if mention is not None:
            yield mention
