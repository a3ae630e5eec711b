"""``deno.json`` / ``deno.jsonc``: the ``imports`` map (and ``scopes``), whose ``jsr:`` and ``npm:``
specifiers name JSR and npm packages. URL imports (``https://deno.land/...``) and local paths are not
registry names; the package's own ``name`` is local. JSONC comments and trailing commas are allowed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_json, strip_jsonc

PARSER = "deno.json"
SPECIFIER = re.compile(r"^(?P<reg>jsr|npm):/?(?P<name>@[^/@\s]+/[^/@\s]+|[^/@\s]+)(?:@(?P<v>[^/\s]*))?(?P<path>/.*)?$")


def specifier_target(spec: str) -> tuple[str, str, str | None] | None:
    """(ecosystem, package, version) for ``jsr:@std/path@^1`` or ``npm:chalk@5``; None for anything else."""
    m = SPECIFIER.match(spec.strip())
    if not m:
        return None
    return ("jsr" if m.group("reg") == "jsr" else "npm"), m.group("name"), m.group("v") or None


def import_maps(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    imports = data.get("imports")
    if isinstance(imports, dict):
        for k, v in imports.items():
            if isinstance(v, str):
                yield k, v
    scopes = data.get("scopes")
    if isinstance(scopes, dict):
        for table in scopes.values():
            if isinstance(table, dict):
                for k, v in table.items():
                    if isinstance(v, str):
                        yield k, v


def parse_import_map(source: Source, data: Any, parser: str) -> Iterator[Mention]:
    if not isinstance(data, dict):
        raise ParseError(f"{parser} is not a JSON object", 1)
    own = data.get("name") if isinstance(data.get("name"), str) else None
    lines = KeyLines(source.text)
    for alias, target in import_maps(data):
        found = specifier_target(target)
        if found is None:
            continue
        eco, name, version = found
        if eco == "jsr" and name == own:
            continue
        line, col = lines.find(target)
        if line is not None:
            idx = lines.lines[line - 1].find(name, (col or 1) - 1)
            col = idx + 1 if idx >= 0 else col
        yield source.mention(eco, name, line or 1, col, Origin.MANIFEST, parser, spec=version,
                             note=f"imported as {alias}" if alias.rstrip("/") != name else None)


@file_format("deno.json", ("deno.json", "deno.jsonc", "deno.*.json", "deno.*.jsonc", "import_map.json",
                            "import-map.json"), ecosystem="jsr",
             kind="manifest", description="Deno deno.json(c) and import maps: jsr: and npm: specifiers")
def parse(source: Source) -> Iterator[Mention]:
    yield from parse_import_map(source, load_json(strip_jsonc(source.text)), PARSER)
