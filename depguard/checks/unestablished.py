"""DG003: the package exists but is not established.

Signals (thresholds in ``[tool.depguard.thresholds]``):

- a registry placeholder: npm's security holding package (``0.0.1-security``), every release yanked, every
  version deprecated, quarantined, no files;
- first published fewer than ``new-package-days`` (default 30) days ago;
- a description that says it is a placeholder, a name reservation or a research/dependency-confusion squat;
- fewer than ``min-versions`` (default 2) releases, counted only together with one of the above or with a
  first release in the last year (a single, years-old release is common for small, finished libraries).
"""

from __future__ import annotations

import re

from ..model import Mention, RegistryAnswer
from . import CheckContext, Signal

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
PLACEHOLDER = re.compile(
    r"(security holding|placeholder|name (is )?reserv|reserved (for|name)|squat|dependency confusion|"
    r"research (purpose|project)|bug bounty|do not (use|install)|this package is (empty|a test)|empty package)",
    re.I,
)


def check(mention: Mention, answer: RegistryAnswer, ctx: CheckContext) -> list[Signal]:
    t = ctx.settings.thresholds
    out: list[Signal] = []
    for marker in answer.markers:
        if marker in MARKER_REASONS:
            out.append(Signal(RULE, MARKER_REASONS[marker]))
    if answer.description and PLACEHOLDER.search(answer.description) and "security-placeholder" not in answer.markers:
        out.append(Signal(RULE, f"its description says it is a placeholder: {answer.description[:80]!r}"))
    age_days = None
    if answer.first_release is not None:
        age_days = (ctx.now - answer.first_release).total_seconds() / 86400
        if age_days < t.new_package_days:
            out.append(Signal(RULE, f"first published {max(0, int(age_days))} day(s) ago (threshold {t.new_package_days})"))
    if answer.version_count is not None and answer.version_count < t.min_versions:
        recent = age_days is not None and age_days < 365
        if out or recent:
            out.append(Signal(RULE, f"only {answer.version_count} release(s)"))
    return out
