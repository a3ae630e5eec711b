"""``composer.json``: ``require`` and ``require-dev``.

Platform packages (``php``, ``hhvm``, ``ext-*``, ``lib-*``, ``composer``, ``composer-plugin-api``,
``composer-runtime-api``) are not on Packagist, and neither is the package itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import ParseError
from ..model import Mention, Origin
from . import Source, file_format
from ._util import KeyLines, load_json

PARSER = "composer.json"
PLATFORM = re.compile(r"^(php(-64bit|-ipv6|-zts|-debug)?|hhvm|composer(-plugin-api|-runtime-api)?|ext-.+|lib-.+)$", re.I)


def is_platform(name: str) -> bool:
    return bool(PLATFORM.match(name)) or "/" not in name


@file_format("composer.json", ("composer.json",), ecosystem="composer", kind="manifest",
             description="Composer manifests: require and require-dev")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("composer.json is not a JSON object", 1)
    own = data.get("name") if isinstance(data.get("name"), str) else None
    lines = KeyLines(source.text)
    for kind in ("require", "require-dev"):
        table = data.get(kind)
        if table is None:
            continue
        if not isinstance(table, dict):
            source.problem(f"{kind} is not an object")
            continue
        lines.find(kind)
        for name, spec in table.items():
            if is_platform(name) or (own and name.lower() == own.lower()):
                continue
            line, col = lines.find(name)
            yield source.mention("composer", name, line or 1, col, Origin.MANIFEST, PARSER,
                                 spec=spec if isinstance(spec, str) else None, note="dev" if kind == "require-dev" else None)
