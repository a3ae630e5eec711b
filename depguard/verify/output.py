"""The claims report: a header line, a table (claim, verdict, evidence, source), a one-line footer, JSON.

Every string from the answer or the tree passes :func:`depguard.report.escape.plain` (or JSON escaping).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from ..report.escape import markup, plain
from . import ClaimResult, Status, counts

STYLE = {Status.VERIFIED: "green", Status.CONTRADICTED: "bold red", Status.UNVERIFIED: "magenta",
         Status.CONFLICTED: "bold yellow"}
COLUMNS = ("where", "claim", "verdict", "evidence", "source")


def header(results: Sequence[ClaimResult]) -> str:
    c = counts(results)
    line = (f"Claims checked: {c['claims']} | verified: {c['verified']} | unverified: {c['unverified']} | "
            f"contradicted: {c['contradicted']}")
    return line + (f" | conflicted: {c['conflicted']}" if c["conflicted"] else "")


def footer(results: Sequence[ClaimResult]) -> str:
    """One line for the end of an annotated answer: the counts and the first contradicted claims."""
    bad = [r for r in results if r.status in (Status.CONTRADICTED, Status.CONFLICTED)]
    line = "depguard verify: " + header(results)
    if bad:
        shown = "; ".join(f"{r.claim.describe()} ({r.status.value})" for r in bad[:3])
        line += f" — check: {shown}" + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
    return plain(line)


def _row(r: ClaimResult, shown: str) -> tuple[str, ...]:
    return (f"{shown}:{r.claim.line}", r.claim.describe(), r.status.value, r.evidence, r.source)


def table(results: Sequence[ClaimResult], shown: str, color: bool = False, width: int | None = None) -> str:
    if color:
        from rich.console import Console
        from rich.table import Table

        buf = io.StringIO()
        console = Console(file=buf, force_terminal=True, width=width or 120, highlight=False)
        console.print(markup(header(results)))
        if results:
            t = Table(header_style="bold")
            for col in COLUMNS:
                t.add_column(col, overflow="fold")
            for r in results:
                where, claim, verdict, evidence, source = _row(r, shown)
                t.add_row(markup(where), markup(claim), f"[{STYLE[r.status]}]{verdict}[/]", markup(evidence), markup(source))
            console.print(t)
        console.print(markup(footer(results)))
        return buf.getvalue()
    rows = [COLUMNS] + [tuple(plain(c) for c in _row(r, shown)) for r in results]
    widths = [min(max(len(row[i]) for row in rows), 70) for i in range(4)]
    out = [plain(header(results))]
    if results:
        out += [" | ".join([*(row[i].ljust(widths[i]) for i in range(4)), row[4]]) for row in rows]
    out.append(footer(results))
    return "\n".join(out) + "\n"


def claim_dict(r: ClaimResult, shown: str) -> dict[str, Any]:
    c = r.claim
    return {
        "kind": c.kind.value, "claim": c.describe(), "written": c.written, "verdict": r.status.value,
        "evidence": r.evidence, "source": r.source,
        "location": {"path": shown, "line": c.line, "column": c.column},
        "path": c.path, "start_line": c.start, "end_line": c.end, "symbol": c.symbol, "symbol_kind": c.symbol_kind,
        "quote": c.quote, "command": c.command, "target": c.target, "cwd": c.cwd,
        "positions": [{"source": p.source, "verdict": p.status.value, "evidence": p.evidence} for p in r.positions],
    }


def as_dict(results: Sequence[ClaimResult], shown: str) -> dict[str, Any]:
    """The keys ``--format json`` adds beside the package report's."""
    return {"claims_summary": counts(results), "claims": [claim_dict(r, shown) for r in results],
            "claims_footer": footer(results)}
