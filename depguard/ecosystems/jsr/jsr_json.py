"""``jsr.json`` / ``jsr.jsonc``: a JSR package's own description. Its ``name`` is the package itself (local,
never looked up); an ``imports`` map, when present, is read like deno.json's."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import load_json
from .deno_json import parse_import_map, strip_jsonc

PARSER = "jsr.json"


@file_format("jsr.json", ("jsr.json", "jsr.jsonc"), ecosystem="jsr", kind="manifest",
             description="JSR jsr.json imports (its own name is local)")
def parse(source: Source) -> Iterator[Mention]:
    yield from parse_import_map(source, load_json(strip_jsonc(source.text)), PARSER)
