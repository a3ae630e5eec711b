"""npm's ``[project] hints`` (depguard/scan.py ``project_hints``): the facts about the scanned tree that npm's readers
need, each from the module that reads it: the packages a pnpm lockfile links into a submodule that is not checked
out (``Hints.submodule_links``, :mod:`.submodule_links`), the scopes a page of the tree sends to a registry other
than the public one (``Hints.documented_scopes``, :mod:`.scoped_registries`) and the names its lockfiles lock from one
(``Hints.locked_elsewhere``, :mod:`.lock_registries`)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any


def project_hints(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None,
                  data_files: Iterable[str] = (), near: Iterable[str] = ()) -> dict[str, Any]:
    """The facts of the module docstring (none of the documents without a file list)."""
    from .lock_registries import locked_elsewhere
    from .scoped_registries import documented_scopes
    from .submodule_links import project_hints as submodule_hints

    listed = None if files is None else list(files)
    return {**submodule_hints(root, listed, limit, cache, data_files),
            "documented_scopes": documented_scopes(root, listed, limit, cache),
            "locked_elsewhere": locked_elsewhere(root, listed, limit, cache)}
