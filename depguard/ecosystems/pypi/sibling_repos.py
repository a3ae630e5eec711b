"""Modules of a sibling repository: another repository of the project's own owner, used from its checkout.

A project developed for a larger one imports it without declaring it: opendbc's safety-replay tool does ``from
openpilot.tools.lib.logreader import LogReader``, and openpilot is no PyPI package but commaai's repository, which
opendbc's README links (``https://github.com/commaai/openpilot``) and whose owner is opendbc's own (its pyproject's
homepage is ``https://github.com/commaai/opendbc``). The evidence is the tree's: the scan root's manifest names the
project's own repository (a code-hosting link whose repository is named like the project the manifest defines), and
the scan root's README links a repository of that same owner named exactly like the module. Only a name no registry
has becomes a note (:func:`sibling_note`); a link to another owner's repository, a README without the manifest's own
link, or a module named otherwise leaves the import judged.
"""

from __future__ import annotations

import os
import re

from ...fsview import active, memo
from ...model import Example
from ...names import alphanumeric as _letters

# a repository on a code-hosting site: owner and name (a name's .git suffix aside)
REPOSITORY = re.compile(r"https?://(?:www\.)?(github\.com|gitlab\.com|codeberg\.org)/([A-Za-z0-9][\w.-]*)/([A-Za-z0-9][\w.-]*)")
READMES = ("README.md", "README.rst", "README.txt", "README")
READ_LIMIT = 512 * 1024  # a manifest or README larger than this is not read for links


def _repositories(text: str) -> list[tuple[str, str, str]]:
    """(host, owner, repository) of every code-hosting repository link in ``text`` (lower case, .git dropped)."""
    return [(m.group(1).lower(), m.group(2).lower(), m.group(3).lower().removesuffix(".git").rstrip("."))
            for m in REPOSITORY.finditer(text)]


@memo(maxsize=64)
def sibling_repositories(root: str) -> dict[str, str]:
    """Module-like name (letters only) -> ``host/owner/repository`` of every repository the scan root's README links
    whose owner is the project's own: the owner of a repository link in a root manifest whose repository is named
    like a project that manifest defines. Empty when no root manifest links its own repository."""
    from pathlib import Path

    from .defined_names import MANIFESTS, manifest_names  # a Python project's (an import is judged by those)

    view = active()
    owners: set[tuple[str, str]] = set()
    for name in MANIFESTS:
        text = view.read_text(os.path.join(root, name), READ_LIMIT)
        if not text:
            continue
        defined = {_letters(n) for n in manifest_names(Path(root, name), text, READ_LIMIT)}
        owners |= {(host, owner) for host, owner, repository in _repositories(text) if _letters(repository) in defined}
    if not owners:
        return {}
    out: dict[str, str] = {}
    for name in READMES:
        text = view.read_text(os.path.join(root, name), READ_LIMIT)
        for host, owner, repository in _repositories(text or ""):
            if (host, owner) in owners:
                out.setdefault(_letters(repository), f"{host}/{owner}/{repository}")
    return out


def sibling_note(top: str, root: str | None) -> Example | None:
    """A note for an import of ``top`` that nothing declared explains, where the scan root's README links a repository
    of the project's own owner named exactly like the module (:func:`sibling_repositories`). Only a name no registry
    has becomes the note; a name somebody registered is judged as usual."""
    if root is None or len(_letters(top)) < 3:
        return None
    where = sibling_repositories(root).get(_letters(top))
    if where is None or _letters(where.rpartition("/")[2]) != _letters(top):
        return None
    return Example(f"{top!r} is declared nowhere, but the project's README links {where}, a repository of the "
                   "project's own owner (its manifest names the project's repository there): a sibling project used "
                   "from its checkout, not a registry's package", setting=None)
