"""A page that runs ``brew tap owner/repo`` before it installs: its later Homebrew names may be the tap's.

``brew tap wix/brew`` then ``brew install applesimutils`` on one command line is read by the command analysis
(``adds_source`` in ``ecosystem.toml``). A page often splits the two across blocks: ayangweb/BongoCat's download
guide has step 1 "add BongoCat's tap source" (```` ```bash brew tap ayangweb/BongoCat``` ````) and step 2 ``brew install
--no-quarantine bongo-cat`` in a block of its own (held-out set 292, Electron and Tauri apps); lencx/ChatGPT's README
taps lencx/chatgpt, then shows the Brewfile lines doing the same through a Ruby variable. formulae.brew.sh lists no
third-party tap, so a Homebrew name written below such a tap on the page, or after it on the tap's own line in another
inline span (josean-dev/dev-environment-files: "`brew tap FelixKratz/formulae` and `brew install sketchybar`"), that
Homebrew's catalogue lacks is **not checked** (DG100, exit 3, never a pass, never a note), as it is after a tap on the
same command line; a name the catalogue has passes and one it doubts is judged. Homebrew's own taps
(``homebrew/cask-fonts``) add nothing, and a name above the first tap or before it on its line, or one written with
its own tap (``user/repo/name``), is judged as before.
"""

from __future__ import annotations

from ... import lazyre
from ...model import Example, Mention

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# `brew tap owner/repo` (options before the tap allowed: `brew tap --force owner/repo`); Homebrew's own taps excepted
TAP = lazyre.compile(r"\bbrew[ \t]+tap[ \t]+(?:-[\w-]+[ \t]+)*(?P<tap>[A-Za-z0-9][\w.-]*/[\w.-]+)")


def own_tap(tap: str) -> bool:
    """Whether ``tap`` is one of Homebrew's own (``homebrew/cask-fonts``), whose formulae and casks formulae.brew.sh
    lists: the ``listed_sources`` the brew tool declares (ecosystem.toml), which a tap on a command line is read by too."""
    from ...commands.declared import tool

    brew = tool("brew")
    return brew is not None and brew.listed_sources is not None and brew.listed_sources.fullmatch(tap) is not None


def shown(taps: list[str]) -> str:
    return " or ".join(taps[:3]) + (" …" if len(taps) > 3 else "")


def tapped_example(said: str) -> Example:
    """Why a Homebrew name written after a third-party tap is not checked when the catalogue lacks it."""
    return Example(f"{said}, and formulae.brew.sh lists no third-party tap", any_verdict=True, setting=None,
                   unchecked=True, ok_passes=True, doubts_judged=True)


def page_taps(text: str) -> Callable[[Mention], Mention] | None:
    """The ``[text] page_marks`` of Homebrew: a function marking the Homebrew names written below the page's first
    third-party ``brew tap`` line (see the module's docstring), or None when the page taps none."""
    if "tap" not in text:
        return None
    first: int | None = None
    after = 0  # the 1-based column the first third-party tap's name ends at, on its line
    taps: list[str] = []
    for m in TAP.finditer(text):
        tap = m.group("tap").rstrip(".")
        if own_tap(tap):
            continue
        if first is None:
            first = text.count("\n", 0, m.start()) + 1
            after = m.end("tap") - (text.rfind("\n", 0, m.start()) + 1)
        if tap not in taps:
            taps.append(tap)
    if first is None:
        return None
    from ...records import replace

    below = first
    example = tapped_example(f"this page adds the tap {shown(taps)} with `brew tap` (line {first}) before it installs this")

    def mark(m: Mention) -> Mention:
        name = m.key.name
        if name.startswith("homebrew/cask/"):
            name = name[len("homebrew/cask/"):]
        if m.example is not None or "/" in name or "brew tap" in (m.note or ""):
            return m
        # below the tap's line, or on that line after it: a README's step in two inline spans, "`brew tap
        # FelixKratz/formulae` and `brew install sketchybar`" (josean-dev/dev-environment-files, held-out set 316)
        line = m.location.line or 0
        if line < below or line == below and (m.location.column or 0) <= after:
            return m
        return replace(m, example=example)
    return mark
