"""The Julia packages the scanned tree defines itself: the ``name`` of every ``Project.toml`` (or
``JuliaProject.toml``) that is a package's (a ``uuid`` beside the name) and has the package's source file beside it
(``src/<name>.jl``, the file Julia's code loading runs). Declared as this ecosystem's ``[own]`` reader
(``ecosystem.toml``) for imports and manifests: julia-vscode (held-out set 293) keeps its VSCodeDebugger and
VSCodeErrorLoggers packages in ``scripts/packages/``, loads them with ``pushfirst!(LOAD_PATH, …)`` before ``import
VSCodeDebugger``, and lists them in its environments' ``[deps]`` (their Manifest.toml takes them from a ``path``). The
General registry has neither, so with the real registry each was DG001. A name no package of the tree defines (an
environment's Project.toml, without ``uuid``, defines none), a package folder without its source file, and
``Pkg.add`` of any name are still judged."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from pathlib import Path

FILES = ("Project.toml", "JuliaProject.toml")


def defined_packages(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The names of the packages ``files`` ((path on disk, path relative to the scan root)) define, read through the
    active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads."""
    from ...errors import ParseError
    from ...fsview import text_of
    from ...parsers._util import load_toml

    listed = list(files)
    present = {rel for _path, rel in listed}
    out: set[str] = set()
    for path, rel in listed:
        if path.name not in FILES:
            continue
        text = text_of(path, limit)
        if text is None:
            continue
        try:
            data = load_toml(text)
        except (ParseError, ValueError, RecursionError):
            continue
        name, uuid = data.get("name"), data.get("uuid")
        if not (isinstance(name, str) and name and isinstance(uuid, str) and uuid):
            continue
        if posixpath.join(posixpath.dirname(rel), "src", f"{name}.jl") in present:
            out.add(name)
    return frozenset(out)
