"""The packages of the scanned tree's pub workspaces: the ``name`` of every ``pubspec.yaml`` that says
``resolution: workspace``. Declared as this ecosystem's ``[own]`` reader (``ecosystem.toml``) for manifests and
imports: pub resolves a workspace member's dependency on another member to the member itself, whatever its version
constraint (riverpod, held-out set 227: ``packages/riverpod/pubspec.yaml`` takes ``riverpod_devtool_generator:
^0.0.0``, the workspace's own unpublished code generator, and ``internal_lint`` imports
``package:riverpod_analyzer_utils``). So are the packages a Melos workspace takes in (before pub workspaces: a
``melos.yaml`` whose ``packages:`` globs name the folders of its packages): ``melos bootstrap`` links a local package
into every other that depends on it, "regardless of whether a version has been specified" (Melos's bootstrap docs);
notifee's Flutter plugin (held-out set 285) takes ``notifee_platform_interface: ^0.0.1`` from
``packages/flutter/packages/notifee_platform_interface`` so. A name no member defines, a pubspec outside any workspace depending on a
sibling's name (pub fetches that from pub.dev), and install commands (``dart pub add``, ``dart pub global
activate``: they ask pub.dev) are still judged."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ... import lazyre


def workspace_members(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The names of the workspace members among ``files`` ((path on disk, path relative to the scan root)), read
    through the active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads."""
    from ...errors import ParseError
    from ...fsview import texts_named

    files = list(files)
    out: set[str] = _melos_packages(files, limit)
    for _path, text in texts_named(files, ("pubspec.yaml",), limit):
        if "resolution" not in text:
            continue  # the YAML reader is loaded only for a tree with a workspace member (a scan's warm path)
        from ...parsers._util import load_yaml

        try:
            data = load_yaml(text)
        except (ParseError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and data.get("resolution") == "workspace" and isinstance(data.get("name"), str):
            out.add(data["name"])
    return frozenset(out)


def _melos_packages(files: list[tuple[Path, str]], limit: int) -> set[str]:
    """The names of the pubspec.yaml files in the folders a ``melos.yaml``'s ``packages:`` globs match (relative to
    the melos.yaml's folder; ``*`` within a folder name, ``**`` across folders), less those its ``ignore:`` matches."""
    import posixpath

    from ...errors import ParseError
    from ...fsview import text_of, texts_named
    from ...parsers._util import load_yaml

    pubspecs = [(path, rel) for path, rel in files if posixpath.basename(rel) == "pubspec.yaml"]
    where = {path: rel for path, rel in files}
    out: set[str] = set()
    for path, text in texts_named(files, ("melos.yaml",), limit):
        try:
            data = load_yaml(text)
        except (ParseError, ValueError, RecursionError):
            continue
        if not isinstance(data, dict) or not isinstance(data.get("packages"), list):
            continue
        ignored = data.get("ignore")
        ignored = ignored if isinstance(ignored, list) else []
        taken = [rx for rx in map(_melos_glob, data["packages"]) if rx is not None]
        left_out = [rx for rx in map(_melos_glob, ignored) if rx is not None]
        home = posixpath.dirname(where.get(path, ""))
        for pubspec, rel in pubspecs:
            folder = posixpath.dirname(rel)
            if home and not folder.startswith(home + "/"):
                continue
            inner = folder[len(home) + 1:] if home else folder
            if any(rx.match(inner) for rx in taken) and not any(rx.match(inner) for rx in left_out):
                m = PUBSPEC_NAME.search(text_of(pubspec, limit) or "")
                if m:
                    out.add(m.group(1))
    return out


def _melos_glob(glob: object):
    """A melos.yaml package glob as a pattern over folder paths (``packages/**``, ``tests/*``); None for no glob.
    Matched without backtracking (:mod:`depguard.globmatch`: a glob of many stars took exponential time, l39)."""
    import re

    from ...globmatch import ANY, NOT_SLASH, STAR, Glob

    if not isinstance(glob, str) or not glob.strip().strip("/"):
        return None
    tokens: list[str | int] = []
    for part in re.split(r"(\*\*|\*|\?)", glob.strip().strip("/")):
        kind = {"**": ANY, "*": STAR, "?": NOT_SLASH}.get(part)
        tokens.extend([kind] if kind is not None else part)
    return Glob(tokens)


PUBSPEC_NAME = lazyre.compile(r"""(?m)^name:[ \t]*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?[ \t]*(?:#.*)?$""")
