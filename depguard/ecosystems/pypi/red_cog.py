"""Red-DiscordBot cog metadata (``<cog>/info.json``): the ``requirements`` list, PEP 508 strings that Red's downloader
passes to pip when the cog is installed (Red's schema, ``schema/red_cog.schema.json``: "List of required libraries
that are passed to pip on cog install"), so they are install input like a requirements file (set 154: chat bots;
cog repositories such as Trusty-cogs ship one per cog).

Other tools name a file ``info.json`` too, and a cog repository has one at its root that describes the repository
(no requirements). A file is read as a cog's metadata only when it is a JSON object whose ``requirements`` is a list,
that carries one of the keys only Red's schema gives (``short``, ``install_msg``, ``end_user_data_statement``,
``min_bot_version`` …), and that sits beside an ``__init__.py`` (Red loads a cog as a package). A requirement taken
from a URL (``git+https://…``) is not a registry name; the project model reads it as what the cog's folder installs
from elsewhere (:mod:`.project`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import json_key_positions, load_json
from ._python import json_requirement_mentions

PARSER = "red-cog"
NAME = "info.json"
# the keys of Red's cog schema that other tools' info.json files do not use
RED_KEYS = frozenset({"short", "install_msg", "end_user_data_statement", "min_bot_version", "max_bot_version",
                      "min_python_version", "max_python_version", "required_cogs"})
RED_TYPES = ("COG", "SHARED_LIBRARY")


def requirements_of(source: Source) -> list[Any] | None:
    """The ``requirements`` list of a cog's info.json, or None when the file is not one."""
    if '"requirements"' not in source.text:
        return None
    try:
        data = load_json(source.text)
    except ParseError:
        return None  # not JSON: another tool's info.json
    if not isinstance(data, dict) or not isinstance(data.get("requirements"), list):
        return None
    if not (RED_KEYS & data.keys() or data.get("type") in RED_TYPES):
        return None
    if source.fs_path is None or not source.files.is_file(os.path.join(os.path.dirname(source.fs_path), "__init__.py")):
        return None
    return data["requirements"]


@file_format("red-cog", (NAME,), ecosystem="pypi", kind="manifest",
             description="Red-DiscordBot cog info.json: requirements (pip-installed by Red's downloader)")
def parse(source: Source) -> Iterator[Mention]:
    reqs = requirements_of(source)
    if not reqs:
        return
    yield from json_requirement_mentions(source, reqs, json_key_positions(source.text), ("requirements",), PARSER)
