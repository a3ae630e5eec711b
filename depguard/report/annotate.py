"""``depguard text --annotate``: the answer printed back with each flagged name marked where it stands::

    pip install reqeusts [depguard: missing on PyPI — did you mean requests?]  <!-- depguard: ignore the typo -->

    [depguard: 7 packages checked, 1 missing, 0 suspicious]

Ok and allowed names are left unmarked. The whole output passes :func:`depguard.report.escape.plain`
(newlines kept), so control sequences in the answer or in a registry's words cannot repaint the terminal.
"""

from __future__ import annotations

from ..ecosystems import catalog
from ..errors import ConfigError
from ..model import Finding, PackageKey, Report, Verdict
from .escape import plain


def _registry(ecosystem: str) -> str:
    try:
        return catalog().get(ecosystem).registry.display
    except ConfigError:
        return ecosystem


def mark(f: Finding) -> str | None:
    """The inline mark for one finding, or None when it needs none."""
    text = describe(f)
    return None if text is None else f"[depguard: {text}]"


def describe(f: Finding) -> str | None:
    """What is wrong with a flagged or unchecked finding, in a few words (None for ok and allowed)."""
    where = _registry(f.mention.key.ecosystem)
    if f.verdict is Verdict.MISSING:
        text = f"on the deny list for {where}" if f.rule == "DG005" else f"missing on {where}"
        if f.suggestion:
            text += f" — did you mean {f.suggestion}?"
    elif f.verdict is Verdict.SUSPICIOUS:
        text = f"suspicious on {where} — {f.reasons[0]}" if f.reasons else f"suspicious on {where}"
        if f.suggestion:
            text += f" — did you mean {f.suggestion}?"
    elif f.verdict is Verdict.INVALID:
        text = f"not a valid name for {where}"
    elif f.verdict is Verdict.NOT_CHECKED:
        text = f"not checked — {f.reasons[0]}" if f.reasons else "not checked"
    else:
        return None
    return text


def footer(report: Report) -> str:
    packages: dict[Verdict, set[PackageKey]] = {}
    for f in report.findings:
        packages.setdefault(f.verdict, set()).add(f.mention.key)
    count = {v: len(packages.get(v, ())) for v in Verdict}
    total = len({f.mention.key for f in report.findings})
    parts = [f"{total} package{'' if total == 1 else 's'} checked", f"{count[Verdict.MISSING]} missing", f"{count[Verdict.SUSPICIOUS]} suspicious"]
    if count[Verdict.INVALID]:
        parts.append(f"{count[Verdict.INVALID]} invalid")
    if count[Verdict.NOT_CHECKED]:
        parts.append(f"{count[Verdict.NOT_CHECKED]} not checked")
    return f"[depguard: {', '.join(parts)}]"


def annotate(text: str, report: Report, *, with_footer: bool = True) -> str:
    """``text`` with a mark after every flagged mention of it, then a blank line and the footer
    (``with_footer=False``: the text alone, as ``--quiet`` prints a clean answer)."""
    lines = text.replace("\r\n", "\n").split("\n")
    inserts: dict[int, dict[int, list[str]]] = {}  # line index -> column index -> marks
    for f in report.findings:
        label = mark(f)
        loc = f.mention.location
        if label is None or loc.line is None or not 0 < loc.line <= len(lines):
            continue
        row = lines[loc.line - 1]
        end = len(row)
        if loc.column is not None:
            start = loc.column - 1
            written_end = start + len(f.mention.written)
            if row[start:written_end] == f.mention.written:
                end = written_end
            elif loc.end_column is not None and loc.end_line in (None, loc.line) and loc.end_column - 1 <= len(row):
                end = loc.end_column - 1
        marks = inserts.setdefault(loc.line - 1, {}).setdefault(end, [])
        if label not in marks:
            marks.append(label)
    for idx, by_col in inserts.items():
        row = lines[idx]
        for col in sorted(by_col, reverse=True):
            row = row[:col] + " " + " ".join(by_col[col]) + row[col:]
        lines[idx] = row
    body = "\n".join(lines)
    if not body.endswith("\n"):
        body += "\n"
    if not with_footer:
        return plain(body, keep_newlines=True)
    return plain(body, keep_newlines=True) + "\n" + plain(footer(report)) + "\n"
