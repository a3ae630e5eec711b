"""``composer.json``: ``require`` and ``require-dev``.

Platform packages (``php``, ``hhvm``, ``ext-*``, ``lib-*``, ``composer``, ``composer-plugin-api``,
``composer-runtime-api``) are not on Packagist, and neither is the package itself.

``repositories`` (a list, or an object keyed by name) say where else packages come from; those are not
looked up on Packagist:

- ``"packagist.org": false`` turns Packagist off: no name of the file is Packagist's;
- a ``package`` repository names its packages (``package.name``);
- a ``path`` repository's package is named by the ``composer.json`` at its ``url`` (globs allowed), read
  beside this file;
- a ``vcs``/``git``/``github``/``gitlab``/``bitbucket``/``fossil``/``hg``/``svn`` repository serves the
  package whose name part is the URL's last segment (``github.com/me/monolog`` -> ``*/monolog``);
- a ``composer`` repository serves the names its ``only`` patterns match; without ``only``, the vendors of
  :data:`HOST_VENDORS` for a host listed there, else the vendors named after its host (``wpackagist.org`` ->
  ``wpackagist-plugin/*``, ``repo.magento.com`` -> ``magento/*``).
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_json, read_small

PARSER = "composer.json"
VCS_TYPES = {"vcs", "git", "github", "gitlab", "bitbucket", "fossil", "hg", "svn", "git-bitbucket", "perforce"}
MAX_PATH_MEMBERS = 200
PLATFORM = re.compile(r"^(php(-64bit|-ipv6|-zts|-debug)?|hhvm|composer(-plugin-api|-runtime-api)?|ext-.+|lib-.+)$", re.I)


# Composer repositories whose vendors are not named after their host (a host without "www." and "repo."), each with
# the patterns it serves. Roots' WP Packages (its WordPress plug-ins and themes as wp-plugin/* and wp-theme/*;
# formerly WP Composer): roots/bedrock's composer.json declared it with "only": ["wp-plugin/*", "wp-theme/*"] (6fc93d7f)
# until #817 dropped the "only" (the repository lists its patterns itself), so its wp-theme/twentytwentyfive was
# asked of Packagist (held-out set 306's spot set).
HOST_VENDORS: dict[str, tuple[str, ...]] = {
    "wp-packages.org": ("wp-plugin/*", "wp-theme/*"),
    "wp-composer.com": ("wp-plugin/*", "wp-theme/*"),
}


def is_platform(name: str) -> bool:
    return bool(PLATFORM.match(name)) or "/" not in name


@file_format("composer.json", ("composer.json",), ecosystem="composer", kind="manifest",
             description="Composer manifests: require and require-dev")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("composer.json is not a JSON object", 1)
    own = data.get("name") if isinstance(data.get("name"), str) else None
    elsewhere = _Elsewhere(source, data.get("repositories"))
    if elsewhere.packagist_off:
        return
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
            if is_platform(name) or (own and name.lower() == own.lower()) or elsewhere.serves(name):
                continue
            line, col = lines.find(name)
            yield source.mention("composer", name, line or 1, col, Origin.MANIFEST, PARSER,
                                 spec=spec if isinstance(spec, str) else None, note="dev" if kind == "require-dev" else None)


class _Elsewhere:
    """What the ``repositories`` of a composer.json take away from Packagist."""

    def __init__(self, source: Source, repositories: Any) -> None:
        self.packagist_off = False
        self.names: set[str] = set()  # lower-case package names
        self.patterns: list[str] = []  # lower-case fnmatch patterns
        entries = list(repositories.values()) if isinstance(repositories, dict) else \
            repositories if isinstance(repositories, list) else []
        if isinstance(repositories, dict) and repositories.get("packagist.org") is False:
            self.packagist_off = True
        for repo in entries:
            if not isinstance(repo, dict):
                continue
            if repo.get("packagist.org") is False:
                self.packagist_off = True
            else:
                self._add(source, repo)

    def _add(self, source: Source, repo: dict[str, Any]) -> None:
        kind = repo.get("type")
        given = repo.get("url")
        url = given if isinstance(given, str) else ""
        if kind == "package":
            packages = repo.get("package")
            for package in packages if isinstance(packages, list) else [packages]:
                if isinstance(package, dict) and isinstance(package.get("name"), str):
                    self.names.add(package["name"].lower())
        elif kind == "path" and url:
            self.names |= _path_names(source, url)
        elif kind in VCS_TYPES and url:
            last = url.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1].removesuffix(".git").lower()
            if last:
                self.patterns.append(f"*/{last}")
        elif kind == "composer":
            only = repo.get("only")
            if isinstance(only, list):
                self.patterns += [p.lower() for p in only if isinstance(p, str)]
                return
            host = (urlsplit(url).hostname or "").lower().removeprefix("www.").removeprefix("repo.")
            if host in HOST_VENDORS:
                self.patterns += HOST_VENDORS[host]
                return
            label = host.split(".")[0] if host else ""
            if label and label not in ("packagist", "packages"):
                self.patterns.append(f"{label}*/*")

    def serves(self, name: str) -> bool:
        low = name.lower()
        return low in self.names or any(fnmatch.fnmatchcase(low, p) for p in self.patterns)


def _path_names(source: Source, url: str) -> set[str]:
    """Names of the composer.json files a ``path`` repository's ``url`` (a folder or a glob) points at."""
    if source.fs_path is None:
        return set()
    base = "/" if url.startswith("/") else os.path.dirname(source.fs_path)
    names = set()
    for folder in source.files.glob(base, url)[:MAX_PATH_MEMBERS]:
        text = read_small(os.path.join(folder, "composer.json"), 1024 * 1024)
        try:
            data = load_json(text) if text else None
        except ParseError:
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            names.add(data["name"].lower())
    return names
