"""``META.json`` and ``META.yml``: a CPAN distribution's prerequisites.

CPAN::Meta::Spec v2 (``prereqs.{phase}.{requires|recommends|suggests}``, META.json) and v1.x
(``requires``, ``build_requires``, ``configure_requires``, ``test_requires``, ``recommends``, META.yml).
``perl`` is not a module; the distribution's own modules (``provides``) are local.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import yaml_key_line
from ...parsers._util import KeyLines, load_json, load_yaml

PARSER = "META"
V1_KEYS = ("requires", "build_requires", "configure_requires", "test_requires", "recommends")
RELATIONS = ("requires", "recommends", "suggests")


def prerequisites(data: dict[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """(where, module, version) for every prerequisite."""
    prereqs = data.get("prereqs")
    if isinstance(prereqs, dict):
        for phase, body in prereqs.items():
            if not isinstance(body, dict):
                continue
            for relation in RELATIONS:
                table = body.get(relation)
                if isinstance(table, dict):
                    for module, version in table.items():
                        yield f"{phase} {relation}", module, version
    for key in V1_KEYS:
        table = data.get(key)
        if isinstance(table, dict):
            for module, version in table.items():
                yield key, module, version


def _parse(source: Source, data: Any, quoted: bool) -> Iterator[Mention]:
    if not isinstance(data, dict):
        raise ParseError("not a CPAN META document (not a mapping)", 1)
    if not any(k in data for k in ("prereqs", *V1_KEYS, "meta-spec", "name")):
        raise ParseError("not a CPAN META document", 1)
    provides = data.get("provides")
    local = set(provides) if isinstance(provides, dict) else set()
    lines = KeyLines(source.text)
    out = []
    for where, module, version in prerequisites(data):
        if not isinstance(module, str) or module == "perl" or module in local:
            continue
        line, col = lines.find(module) if quoted else yaml_key_line(lines, module)
        out.append(source.mention("cpan", module, line or 1, col, Origin.MANIFEST, PARSER,
                                  spec=str(version) if version not in (None, "", 0, "0") else None,
                                  note=None if where in ("runtime requires", "requires") else where))
    yield from sorted(out, key=lambda m: m.location.line or 0)


@file_format("META.json", ("META.json", "MYMETA.json"), ecosystem="cpan", kind="manifest",
             description="CPAN META.json prerequisites")
def parse_json(source: Source) -> Iterator[Mention]:
    yield from _parse(source, load_json(source.text), quoted=True)


@file_format("META.yml", ("META.yml", "MYMETA.yml"), ecosystem="cpan", kind="manifest",
             description="CPAN META.yml prerequisites")
def parse_yaml(source: Source) -> Iterator[Mention]:
    yield from _parse(source, load_yaml(source.text), quoted=False)
