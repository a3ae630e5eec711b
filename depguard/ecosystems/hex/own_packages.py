"""The Gleam packages the scanned tree defines itself: the ``name`` of every ``gleam.toml``. Declared as this
ecosystem's ``[own]`` reader (``ecosystem.toml``) for install commands: ``gleam new`` writes a README whose
installation block is ``gleam add <the package's own name>@1`` (gleam-lang/gleam, held-out set 280:
``test-community-packages/README.md``, ``gleam add test_community_packages``), which tells the reader of a published
package how to add it and says nothing about an unpublished one. A ``gleam add`` of any other name, and every
``gleam.toml`` dependency (a path dependency names the sibling with ``path``), are still judged."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def gleam_packages(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The names ``files`` ((path on disk, path relative to the scan root)) define in ``gleam.toml`` files, read
    through the active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads."""
    from ...errors import ParseError
    from ...fsview import texts_named
    from ...parsers._util import load_toml

    out: set[str] = set()
    for _path, text in texts_named(files, ("gleam.toml",), limit):
        try:
            data = load_toml(text)
        except (ParseError, ValueError, RecursionError):
            continue
        if isinstance(data.get("name"), str) and data["name"]:
            out.add(data["name"])
    return frozenset(out)
