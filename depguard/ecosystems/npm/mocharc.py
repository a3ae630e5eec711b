"""Mocha's configuration file (``.mocharc.json``, ``.mocharc.jsonc``, ``.mocharc.yml``, ``.mocharc.yaml``): its ``require``
(a string or a list) names the modules Mocha loads before the tests, as ``mocha -r x`` does (``"require":
"ts-node/register"``, ``require: '@babel/register'``), so each id is judged as a ``require("x")`` written there
(:func:`.command_modules.command_import`): a file of the tree (``test/setup.js``), a built-in and the project's own
workspace packages stay quiet; an id the registry lacks is flagged. Before, nothing read the file."""

from __future__ import annotations

import json

from ...errors import ParseError
from ...parsers import file_format
from ...parsers._util import load_yaml, strip_jsonc

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

PARSER = "mocharc"


@file_format(PARSER, (".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml"), ecosystem="npm",
             kind="source", description="the modules Mocha's configuration file requires before the tests")
def parse(source: Source) -> Iterator[Mention]:
    if "require" not in source.text:
        return
    if source.path.endswith(("json", "jsonc")):
        try:
            data = json.loads(strip_jsonc(source.text))
        except (ValueError, RecursionError):
            raise ParseError("not valid JSON", 1) from None
    else:
        data = load_yaml(source.text)  # (invalid YAML: a ParseError, recorded as the file's problem)
    if not isinstance(data, dict):
        return
    given = data.get("require")
    ids = [given] if isinstance(given, str) else [i for i in given if isinstance(i, str)] if isinstance(given, list) else []
    if not ids:
        return
    from ...records import replace
    from .command_modules import command_import

    text = source.text
    at = max(text.find("require"), 0)
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    for spec in ids:
        found = text.find(spec, at)
        if found < 0:
            continue
        at = found + len(spec)
        line = text.count("\n", 0, found) + 1
        for m in command_import(source, spec, line, found - starts[line - 1] + 1):
            yield replace(m, parser=PARSER, note="Mocha's require loads it before the tests")
