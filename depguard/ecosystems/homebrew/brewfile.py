"""``Brewfile`` (Homebrew Bundle): ``brew "formula"`` and ``cask "token"`` lines, read as text; never run.

Casks are named ``homebrew/cask/<token>`` (the registry keeps formulae and casks apart). ``tap``, ``mas``
(Mac App Store ids), ``vscode``, ``whalebrew``, ``cargo``, ``go`` and ``npm`` lines are not formulae. A
formula of a third-party tap (``user/repo/name``) keeps its tap and is not checked. A bare name below a ``tap`` line of
a third-party tap (or of one a Ruby variable names: ``tap repo, "https://github.com/#{repo}.git"``) may be that
tap's, which formulae.brew.sh does not list: not checked when the catalogue lacks it (``taps.py``), as after ``brew
tap`` on a command line; Homebrew's own taps (``homebrew/cask-fonts``) add nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part
from ...records import replace
from .taps import own_tap, tapped_example

PARSER = "Brewfile"
LINE = re.compile(r"""^\s*(?P<kind>brew|cask)\s*\(?\s*(?P<q>['"])(?P<name>[^'"]+)(?P=q)""")
# `tap "user/repo"` (quoted) or `tap repo, …` (a Ruby variable: the tap is not known here)
TAP_LINE = re.compile(r"""^\s*tap\s*\(?\s*(?:(?P<q>['"])(?P<tap>[^'"]+)(?P=q)|(?P<var>[a-z_]\w*)\b)""")


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
    example = None  # after a third-party tap line: a bare name may be that tap's
    for line_no, raw in enumerate(source.text.splitlines(), 1):
        code = code_part(raw)
        t = TAP_LINE.match(code)
        if t and example is None and not (t.group("tap") and own_tap(t.group("tap").strip())):
            tap = t.group("tap") or f"the one `{t.group('var')}` names"
            example = tapped_example(f"this Brewfile taps {tap} (line {line_no}) before it")
        m = LINE.match(code)
        if not m:
            continue
        cask = m.group("kind") == "cask"
        mention = source.mention("homebrew", m.group("name"), line_no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                                 name=homebrew_name(m.group("name"), cask), note="cask" if cask else None)
        if example is not None and "/" not in m.group("name"):
            mention = replace(mention, example=example)
        yield mention
