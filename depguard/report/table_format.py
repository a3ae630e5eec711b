"""``--format table``: a rich table on a terminal, plain aligned lines when piped.

Only findings that need attention are listed unless ``--verbose`` (an inventory lists every mention);
a summary line always closes the report.
"""

from __future__ import annotations

import io

from ..model import Finding, Report, Verdict
from . import RenderOptions
from .escape import markup, plain

STYLE = {
    Verdict.OK: "green", Verdict.MISSING: "bold red", Verdict.SUSPICIOUS: "bold yellow", Verdict.INVALID: "red",
    Verdict.NOT_CHECKED: "magenta", Verdict.ALLOWED: "cyan",
}


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def summary_line(report: Report) -> str:
    s = report.summary()
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
        parts.append(f"{s['problems']} problems")
    return "depguard: " + ", ".join(parts)


def _shown(report: Report, options: RenderOptions) -> list[Finding]:
    if report.mentions_only or options.verbose:
        return list(report.findings)
    return [f for f in report.findings if f.verdict is not Verdict.OK]


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
    if options.color:
        return _render_rich(report, rows, options)
    out = []
    for f in rows:
        verdict = "found" if report.mentions_only else f.verdict.value
        out.append(f"{plain(_where(f))}  {f.mention.key.ecosystem}  {plain(f.mention.key.name)}  {verdict}  {plain(_detail(f, report, options.verbose))}")
    for p in report.problems:
        out.append(f"{plain(str(p.location) if p.location else '-')}  problem ({p.kind}): {plain(p.message)}")
    out.append(summary_line(report))
    return "\n".join(out) + "\n"


def _render_rich(report: Report, rows: list[Finding], options: RenderOptions) -> str:
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=options.width or 120, highlight=False)
    if rows:
        table = Table(show_lines=False, header_style="bold")
        for col in ("where", "ecosystem", "package", "verdict", "why"):
            table.add_column(col, overflow="fold")
        for f in rows:
            verdict = "found" if report.mentions_only else f.verdict.value
            style = "" if report.mentions_only else STYLE[f.verdict]
            table.add_row(markup(_where(f)), f.mention.key.ecosystem, markup(f.mention.key.name),
                          f"[{style}]{verdict}[/]" if style else verdict, markup(_detail(f, report, options.verbose)))
        console.print(table)
    for p in report.problems:
        console.print(f"[yellow]problem[/] {markup(str(p.location) if p.location else '-')}: {markup(p.message)}")
    console.print(markup(summary_line(report)))
    return buf.getvalue()
