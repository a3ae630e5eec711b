"""The crates the scanned tree defines itself: the ``[package]`` name of every ``Cargo.toml`` of the tree, and the
``[lib]`` name that renames a package's library. Declared as this ecosystem's ``[own]`` reader (``ecosystem.toml``)
for imports only: a Rust file's ``use abl_token::…`` where ``abl_token`` is a crate of the tree is no crates.io name,
wherever the file stands (program-examples, held-out set 73: an Anchor workspace keeps a test in ``tests-rs/``,
outside every package of its ``programs/*`` members, and it uses the member crate ``abl-token``; a member that takes
another with ``alpha-core = { workspace = true }``, the workspace's entry a ``path``). A manifest's registry
dependency on such a name and ``cargo install`` of it are still judged: those ask crates.io."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def defined_crates(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The canonical names (crates.io's: lower case, ``_`` for ``-``) of the crates ``files`` ((path on disk, path
    relative to the scan root)) define, read through the active recording view (:func:`depguard.fsview.text_of`):
    the scan caches what this reads."""
    from ...errors import ParseError
    from ...fsview import texts_named
    from ...parsers._util import load_toml
    from .. import catalog

    eco = catalog().get("cargo")
    out: set[str] = set()
    for _path, text in texts_named(files, ("Cargo.toml",), limit):
        try:
            data = load_toml(text)
        except (ParseError, ValueError, RecursionError):
            continue
        for table in (data.get("package"), data.get("lib")):
            if isinstance(table, dict) and isinstance(table.get("name"), str) and table["name"]:
                out.add(eco.name_rule.normalise(table["name"]))
    return frozenset(out)
