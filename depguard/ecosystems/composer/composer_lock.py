"""``composer.lock``: ``packages`` and ``packages-dev``.

Packages installed from somewhere other than Packagist are not asked of it: a ``path`` dist, or a
``notification-url`` on another host (Drupal's packages.drupal.org, WordPress Packagist, private
repositories). Entries with no ``notification-url`` are taken to be from Packagist.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_json
from .composer_json import is_platform

PARSER = "composer.lock"
PACKAGIST_HOSTS = frozenset({"packagist.org", "repo.packagist.org", "www.packagist.org"})


def from_packagist(pkg: dict) -> bool:
    dist = pkg.get("dist")
    if isinstance(dist, dict) and dist.get("type") == "path":
        return False
    url = pkg.get("notification-url")
    if not isinstance(url, str) or not url:
        return True
    return (urlsplit(url).hostname or "").lower() in PACKAGIST_HOSTS


@file_format("composer.lock", ("composer.lock",), ecosystem="composer", kind="lockfile",
             description="Composer lockfiles: packages and packages-dev from Packagist")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("composer.lock is not a JSON object", 1)
    lines = source.text.splitlines()
    cursor = 0
    for kind in ("packages", "packages-dev"):
        listed = data.get(kind) or []
        if not isinstance(listed, list):
            source.problem(f"{kind} is not a list")
            continue
        for pkg in listed:
            if not isinstance(pkg, dict) or not isinstance(pkg.get("name"), str):
                source.problem(f"an entry of {kind} has no name")
                continue
            name = pkg["name"]
            # JSON may escape the slash ("vendor\/pkg")
            pattern = re.compile(r'"name"\s*:\s*"' + re.escape(name).replace("/", r"\\?/") + '"')
            line = col = None
            for i in range(cursor, len(lines)):
                m = pattern.search(lines[i])
                if m:
                    line, col = i + 1, lines[i].find('"', m.start() + 6) + 2
                    cursor = i + 1
                    break
            if is_platform(name) or not from_packagist(pkg):
                continue
            version = pkg.get("version") if isinstance(pkg.get("version"), str) else None
            yield source.mention("composer", name, line or 1, col, Origin.LOCKFILE, PARSER, spec=version,
                                 note="dev" if kind == "packages-dev" else None)


def vendored_folders(text: str) -> list[str]:
    """The folders below ``vendor/`` that Composer installed, one per package of ``vendor/composer/installed.json``
    (Composer 2's ``{"packages": [...]}`` or Composer 1's list), ``vendor/name`` each
    (depguard/discover.py: ``[project] vendored``)."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    packages = data.get("packages") if isinstance(data, dict) else data
    out = []
    for pkg in packages if isinstance(packages, list) else []:
        name = pkg.get("name") if isinstance(pkg, dict) else None
        if isinstance(name, str) and name.count("/") == 1 and all(p and p not in (".", "..") for p in name.split("/")):
            out.append(name)
    return out
