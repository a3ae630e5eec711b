"""The summary counts one unit, packages, in the table, the terminal table, the Markdown heading and the
annotate footer alike."""

from __future__ import annotations

from depguard.model import Verdict
from depguard.report import RenderOptions, render
from depguard.report.annotate import footer
from tests.report.test_reporters import finding


def test_a_package_named_in_three_places_counts_once():
    from depguard.model import Report

    report = Report(tuple(finding("reqeusts", Verdict.MISSING, "DG001", line=n) for n in (1, 2, 3))
                    + (finding("requests", Verdict.OK, "DG000", line=4),))
    plain = render(report, "table", RenderOptions()).splitlines()[-1]
    fitted = render(report, "table", RenderOptions(width=80)).splitlines()[-1]
    assert plain == fitted == "depguard: 2 packages checked, 1 missing, 0 suspicious, 0 not checked"
    assert footer(report) == "[depguard: 2 packages checked, 1 missing, 0 suspicious]"


def test_one_problem_is_one_problem():
    from depguard.model import Location, Problem, Report

    report = Report((finding("requests", Verdict.OK, "DG000"),),
                    (Problem("depguard does not know this file format; not scanned", Location("notes.txt"), "unsupported"),))
    assert render(report, "table", RenderOptions()).splitlines()[-1].endswith(", 0 not checked, 1 problem")


def test_the_markdown_heading_counts_packages_as_its_summary_line_does():
    from depguard.model import Report

    report = Report(tuple(finding("reqeusts", Verdict.MISSING, "DG001", line=n) for n in (1, 2, 3))
                    + (finding("serde", Verdict.NOT_CHECKED, "DG100", eco="cargo", line=5),))
    heading, _, line = render(report, "markdown", RenderOptions()).splitlines()[:3]
    assert heading == "### ❌ depguard: 1 package name(s) need attention"
    assert line.startswith("depguard: 2 packages checked, 1 missing")
    unchecked = Report(tuple(finding("serde", Verdict.NOT_CHECKED, "DG100", eco="cargo", line=n) for n in (5, 6)))
    assert render(unchecked, "markdown", RenderOptions()).startswith("### ❔ depguard: 1 package name(s) could not be checked")
