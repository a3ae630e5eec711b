"""DG003: the package exists but is not established.

Signals (thresholds in ``[tool.depguard.thresholds]``):

- a registry placeholder: npm's security holding package (``0.0.1-security``), every release yanked, every
  version deprecated, quarantined, no files;
- first published fewer than ``new-package-days`` (default 30) days ago;
- a description that says the package itself is a placeholder, a reserved or held name, an empty or dummy
  package, or a research/dependency-confusion squat ("Placeholder to prevent dependency confusion", "This
  package name is reserved"); a description that merely uses the word ("Expand placeholders in a template
  string"; "Recon toolkit for bug bounty hunters"; "Detection of domain squatting") is no signal, and neither is
  any description of a package with real usage evidence (in its ecosystem's popular list, or downloads at least
  those of the list's least-used name) or a long history
  (as long as DG002's ``typosquat-established-days``/``-versions``: a name held for years is in use);
- fewer than ``min-versions`` (default 2) releases, counted only together with one of the above or with a
  first release in the last year (a single, years-old release is common for small, finished libraries).
"""

from __future__ import annotations

import functools
import re

from ..model import Mention, RegistryAnswer
from . import CheckContext, Signal
from .typosquat import established, widely_used

RULE = "DG003"
MARKER_REASONS = {
    "security-placeholder": "replaced by a registry security placeholder (the original was taken down as malicious)",
    "all-yanked": "every release is yanked",
    "deprecated": "every version is deprecated",
    "quarantined": "quarantined by the registry",
    "no-files": "has no downloadable files",
    "archived": "archived by its owners",
    "retired": "retired by its owners",
}
# Phrases in which the description speaks of the package itself: a placeholder or held name as the subject
# ("Placeholder package for X", "This package name is reserved", "A placeholder for the upcoming X"), not as
# something the package works on ("Expand placeholders in a template string", "Return an empty module"). Likewise
# a squat or a research artefact is the package itself ("Mock package to squat internal package", "Created by X for
# security research"), not its subject: security tools "for bug bounty hunters", "for security research", detectors
# of "domain squatting" and guards against "squatted packages" are no signal (48 real PyPI summaries of that kind
# fired before; ``python benchmarks/attacks/placeholders.py`` lists what fires on the real package lists).
PLACEHOLDER_PHRASES = r"""(?ix)
  ^\W*(?:this\s+is\s+|just\s+|only\s+)?(?:an?\s+)?(?:empty\s+|dummy\s+|reserved\s+)?placeholder
      (?:\s+(?:package|module|name|project|library|release)\b|\s*(?:for\b|to\b|until\b|[.,;:!(\-\u2013\u2014]|$))
  | ^\W*(?:(?:an?|just\s+an?|this\s+is\s+an?)\s+)?(?-i:(?:[A-Z@][\w@/.-]*\s+){0,3})
      (?:placeholder|empty|dummy|reserved|holding|stub|security\s+holding)\s+(?:package|module)\b
  | \b(?:this|the)\s+(?:package|module|library|project|crate|gem)(?:'s)?(?:\s+name)?\s+(?:is|was|has\s+been)\s+
      (?:just\s+|only\s+|currently\s+|intentionally\s+|now\s+)?(?:an?\s+)?
      (?:empty|placeholder|reserved|squatted|a\s+test\b|dummy|parked)
  | \bthis\s+is\s+(?:just\s+|only\s+)?an?\s+(?:placeholder\b|(?:test|dummy|empty|reserved)\s+(?:package|module|project)\b)
  | (?:\b(?:this|the|our)\s+(?:package\s+)?|(?<!\ba\s)(?<!\bany\s)\bpackage\s+)name\s+(?:is\s+)?(?:being\s+)?(?:reserved|squatted|held|parked)\b
  | \breserv(?:ed|ing)\s+(?:the\s+|this\s+)?(?:package\s+)?name\b
  | \b(?:name|namespace|package|dependency|pypi|npm)[\s-]+squat(?:ted|ting)?\b
  | \bsquatt(?:ed|ing)\s+(?:(?:pypi|npm)\s+)?(?:package|module|name|placeholder)\b
  | \b(?:prevent|avoid|against|block)\w*\s+(?:\w+\s+){0,2}?squatting\b
  | ^\W*squat(?:ted|ting)?\s+(?:for|on|of)\b | \bto\s+squat\b | \bsquatting\s+on\s+(?:the|this|a)\s+name\b
  | \b(?:prevent|avoid|against|demonstrat\w*|research|poc|proof\s+of\s+concept)\W+(?:\w+\W+){0,2}?dependency[\s-]confusion
  | \bdependency[\s-]confusion\W+(?:\w+\W+){0,1}?(?:research|test|poc|proof|demo|squat)
  | \b(?:created|published|uploaded|registered|claimed|made|example|demo|poc|this\s+(?:package|module)(?:\s+(?:is|was))?)\s+
      (?:[\w@./-]+\s+){0,3}?for\s+(?:an?\s+)?(?:authori[sz]ed\s+)?(?:penetration\s+test|pentest|security\s+research|bug\s+bounty)\b
  | \b(?:do\s+not|don'?t)\s+(?:use|install)\s+this\s+(?:package|module)\b
"""


@functools.lru_cache(maxsize=1)
def _placeholder() -> re.Pattern[str]:
    """PLACEHOLDER_PHRASES compiled when a description is first read (a few ms every run paid otherwise)."""
    return re.compile(PLACEHOLDER_PHRASES)


def says_placeholder(description: str | None) -> bool:
    """Whether a registry description says the package itself is a placeholder, a held name or a squat."""
    return bool(description) and _placeholder().search(description or "") is not None


def check(mention: Mention, answer: RegistryAnswer, ctx: CheckContext) -> list[Signal]:
    t = ctx.settings.thresholds
    out: list[Signal] = []
    for marker in answer.markers:
        if marker in MARKER_REASONS:
            out.append(Signal(RULE, MARKER_REASONS[marker]))
    # the description is read last: most names are established, and the phrases are costly to compile
    if ("security-placeholder" not in answer.markers and not established(answer, ctx)
            and not widely_used(mention.key, answer.downloads, ctx) and says_placeholder(answer.description)):
        out.append(Signal(RULE, f"its description says it is a placeholder: {(answer.description or '')[:80]!r}"))
    age_days = None
    if answer.first_release is not None:
        # whole days (the thresholds are whole days: an age under N days is a day count under N)
        age_days = ctx.days_since(answer.first_release)
        if age_days < t.new_package_days:
            out.append(Signal(RULE, f"first published {max(0, age_days)} day(s) ago (threshold {t.new_package_days})"))
    if answer.version_count is not None and answer.version_count < t.min_versions:
        recent = age_days is not None and age_days < 365
        if out or recent:
            out.append(Signal(RULE, f"only {answer.version_count} release(s)"))
    return out
