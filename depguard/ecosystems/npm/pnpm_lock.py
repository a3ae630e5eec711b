"""``pnpm-lock.yaml``: lockfile versions 5.x, 6 and 9, read from the ``packages`` section.

pnpm 10 and later may write two YAML documents (the package manager's own dependencies, then the project's):
each is read. Package keys name the package and its version: ``/name/1.0.0`` and ``/@scope/name/1.0.0_peer@2`` (v5,
optionally prefixed by a registry host), ``/name@1.0.0(peer@2)`` (v6) and ``name@1.0.0(peer@2)`` (v9).
Entries resolved from git (``resolution: {type: git}`` or a ``commit``), a local ``directory`` or a tarball
off the registry, and keys naming git hosts or ``file:``/``link:`` paths, are not registry names; an entry whose
``tarball`` is a registry tarball of another host (novu's ``@taskforcesh/bullmq-pro`` from Taskforce's
``npm.taskforce.sh``) is not checked when the public registry lacks it, as package-lock.json's. A key that
does not fit its lockfile version is read the other way and reported as a problem. Every mention points at
the line of the package key.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import document_mapping, load_yaml_documents, section
from ._npm_specs import is_registry_url, is_version, locked_elsewhere, other_registry, split_descriptor

PARSER = "pnpm-lock.yaml"
GIT_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeload.github.com", "gist.github.com"})


@file_format("pnpm-lock.yaml", ("pnpm-lock.yaml",), ecosystem="npm", kind="lockfile",
             description="pnpm-lock.yaml (lockfile versions 5, 6 and 9)")
def parse(source: Source) -> Iterator[Mention]:
    documents, index = load_yaml_documents(source.text)
    for data in documents:  # pnpm 10+: the package manager's own dependencies, then the project's
        yield from _document(source, data, index)


def _document(source: Source, data: Any, index) -> Iterator[Mention]:
    data = document_mapping(data, PARSER)
    if data and "lockfileVersion" not in data and "packages" not in data and "importers" not in data:
        raise ParseError("not a pnpm-lock.yaml: no lockfileVersion, importers or packages", 1)
    packages: dict[str, Any] = section(data, index, "packages", PARSER) or {}
    v5 = _major(data.get("lockfileVersion")) < 6
    for key, entry in packages.items():
        line, col = index.key(packages, key)
        if not isinstance(key, str):
            source.problem(f"pnpm-lock.yaml: package key {key!r} is not a string; skipped", line, col)
            continue
        if entry is not None and not isinstance(entry, dict):
            source.problem(f"pnpm-lock.yaml: packages[{key!r}] is not a mapping; skipped", line, col)
            continue
        entry = entry or {}
        if not _from_registry(entry.get("resolution")):
            continue
        parsed, odd = _read_key(key, v5)
        if parsed is None:
            if odd:
                source.problem(f"invalid package path {key!r}: cannot tell the package name; skipped", line, col)
            continue
        if odd:
            source.problem(f"invalid package path {key!r} for lockfileVersion {data.get('lockfileVersion')}; "
                           f"read as {parsed[0]}@{parsed[1]}", line, col)
        written, version, offset = parsed
        real = entry.get("name") if isinstance(entry.get("name"), str) and entry.get("name") else written
        if isinstance(entry.get("version"), str) and not version:
            version = entry["version"]
        note = f"alias {written} of {real}" if real != written else None
        resolution = entry.get("resolution")
        tarball = resolution.get("tarball") if isinstance(resolution, dict) else None
        yield locked_elsewhere(source.mention("npm", written, line, col + offset, Origin.LOCKFILE, PARSER,
                                              spec=version or None, name=real, note=note),
                               other_registry(tarball), PARSER)


def _major(version: Any) -> float:
    try:
        return float(str(version).split(".")[0])
    except ValueError:
        return 9.0  # unknown: read keys the current way


def _from_registry(resolution: Any) -> bool:
    if not isinstance(resolution, dict):
        return True  # no resolution written: a registry package (integrity omitted)
    if resolution.get("type") in ("git", "directory") or "commit" in resolution or "directory" in resolution:
        return False
    tarball = resolution.get("tarball")
    if isinstance(tarball, str) and tarball:
        return tarball.startswith("file:") is False and is_registry_url(tarball)
    return True


def _read_key(key: str, v5: bool) -> tuple[tuple[str, str, int] | None, bool]:
    """((name, version, offset of the name in the key) or None, whether the key is odd for its version).

    None without oddness means the key is knowingly not a registry package (a git host, a local path).
    """
    first, second = (_path_key, _at_key) if v5 else (_at_key, _path_key)
    got = first(key)
    if got is not False:
        return got, False
    got = second(key)
    if got is not False:
        return got, True
    return None, True


def _at_key(key: str) -> tuple[str, str, int] | None | Literal[False]:
    """v6/v9 keys: ``[/][host/]name@version[(peers)]``; False when the key is not of this shape."""
    body = key[1:] if key.startswith("/") else key
    head = body.split("/", 1)[0]
    if not body.startswith("@") and "/" in body.split("@", 1)[0] and "." in head:
        body = body[len(head) + 1:]  # a package from another registry host
    name, ref = split_descriptor(body)
    if not ref or not name or name.count("/") != (1 if name.startswith("@") else 0):
        return False
    ref = ref.split("(", 1)[0]
    if is_version(ref):
        return name, ref, len(key) - len(body)
    if ref.startswith(("http:", "https:")) and is_registry_url(ref):
        return name, "", len(key) - len(body)  # a registry tarball named by its URL
    if ":" in ref or ref.startswith((".", "/")):
        return None  # name@https://..., name@file:..., name@link:...: not from the registry
    return False


def _path_key(key: str) -> tuple[str, str, int] | None | Literal[False]:
    """v5 keys: ``[host]/name/version[_peers]`` or ``[host]/@scope/name/version[_peers]``."""
    parts = key.split("/")
    if len(parts) < 3:
        return False
    host = parts[0]
    if host in GIT_HOSTS or host.startswith("git@") or "+" in host:
        return None
    rest = parts[1:]
    if rest[0].startswith("@"):
        if len(rest) != 3:
            return False
        name = f"{rest[0]}/{rest[1]}"
    else:
        if len(rest) != 2:
            return False
        name = rest[0]
    version = rest[-1].split("_", 1)[0].split("(", 1)[0]
    if not is_version(version) or not name or "@" in name.lstrip("@"):
        return False
    return name, version, len(host) + 1
