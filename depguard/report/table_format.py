"""``--format table``: grouped by package and fitted to the width on a terminal, one line a location when piped.

Only findings that need attention are listed unless ``--verbose`` (an inventory lists every mention);
a summary line always closes the report.
"""

from __future__ import annotations

from ..model import Finding, PackageKey, Report, Verdict
from . import RenderOptions
from .escape import plain

STYLE = {
    Verdict.OK: "green", Verdict.MISSING: "bold red", Verdict.SUSPICIOUS: "bold yellow", Verdict.INVALID: "red",
    Verdict.NOT_CHECKED: "magenta", Verdict.ALLOWED: "cyan",
}


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def package_counts(report: Report) -> dict[str, int]:
    """verdict value -> how many packages (not mentions) have a finding with it."""
    s = report.summary()
    return {v.value: s[v.value] for v in Verdict}


def summary_line(report: Report) -> str:
    """One line of counts, every one of them packages (as the annotate footer counts): a package named in
    four places and missing is "1 package checked, 1 missing", not "4 missing" of 1 package."""
    s = report.summary()
    if not report.mentions_only:
        s = {**s, **package_counts(report)}
    if report.mentions_only:
        return (f"depguard: {_n(s['mentions'], 'mention')} of {_n(s['packages'], 'package')} found "
                "(inventory, nothing asked)")
    parts = [f"{_n(s['packages'], 'package')} checked", f"{s['missing']} missing", f"{s['suspicious']} suspicious"]
    if s["invalid"]:
        parts.append(f"{s['invalid']} invalid")
    parts.append(f"{s['not-checked']} not checked")
    if s["allowed"]:
        parts.append(f"{s['allowed']} allowed")
    if s["problems"]:
        parts.append(_n(s['problems'], 'problem'))
    return "depguard: " + ", ".join(parts)


def _shown(report: Report, options: RenderOptions) -> list[Finding]:
    if report.mentions_only or options.verbose or options.every:
        return list(report.findings)
    # --quiet: what needs attention; an allowed name (the config's [allow], an inline ignore) does not
    hidden = (Verdict.OK, Verdict.ALLOWED) if options.quiet else (Verdict.OK,)
    return [f for f in report.findings if f.verdict not in hidden]


def _where(f: Finding) -> str:
    return str(f.mention.location) if f.mention.location.path else "(argument)"


def _detail(f: Finding, report: Report, verbose: bool = False) -> str:
    if report.mentions_only:
        bits = [f.mention.origin.value, f.mention.parser]
        if f.mention.spec:
            bits.append(f.mention.spec)
        if f.mention.module:
            bits.append(f"import {f.mention.module}")
        if f.mention.note:
            bits.append(f.mention.note)
        return "; ".join(bits)
    # the last reason is the evidence (who answered, when): shown with --verbose
    if f.answer is not None and len(f.reasons) > 1 and not verbose:
        return "; ".join(f.reasons[:-1])
    return "; ".join(f.reasons)


def render(report: Report, options: RenderOptions) -> str:
    rows = _shown(report, options)
    if options.quiet and not rows and not report.problems:
        return ""
    if options.color or options.width:
        return _render_terminal(report, rows, options)
    out = []
    outages = _outages(report, rows, options.verbose)
    for f in rows:
        verdict = "found" if report.mentions_only else f.verdict.value
        detail = _detail(f, report, options.verbose)
        group = outages.get((f.mention.key.ecosystem, detail))
        if group is not None:  # a registry that did not answer several names: one line for all of them
            if group:
                out.append(_outage_line(group, detail))
                group.clear()
            continue
        out.append(f"{plain(_where(f))}  {f.mention.key.ecosystem}  {plain(f.mention.key.name)}  {verdict}  {plain(detail)}")
    for p in report.problems:
        out.append(f"{plain(str(p.location) if p.location else '-')}  problem ({p.kind}): {plain(p.message)}")
    if not options.quiet:
        out.append(summary_line(report))
    return "\n".join(out) + "\n"


OUTAGE_NAMES = 10  # names listed on a piped outage line before "and N more"


def _outages(report: Report, rows: list[Finding], verbose: bool) -> dict[tuple[str, str], list[Finding]]:
    """Not-checked findings of several names sharing an ecosystem and a reason (a registry that refused, did not
    resolve, timed out or ran past the deadline), by (ecosystem, detail)."""
    if report.mentions_only:
        return {}
    groups: dict[tuple[str, str], list[Finding]] = {}
    for f in rows:
        if f.verdict is Verdict.NOT_CHECKED:
            groups.setdefault((f.mention.key.ecosystem, _detail(f, report, verbose)), []).append(f)
    return {k: g for k, g in groups.items() if len({f.mention.key for f in g}) > 1}


def registry_shown(f: Finding) -> str:
    """Who was asked for ``f``: the registry's name and the address asked ('PyPI, https://pypi.org')."""
    source = f.answer.source if f.answer is not None else f.mention.key.ecosystem
    asked = f.answer.asked if f.answer is not None else None
    if asked:
        from ..reachability import origin

        source += f", {origin(asked)}"
    return plain(source)


def _outage_line(group: list[Finding], detail: str) -> str:
    """One line for every name one registry could not answer for the same reason: which registry and address,
    how many names, why, and the first names (JSON and SARIF keep one entry per name and place)."""
    names = list(dict.fromkeys(plain(f.mention.key.name) for f in group))
    shown = ", ".join(names[:OUTAGE_NAMES])
    if len(names) > OUTAGE_NAMES:
        shown += f" and {len(names) - OUTAGE_NAMES} more"
    first = group[0]
    return (f"{first.mention.key.ecosystem}  not-checked  {len(names)} packages ({registry_shown(first)}): "
            f"{plain(detail)}: {shown}")


# ANSI colours of the verdicts (only the verdict word is coloured: NO_COLOR changes nothing else)
ANSI = {"green": "32", "bold red": "1;31", "bold yellow": "1;33", "red": "31", "magenta": "35", "cyan": "36"}
LABEL = 8  # "  where " : the indent of a group's details
MIN_WIDTH = 40
MORE_LOCATIONS = 8  # locations listed under a package before "… and N more" (all with --verbose)


def middle(text: str, width: int) -> str:
    """``text`` cut in the middle to ``width`` characters (a path keeps its start and its file:line)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return text[:width]
    head = (width - 1) // 3
    return text[:head] + "…" + text[len(text) - (width - 1 - head):]


def _wrapped(text: str, width: int, first: str, rest: str) -> list[str]:
    """``text`` wrapped to ``width`` after the prefixes; words longer than a line are broken, never lost."""
    import textwrap

    return textwrap.wrap(text, width=width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=True, break_on_hyphens=False) or [first.rstrip()]


def _render_terminal(report: Report, rows: list[Finding], options: RenderOptions) -> str:
    """One group per package (verdict, ecosystem, name; why; where: its locations), fitted to the terminal's
    width: long reasons wrap under their label, long paths are cut in the middle, nothing runs past the edge."""
    width = max(options.width or 100, MIN_WIDTH)
    groups: dict[tuple[str | PackageKey, str, str], list[Finding]] = {}
    for f in rows:
        verdict = "found" if report.mentions_only else f.verdict.value
        detail = plain(_detail(f, report, options.verbose))
        # a registry that did not answer is one group (which registry, why, which names), not one per name
        unit = f.mention.key.ecosystem if f.verdict is Verdict.NOT_CHECKED and not report.mentions_only else f.mention.key
        groups.setdefault((unit, verdict, detail), []).append(f)

    def paint(word: str, verdict: Verdict | None) -> str:
        code = ANSI.get(STYLE.get(verdict, "")) if options.color and verdict is not None else None
        return f"\x1b[{code}m{word}\x1b[0m" if code else word

    pad = " " * LABEL
    out: list[str] = []
    for (unit, verdict, detail), found in groups.items():
        first = found[0]
        eco = first.mention.key.ecosystem
        names = list(dict.fromkeys(plain(f.mention.key.name) for f in found))
        if isinstance(unit, str) and len(names) > 1:  # several names one registry could not answer
            out.append(paint(f"{verdict:<11}", first.verdict) + f" {eco} {len(names)} packages ({registry_shown(first)})")
            if detail:
                out.extend(_wrapped(detail, width, "  why   ", pad))
            out.extend(_wrapped(", ".join(names), width, "  names ", pad))
        else:
            name = middle(names[0], width - len(f"{verdict:<11} {eco} "))
            out.append(paint(f"{verdict:<11}", None if report.mentions_only else first.verdict) + f" {eco} {name}")
            if detail:
                out.extend(_wrapped(detail, width, "  why   ", pad))
        places = [plain(_where(f)) for f in found if f.mention.location.path]  # not "(argument)"
        places = list(dict.fromkeys(places))
        shown = places if options.verbose or len(places) <= MORE_LOCATIONS + 1 else places[:MORE_LOCATIONS]
        for i, where in enumerate(shown):
            out.append(("  where " if i == 0 else pad) + middle(where, width - LABEL))
        if len(shown) < len(places):
            out.append(pad + f"… and {len(places) - len(shown)} more (--verbose lists them)")
    if report.problems and out:
        out.append("")
    for p in report.problems:
        where = middle(plain(str(p.location) if p.location else "-"), width - len(f"problem ({p.kind}) "))
        out.append(paint("problem", Verdict.SUSPICIOUS) + f" ({p.kind}) {where}")
        out.extend(_wrapped(plain(p.message), width, pad, pad))
    if not options.quiet:
        if out:
            out.append("")
        out.extend(_wrapped(summary_line(report), width, "", "  "))
    return "\n".join(out) + "\n"
