"""Checks: one registry answer (plus settings and popular-package data) -> a verdict with its reasons.

Rules for existing packages live one per module in this package and are discovered automatically. A rule
module exposes ``RULE`` (its id, e.g. ``"DG003"``) and ``check(mention, answer, ctx) -> list[Signal]``; it
may also expose ``suggest(key, ctx) -> str | None`` (the did-you-mean for a missing name),
``precheck(mention, answer, ctx) -> Finding | None``, which decides before the allow list (the
dependency-confusion rule: a private name allowed in config must still be flagged when it is public), and
``finish(ctx)``, told when a run's judging is over.

The order of precedence: allowed (config/inline) > invalid > denied > missing > not-checked > suspicious > ok.
Not checked is never a pass.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType

from ..config import Settings
from ..cstdlib import datetime, timedelta, timezone
from ..model import Existence, Finding, Mention, Origin, PackageKey, RegistryAnswer, Verdict
from ..records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


@record(frozen=True)
class Signal:
    rule: str
    reason: str
    suggestion: str | None = None


@record
class CheckContext:
    settings: Settings
    now: datetime
    memo: dict[str, Any] = field(default_factory=dict)  # per-run data a rule loads once (popular lists)
    # the first moment after ``now`` at which a day count a rule asked for (:meth:`days_since`) changes, since
    # the horizon was last reset (:class:`depguard.scan.Judging` resets it per judgement): until then a
    # judgement made from the same inputs is the same (depguard.verdicts)
    horizon: datetime | None = field(default=None, compare=False)

    @classmethod
    def for_settings(cls, settings: Settings) -> CheckContext:
        return cls(settings, settings.now or datetime.now(timezone.utc))

    def days_since(self, when: datetime) -> int:
        """Whole days from ``when`` to now (negative before it): the only way a rule reads the time, so that
        every judgement knows until when it holds (the next change of a count asked for is the horizon).
        A rule compares whole days (``age < threshold`` of a float age in days is ``days < threshold`` for an
        integer threshold)."""
        days = (self.now - when).days
        change = when + timedelta(days=days + 1)
        if self.horizon is None or change < self.horizon:
            self.horizon = change
        return days


_RULES: list[ModuleType] | None = None


def rule_modules() -> list[ModuleType]:
    global _RULES
    if _RULES is None:
        from ..plugins import submodules

        mods = []
        for name in submodules(__path__):  # sorted
            if not name.startswith("_"):
                mod = importlib.import_module(f"{__name__}.{name}")
                if hasattr(mod, "check") or hasattr(mod, "suggest") or hasattr(mod, "precheck"):
                    mods.append(mod)
        _RULES = mods
    return _RULES


def suggest(key: PackageKey, ctx: CheckContext) -> str | None:
    for mod in rule_modules():
        fn = getattr(mod, "suggest", None)
        if fn is not None:
            found: str | None = fn(key, ctx)
            if found:
                return found
    return None


def finish(ctx: CheckContext) -> None:
    """The end of a run's judging: rule modules that expose ``finish(ctx)`` keep what they worked out for the
    next run (the look-alike matches of :mod:`.typosquat`); the judgements kept across runs are written
    (:mod:`depguard.verdicts`)."""
    for mod in rule_modules():
        fn = getattr(mod, "finish", None)
        if fn is not None:
            fn(ctx)
    kept = ctx.memo.get("verdicts")
    if kept:
        kept.save()


def wants_downloads(key: PackageKey, settings: Settings) -> bool:
    """Whether a rule needs ``key``'s download count (rule modules may expose ``wants_downloads(key, settings)``):
    the lookup asks a registry's separate counting service for these names only."""
    return any(getattr(mod, "wants_downloads", None) is not None and mod.wants_downloads(key, settings)
               for mod in rule_modules())


def _evidence(answer: RegistryAnswer) -> str:
    """The last reason of every finding with an answer: what was answered, by whom, when (and whether from the cache)."""
    when = answer.at.strftime("%Y-%m-%d %H:%M UTC") if answer.at else None
    if answer.cached:
        told = f"cached answer of {answer.source}" + (f" from {when}" if when else "")
    else:
        told = f"asked {answer.source}" + (f" at {when}" if when else "")
    return f"{answer.reason}; {told}" if answer.reason else told


def locked_only(findings: list[Finding], mentions: Sequence[Mention], settings: Settings) -> list[Finding]:
    """Evidence weight by who wrote the name: an established look-alike (DG002, a year and five releases, no
    registry marker) that the tree names only in lockfiles was chosen by the author of a package it depends
    on, not typed here, and has lived that long as that package's dependency (prettier's ``immediato``, a
    dependency of ``isotimer``; ``tryer`` of ``bfj``): a note, not a failure (``judge-locked-lookalikes =
    true`` fails it). A name the tree also declares, installs or imports is judged as usual, and a young one
    always: a squat slipped in as a new package's dependency is young, and so is one the registry marks
    (deprecated, archived …)."""
    from .typosquat import RULE as DG002
    from .typosquat import established
    from .unestablished import MARKER_REASONS

    chosen: set[tuple[str, str]] | None = None  # the names written outside lockfiles, once a finding asks
    ctx: CheckContext | None = None
    out = []
    for f in findings:
        if f.rule == DG002 and f.verdict is Verdict.SUSPICIOUS and f.answer is not None and chosen is None:
            chosen = {(m.key.ecosystem, m.key.name) for m in mentions if m.origin is not Origin.LOCKFILE}
        if (f.rule == DG002 and f.verdict is Verdict.SUSPICIOUS and f.answer is not None and chosen is not None
                and (f.mention.key.ecosystem, f.mention.key.name) not in chosen
                and not MARKER_REASONS.keys() & set(f.answer.markers)):
            ctx = ctx or CheckContext.for_settings(settings)
            if established(f.answer, ctx):
                why = ("locked only as another package's dependency (no manifest, command or import of this tree names "
                       "it) and established; would be suspicious (DG002), a note, not a failure (judge-locked-lookalikes)")
                f = Finding(f.mention, Verdict.ALLOWED, "DG200", (why, *f.reasons), f.suggestion, f.answer)
        out.append(f)
    return out


def judge(mention: Mention, answer: RegistryAnswer | None, ctx: CheckContext, invalid: str | None = None) -> Finding:
    key = mention.key
    settings = ctx.settings
    if not invalid:
        for mod in rule_modules():
            pre = getattr(mod, "precheck", None)
            decided: Finding | None = pre(mention, answer, ctx) if pre is not None else None
            if decided is not None:
                return decided
    if settings.allowed(key.ecosystem, key.name) or settings.allowed(key.ecosystem, mention.written):
        return Finding(mention, Verdict.ALLOWED, "DG200", ("allowed by configuration",), answer=answer)
    if invalid:
        return Finding(mention, Verdict.INVALID, "DG004", (f"{mention.written!r}: {invalid}; not looked up",))
    if settings.denied(key.ecosystem, key.name):
        return Finding(mention, Verdict.MISSING if answer is None or answer.existence is not Existence.EXISTS else Verdict.SUSPICIOUS,
                       "DG005", ("on the deny list",), answer=answer)
    if answer is None:
        return Finding(mention, Verdict.NOT_CHECKED, "DG100", ("no answer was obtained",))
    if answer.existence is Existence.MISSING:
        hint = suggest(key, ctx)
        reasons = [f"not found on {answer.source}"]
        if hint:
            reasons.append(f"did you mean {hint!r}?")
        reasons.append(_evidence(answer))  # evidence is always the last reason
        return Finding(mention, Verdict.MISSING, "DG001", tuple(reasons), suggestion=hint, answer=answer)
    if answer.existence is Existence.UNKNOWN:
        return Finding(mention, Verdict.NOT_CHECKED, "DG100", (f"could not be checked: {answer.reason}",), answer=answer)
    signals: list[Signal] = []
    for mod in rule_modules():
        fn = getattr(mod, "check", None)
        if fn is not None:
            signals.extend(fn(mention, answer, ctx))
    if signals:
        # a flagged name that resembles a popular one gets the did-you-mean even when DG002 did not raise it
        # (a young name used within the ratio of its target is flagged as unestablished, not as a look-alike)
        suggestion = next((s.suggestion for s in signals if s.suggestion), None) or suggest(key, ctx)
        return Finding(mention, Verdict.SUSPICIOUS, signals[0].rule, tuple(s.reason for s in signals) + (_evidence(answer),),
                       suggestion=suggestion, answer=answer)
    return Finding(mention, Verdict.OK, "DG000", (_evidence(answer),), answer=answer)
