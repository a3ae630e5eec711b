"""``Brewfile`` (Homebrew Bundle): ``brew "formula"`` and ``cask "token"`` lines, read as text; never run.

Casks are named ``homebrew/cask/<token>`` (the registry keeps formulae and casks apart). ``tap``, ``mas``
(Mac App Store ids), ``vscode``, ``whalebrew``, ``cargo``, ``go`` and ``npm`` lines are not formulae. A
formula of a third-party tap (``user/repo/name``) keeps its tap and is not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part

PARSER = "Brewfile"
LINE = re.compile(r"""^\s*(?P<kind>brew|cask)\s*\(?\s*(?P<q>['"])(?P<name>[^'"]+)(?P=q)""")


def homebrew_name(written: str, cask: bool) -> str:
    name = written.strip().lower()
    if name.startswith("homebrew/core/"):
        name = name[len("homebrew/core/"):]
    if cask and "/" not in name:
        name = "homebrew/cask/" + name
    return name


@file_format("Brewfile", ("Brewfile", "*.Brewfile", ".Brewfile"), ecosystem="homebrew", kind="manifest",
             description="Homebrew Bundle Brewfile brew and cask lines")
def parse(source: Source) -> Iterator[Mention]:
    for line_no, raw in enumerate(source.text.splitlines(), 1):
        m = LINE.match(code_part(raw))
        if not m:
            continue
        cask = m.group("kind") == "cask"
        yield source.mention("homebrew", m.group("name"), line_no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                             name=homebrew_name(m.group("name"), cask), note="cask" if cask else None)
