"""``--format github``: GitHub Actions workflow commands, so findings appear as annotations on the pull
request's diff::

    ::error file=requirements.txt,line=3,col=1,endLine=3,endColumn=9,title=depguard DG001 missing::pypi package 'reqeusts' ...

Missing and invalid names are ``error``; suspicious and not-checked ones ``warning``. Every value is escaped
the way the runner unescapes it (``%``, CR, LF; in properties also ``:`` and ``,``), so a package name or a
registry description can neither end the command nor start one of its own. A plain summary line closes
the output (it never starts with ``::``).
"""

from __future__ import annotations

from ..model import Finding, Report, Verdict
from . import RenderOptions
from .escape import github_data, github_property, plain
from .sarif_format import message
from .table_format import summary_line

COMMANDS = {Verdict.MISSING: "error", Verdict.INVALID: "error", Verdict.SUSPICIOUS: "warning",
            Verdict.NOT_CHECKED: "warning"}


def _properties(f: Finding) -> str:
    loc = f.mention.location
    props: list[tuple[str, object]] = []
    if loc.path is not None:
        props.append(("file", loc.path.removeprefix("./")))
        if loc.line is not None:
            props.append(("line", loc.line))
            if loc.column is not None:
                props.append(("col", loc.column))
            if loc.end_line is not None:
                props.append(("endLine", loc.end_line))
                if loc.end_column is not None and loc.end_line == loc.line:
                    props.append(("endColumn", loc.end_column))
    props.append(("title", f"depguard {f.rule} {f.verdict.value}: {f.mention.written}"))
    return ",".join(f"{k}={github_property(v)}" for k, v in props)


def command(f: Finding) -> str | None:
    level = COMMANDS.get(f.verdict)
    if level is None:
        return None
    return f"::{level} {_properties(f)}::{github_data(message(f))}"


def render(report: Report, options: RenderOptions) -> str:
    lines = [c for c in (command(f) for f in report.findings) if c]
    for p in report.problems:
        if p.kind == "unsupported":
            continue
        props = []
        if p.location is not None and p.location.path is not None:
            props.append(f"file={github_property(p.location.path)}")
            if p.location.line is not None:
                props.append(f"line={p.location.line}")
        props.append(f"title={github_property('depguard: ' + p.kind + ' problem')}")
        lines.append(f"::warning {','.join(props)}::{github_data(p.message)}")
    lines.append(plain(summary_line(report)))
    return "\n".join(lines) + "\n"
