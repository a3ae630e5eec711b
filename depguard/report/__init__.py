"""Reporters: ``render(report, options) -> str``. One module per format, chosen by name.

Every string that came from a scanned file or a registry passes :func:`depguard.report.escape.plain`
(or the format's own escaping) before it is written, so a package name or description can never repaint a
terminal, inject a workflow command or break out of a SARIF/Markdown field.
"""

from __future__ import annotations

import importlib

from ..errors import ConfigError
from ..model import Report
from ..records import record

FORMATS = ("table", "json", "sarif", "github", "markdown")


@record(frozen=True)
class RenderOptions:
    color: bool = False  # a terminal that shows rich markup
    verbose: bool = False  # show ok findings in tables too
    width: int | None = None  # a terminal's width: the table is laid out to fit it (None: one line a location)
    every: bool = False  # the table lists every finding (check: each name asked), ok ones included
    quiet: bool = False  # only what needs attention: no summary line, nothing at all when clean
    tool_version: str = ""


def render(report: Report, fmt: str, options: RenderOptions | None = None) -> str:
    if fmt not in FORMATS:
        raise ConfigError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    options = options or RenderOptions()
    kept = getattr(report, "rendered", None)  # a scan's kept texts (depguard.outputmemo.KeptReport)
    if kept is not None:
        text: str | None = kept.text(fmt, options)
        if text is not None:
            return text
    try:
        module = importlib.import_module(f"{__name__}.{fmt}_format")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(f"{fmt}_format"):
            raise ConfigError(f"the {fmt} format is not available in this build") from None
        raise
    rendered: str = module.render(report, options)
    if kept is not None:
        kept.keep(fmt, options, rendered)
    return rendered
