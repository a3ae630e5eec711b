"""``pubspec.lock``: every package whose ``source`` is ``hosted`` on pub.dev (``sdk``, ``git`` and ``path``
packages, and packages hosted elsewhere, are not asked).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_mapping
from ...parsers._yaml_lines import children
from .pubspec_yaml import hosted_on_pub

PARSER = "pubspec.lock"


@file_format("pubspec.lock", ("pubspec.lock",), ecosystem="pub", kind="lockfile",
             description="Dart/Flutter lockfiles: hosted packages")
def parse(source: Source) -> Iterator[Mention]:
    data = load_mapping(source.text, "pubspec.lock")
    if data is None:
        return
    packages = data.get("packages") or {}
    if not isinstance(packages, dict):
        raise ParseError("packages is not a mapping")
    where = children(source.text, "packages")
    for name, info in packages.items():
        name = str(name)
        if not isinstance(info, dict) or info.get("source") != "hosted":
            continue
        desc = info.get("description")
        if isinstance(desc, dict) and not hosted_on_pub(desc):
            continue
        real = desc.get("name") if isinstance(desc, dict) and isinstance(desc.get("name"), str) else name
        line, column = where.get(name, (1, None))
        version = info.get("version") if isinstance(info.get("version"), str) else None
        yield source.mention("pub", name, line, column, Origin.LOCKFILE, PARSER, spec=version, name=real,
                             note="dev" if str(info.get("dependency", "")).endswith("dev") else None)
