"""An OpenTelemetry Collector builder manifest (``ocb --config builder-config.yaml``, opentelemetry-collector-releases'
``distributions/*/manifest.yaml``): the Go modules of the components it compiles into a distribution.

The builder writes a ``go.mod`` requiring every ``gomod: MODULE VERSION`` of its ``receivers``, ``exporters``,
``processors``, ``extensions``, ``connectors``, ``providers`` and ``converters`` lists and runs ``go get``, so each
is fetched from the Go module proxy, as a go.mod's ``require`` is. A file is read by its content, any YAML file:
a top-level component list whose items carry ``gomod:`` (a collector's own configuration has the same top-level
keys as mappings of component settings, never ``gomod``). Not fetched by name, so not asked: a component with a
``path:`` (the builder replaces its module with that folder), one a ``replaces:`` entry sends to a local folder, and
``dist.module`` (the distribution's own module path); a ``replaces:`` entry naming another module is fetched as
that module, reported at its line. A module or version holding a template (``{{ .Version }}``, ``${VERSION}``)
is a slot a script fills, not a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_yaml
from .go_mod import is_local

PARSER = "otelcol-builder"
COMPONENT_KEYS = ("receivers", "exporters", "processors", "extensions", "connectors", "providers", "converters")
# a top-level component key and a list item opening with `gomod:`, checked before the YAML is loaded, so another
# tool's YAML file costs a substring test (and two linear searches when it holds `gomod`)
TOP_COMPONENT = lazyre.compile(r"^(?:" + "|".join(COMPONENT_KEYS) + r")[ \t]*:", re.M)
GOMOD_ITEM = lazyre.compile(r"^[ \t]*-[ \t]*gomod[ \t]*:", re.M)
TEMPLATE = ("{{", "${", "%{")


def builder_manifest(text: str) -> bool:
    """Whether ``text`` looks like a builder manifest: a top-level component key and a ``- gomod:`` item."""
    return "gomod" in text and TOP_COMPONENT.search(text) is not None and GOMOD_ITEM.search(text) is not None


def _replacements(data: dict, lines: KeyLines) -> dict[tuple[str, str | None], tuple[int, list[str], int | None]]:
    """The ``replaces:`` entries (go.mod's replace syntax) by (module, version or None): the last entry's place in
    the list, target words and line, so each component finds its replacement in one lookup."""
    found: dict[tuple[str, str | None], tuple[int, list[str], int | None]] = {}
    entries = data.get("replaces")
    if not isinstance(entries, list):
        return found
    for place, entry in enumerate(entries):
        if not isinstance(entry, str) or "=>" not in entry:
            continue
        left, right = entry.split("=>", 1)
        lw, rw = left.split(), right.split()
        if not lw or not rw:
            continue
        line, _ = lines.find(entry.strip(), quoted=False)
        found[(lw[0], lw[1] if len(lw) > 1 else None)] = (place, rw, line)
    return found


@file_format(PARSER, ("*.yaml", "*.yml"), ecosystem="go", kind="manifest",
             description="OpenTelemetry Collector builder manifests: the components' gomod modules")
def parse(source: Source) -> Iterator[Mention]:
    if not builder_manifest(source.text):
        return
    data = load_yaml(source.text)
    if not isinstance(data, dict):
        return
    lines = KeyLines(source.text)
    replaces = _replacements(data, lines)
    lines.cursor = 1
    reported: set[tuple[str, int | None]] = set()
    for key, items in data.items():  # in the file's order
        if key not in COMPONENT_KEYS or not isinstance(items, list):
            continue
        start, _ = lines.find(key, quoted=False, reset=True)
        lines.cursor = start or 1
        for item in items:
            if not isinstance(item, dict) or not isinstance(item.get("gomod"), str):
                continue
            words = item["gomod"].split()
            if not words or any(t in item["gomod"] for t in TEMPLATE):
                continue
            module, version = words[0], (words[1] if len(words) > 1 else None)
            line, col = lines.find(module, quoted=False)
            if item.get("path"):
                continue  # the builder replaces the module with that folder of the tree
            # the last entry for the module, of any version or of this one (go.mod's rule), found by two lookups
            # instead of a walk of the whole list for each component (quadratic in a long manifest)
            rep = max((r for r in (replaces.get((module, None)), replaces.get((module, version))) if r is not None),
                      default=None, key=lambda r: r[0])
            if rep is None:
                yield source.mention("go", module, line or 1, col, Origin.MANIFEST, PARSER, spec=version)
                continue
            target, rep_line = rep[1], rep[2]
            if is_local(target[0]) or any(t in target[0] for t in TEMPLATE) or (target[0], rep_line) in reported:
                continue
            reported.add((target[0], rep_line))
            yield source.mention("go", target[0], rep_line or 1, None, Origin.MANIFEST, PARSER,
                                 spec=target[1] if len(target) > 1 else None, note=f"replaces {module}")
