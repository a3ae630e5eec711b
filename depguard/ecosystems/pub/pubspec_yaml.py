"""``pubspec.yaml``: ``dependencies``, ``dev_dependencies`` and ``dependency_overrides``.

Entries with ``sdk`` (``flutter``), ``path`` or ``git`` are not from pub.dev, and neither are ``hosted``
entries on another server; ``pub.flutter-io.cn``, the mirror of pub.dev the Flutter documentation gives for
China (``PUB_HOSTED_URL``), serves pub.dev's own names, so its entries are pub.dev's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_mapping
from ...parsers._yaml_lines import children

PARSER = "pubspec.yaml"
SECTIONS = ("dependencies", "dev_dependencies", "dependency_overrides")
PUB_HOSTS = ("https://pub.dev", "https://pub.dartlang.org", "http://pub.dartlang.org", "https://pub.flutter-io.cn")


def hosted_on_pub(hosted: Any) -> bool:
    url = hosted.get("url") if isinstance(hosted, dict) else hosted
    return not isinstance(url, str) or url.rstrip("/") in PUB_HOSTS


@file_format("pubspec.yaml", ("pubspec.yaml",), ecosystem="pub", kind="manifest",
             description="Dart/Flutter pubspec.yaml: dependencies, dev_dependencies, dependency_overrides")
def parse(source: Source) -> Iterator[Mention]:
    data = load_mapping(source.text, "pubspec.yaml")
    if data is None:
        return
    own = data.get("name")
    for section in SECTIONS:
        table = data.get(section)
        if table is None:
            continue
        if not isinstance(table, dict):
            source.problem(f"{section} is not a mapping")
            continue
        where = children(source.text, section)
        for name, value in table.items():
            name = str(name)
            if name == own:
                continue
            spec = None
            real = name
            if isinstance(value, dict):
                if any(k in value for k in ("sdk", "path", "git")):
                    continue
                if "hosted" in value:
                    if not hosted_on_pub(value["hosted"]):
                        continue
                    if isinstance(value["hosted"], dict) and isinstance(value["hosted"].get("name"), str):
                        real = value["hosted"]["name"]
                spec = value.get("version") if isinstance(value.get("version"), str) else None
            elif value is not None:
                spec = str(value)
            line, column = where.get(name, (1, None))
            yield source.mention("pub", name, line, column, Origin.MANIFEST, PARSER, spec=spec, name=real,
                                 note=None if section == "dependencies" else section)
