"""The configuration of Mocha and nyc, which load modules before the tests as ``mocha -r x`` does:

- Mocha's file (``.mocharc.json``, ``.mocharc.jsonc``, ``.mocharc.yml``, ``.mocharc.yaml``) and a package.json's
  ``"mocha"`` block: ``require`` (a string or a list; ``"require": "ts-node/register"``, ``require: '@babel/register'``);
- nyc's file (``.nycrc``, JSON or YAML, ``.nycrc.json``, ``.nycrc.yml``, ``.nycrc.yaml``) and a package.json's ``"nyc"``
  block: ``require`` (the modules nyc loads before the program: eslint-plugin-import's ``"require": ["babel-register"]``)
  and ``extends``, the configuration module it resolves as ``require`` does (novu's ``"extends":
  "@istanbuljs/nyc-config-typescript"``).

Each id is judged as a ``require("x")`` written there (:func:`.command_modules.command_import`): a file of the tree
(``./test/setup.js``, ``./nyc.base.json``), a built-in and the project's own workspace packages stay quiet; an id the
registry lacks is flagged. Before, nothing read the files (session 37 read ``.mocharc``) nor the package.json blocks."""

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
NYCRC = "nycrc"
PACKAGE_JSON = "package-json-test-preloads"
MOCHA_NOTE = "Mocha's require loads it before the tests"
# the passes a config's ids not found as written may take to the text's end, before each looks only near the last one
# found: a pass per such id (escaped JSON strings) was quadratic (20,000 of them in 370 KB: 2.6 s; l38)
MISS_PASSES = 64
NEAR_CHARS = 4096
NYC_NOTES = {"require": "nyc's require loads it before the program", "extends": "nyc's extends loads its configuration"}


@file_format(PARSER, (".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml"), ecosystem="npm",
             kind="source", description="the modules Mocha's configuration file requires before the tests")
def parse(source: Source) -> Iterator[Mention]:
    if "require" not in source.text:
        return
    if source.path.endswith(("json", "jsonc")):
        data = _json(source.text)
    else:
        data = load_yaml(source.text)  # (invalid YAML: a ParseError, recorded as the file's problem)
    if isinstance(data, dict):
        yield from _ids_at(source, _ids(data.get("require")), 0, "require", PARSER, MOCHA_NOTE)


@file_format(NYCRC, (".nycrc", ".nycrc.json", ".nycrc.yml", ".nycrc.yaml"), ecosystem="npm", kind="source",
             description="the modules nyc's configuration file requires before the program or extends")
def parse_nycrc(source: Source) -> Iterator[Mention]:
    if "require" not in source.text and "extends" not in source.text:
        return
    if source.path.endswith(".json") or (not source.path.endswith((".yml", ".yaml"))
                                         and source.text.lstrip().startswith("{")):
        data = _json(source.text)  # .nycrc: JSON, or YAML
    else:
        data = load_yaml(source.text)
    if isinstance(data, dict):
        for key, note in NYC_NOTES.items():
            yield from _ids_at(source, _ids(data.get(key)), 0, key, NYCRC, note)


@file_format(PACKAGE_JSON, ("package.json",), ecosystem="npm", kind="source",
             description="the modules a package.json's mocha and nyc blocks require before the tests or extend")
def parse_package_json(source: Source) -> Iterator[Mention]:
    text = source.text
    if '"mocha"' not in text and '"nyc"' not in text:
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return  # the package.json format reports it
    if not isinstance(data, dict):
        return
    for block, keys in (("mocha", {"require": MOCHA_NOTE}), ("nyc", NYC_NOTES)):
        config = data.get(block)
        if not isinstance(config, dict):
            continue
        start = max(text.find(f'"{block}"'), 0)
        for key, note in keys.items():
            yield from _ids_at(source, _ids(config.get(key)), start, f'"{key}"', PACKAGE_JSON, note)


def _json(text: str) -> object:
    try:
        return json.loads(strip_jsonc(text))
    except (ValueError, RecursionError):
        raise ParseError("not valid JSON", 1) from None


def _ids(given: object) -> list[str]:
    """A string or a list's strings."""
    if isinstance(given, str):
        return [given]
    return [i for i in given if isinstance(i, str)] if isinstance(given, list) else []


def _ids_at(source: Source, ids: list[str], start: int, key: str, parser: str, note: str) -> Iterator[Mention]:
    """Each id judged as a require, placed where it is written after the ``key`` found from offset ``start``."""
    if not ids:
        return
    from ...parsers._lines_js import LineIndex
    from ...records import replace
    from .command_modules import command_import

    text = source.text
    at = text.find(key, start)
    at = max(at, start)
    lines, missed = LineIndex(text), 0
    for spec in ids:
        # an id not written as it parses (an escaped JSON string) is looked for up to the text's end, until such
        # looks have read MISS_PASSES times the text; then only NEAR_CHARS after the last id found, and an id not
        # found there is placed there, still judged (l38)
        near = missed > MISS_PASSES * len(text)
        found = text.find(spec, at, at + NEAR_CHARS + len(spec)) if near else text.find(spec, at)
        if found < 0 and not near:
            missed += len(text) - at
            continue
        if found >= 0:
            at = found + len(spec)
        line, column = lines.line_col(found if found >= 0 else at)
        for m in command_import(source, spec, line, column):
            yield replace(m, parser=parser, note=note)
