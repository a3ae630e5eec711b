"""``package.json``: every dependency kind, ``npm:`` aliases, overrides and resolutions.

Specs that do not come from the registry (git, GitHub shorthand ``user/repo``, ``file:``, ``link:``,
``workspace:``, ``portal:``, tarball URLs) are not looked up. Workspace members and the package's own name
are local, not registry names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..errors import ParseError
from ..model import Mention, Origin
from . import Source, file_format
from ._util import KeyLines, load_json

PARSER = "package.json"
DEP_KINDS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
LOCAL_PREFIXES = ("file:", "link:", "workspace:", "portal:", "patch:", "exec:", "catalog:")
URLISH = re.compile(r"^(git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:|ssh:)", re.I)
GITHUB_SHORTHAND = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(#.*)?$")


def registry_target(name: str, spec: Any) -> tuple[str, str | None, str | None] | None:
    """(registry name, version spec, note) for a dependency entry, or None when it is not from the registry."""
    if not isinstance(spec, str):
        return (name, None, None) if spec is None else None
    spec = spec.strip()
    if spec.startswith("npm:"):
        target = spec[4:]
        at = target.rfind("@")
        real, version = (target[:at], target[at + 1:]) if at > 0 else (target, None)
        return real, version, f"alias {name} of {real}"
    if spec.startswith(LOCAL_PREFIXES) or URLISH.match(spec) or spec.startswith((".", "/", "~")):
        return None
    if GITHUB_SHORTHAND.match(spec) and not spec.startswith("@"):
        return None
    return name, spec or None, None


def dependency_entries(data: dict[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """(kind, name, spec) for every dependency-like entry of a package.json object."""
    for kind in DEP_KINDS:
        table = data.get(kind)
        if isinstance(table, dict):
            for name, spec in table.items():
                yield kind, name, spec
    for kind in ("bundleDependencies", "bundledDependencies"):
        table = data.get(kind)
        if isinstance(table, list):
            for name in table:
                if isinstance(name, str):
                    yield kind, name, None
    for kind in ("overrides", "resolutions"):
        yield from _nested_overrides(kind, data.get(kind))


def _nested_overrides(kind: str, table: Any) -> Iterator[tuple[str, str, Any]]:
    if not isinstance(table, dict):
        return
    for key, value in table.items():
        if key == ".":
            continue
        name = _override_key_name(key)
        if name:
            yield kind, name, value if isinstance(value, str) else None
        if isinstance(value, dict):
            yield from _nested_overrides(kind, value)


def _override_key_name(key: str) -> str | None:
    # resolutions keys may be paths ("a/**/b", "**/b"), overrides keys may carry a version ("b@1")
    part = key.split("/**/")[-1].removeprefix("**/")
    if part.startswith("@"):
        pieces = part.split("/")
        part = "/".join(pieces[:2]) if len(pieces) >= 2 else part
    else:
        part = part.split("/")[0]
    at = part.find("@", 1)
    if at > 0:
        part = part[:at]
    return part or None


@file_format("package.json", ("package.json",), ecosystem="npm", kind="manifest",
             description="npm package.json: all dependency kinds, aliases, overrides, resolutions")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("package.json is not a JSON object", 1)
    own = data.get("name") if isinstance(data.get("name"), str) else None
    local = source.hints.local_packages
    lines = KeyLines(source.text)
    for kind, name, spec in dependency_entries(data):
        target = registry_target(name, spec)
        if target is None:
            continue
        real, version, note = target
        if real == own or real in local:
            continue
        line, col = lines.find(name)
        yield source.mention("npm", name, line or 1, col, Origin.MANIFEST, PARSER, spec=version, name=real,
                             note=note or (kind if kind != "dependencies" else None))
