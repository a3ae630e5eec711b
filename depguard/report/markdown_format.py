"""``--format markdown``: a short report for a pull-request comment or ``$GITHUB_STEP_SUMMARY``.

A heading with the counts, then a table of the findings that need attention (all findings with
``--verbose``), then the problems. Names and paths are code spans (no mention, link or HTML is rendered
inside one; ``|`` is escaped); reasons are escaped Markdown with @-mentions and autolinks broken, so a
package name or registry description cannot ping anyone, inject a link or break the table.
"""

from __future__ import annotations

from ..model import Finding, Report, Verdict
from . import RenderOptions
from .escape import markdown_code, markdown_text
from .table_format import package_counts, summary_line

ICONS = {Verdict.MISSING: "❌", Verdict.INVALID: "❌", Verdict.SUSPICIOUS: "⚠️", Verdict.NOT_CHECKED: "❔",
         Verdict.ALLOWED: "☑️", Verdict.OK: "✅"}


def _where(f: Finding) -> str:
    loc = f.mention.location
    return markdown_code(str(loc)) if loc.path is not None else "(argument)"


def _why(f: Finding) -> str:
    reasons = [r for r in f.reasons if not (f.suggestion and r.startswith("did you mean"))]  # shown by the name
    return "; ".join(markdown_text(r) for r in reasons) or "—"


def render(report: Report, options: RenderOptions) -> str:
    s = report.summary()
    counts = package_counts(report)  # packages, as the summary line under the heading counts them
    flagged = len({f.mention.key for f in report.findings
                   if f.verdict in (Verdict.MISSING, Verdict.SUSPICIOUS, Verdict.INVALID)})
    if report.mentions_only:
        title = f"### depguard inventory: {s['mentions']} mentions of {s['packages']} packages"
    elif flagged:
        title = f"### ❌ depguard: {flagged} package name(s) need attention"
    elif counts["not-checked"]:
        title = f"### ❔ depguard: {counts['not-checked']} package name(s) could not be checked"
    else:
        title = "### ✅ depguard: every package name checks out"
    out = [title, "", markdown_text(summary_line(report)), ""]
    rows = [f for f in report.findings if options.verbose or report.mentions_only or f.verdict is not Verdict.OK]
    if rows:
        out += ["| verdict | package | ecosystem | where | why |", "|---|---|---|---|---|"]
        for f in rows:
            verdict = "found" if report.mentions_only else f"{ICONS[f.verdict]} {f.verdict.value} ({f.rule})"
            name = markdown_code(f.mention.written)
            if f.suggestion:
                name += f" (did you mean {markdown_code(f.suggestion)}?)"
            out.append(f"| {verdict} | {name} | {markdown_code(f.mention.key.ecosystem)} | {_where(f)} | {_why(f)} |")
        out.append("")
    problems = [p for p in report.problems if p.kind != "unsupported"]
    if problems:
        out += ["**Problems**", ""]
        for p in problems:
            where = markdown_code(str(p.location)) + ": " if p.location is not None else ""
            out.append(f"- {where}{markdown_text(p.message)} ({markdown_text(p.kind)})")
        out.append("")
    return "\n".join(out)
