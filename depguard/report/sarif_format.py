"""``--format sarif``: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

One run; ``tool.driver.rules`` lists every rule of :data:`depguard.model.RULES`; one result per finding that
needs attention (missing, suspicious, invalid, not checked) plus the allowed ones as results carrying a
suppression (``inSource`` for an inline ``depguard: ignore``, ``external`` for the config allow list), so a
viewer shows what was waved through and why. Levels: missing and invalid ``error``; suspicious and not
checked ``warning``; allowed ``note``. Locations are 1-based already (see :class:`depguard.model.Location`);
``endColumn`` is the column after the name, as SARIF wants. Files that could not be read become tool
execution notifications. The output validates against the official SARIF 2.1.0 schema (tests/report).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..about import HOMEPAGE
from ..model import RULES, Finding, Location, Report, Verdict
from . import RenderOptions
from .escape import plain

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
RULE_NAMES = {
    "DG000": "EstablishedPackage", "DG001": "MissingPackage", "DG002": "TyposquatName",
    "DG003": "UnestablishedPackage", "DG004": "InvalidName", "DG005": "DeniedPackage",
    "DG006": "DependencyConfusion", "DG100": "NotChecked", "DG200": "Allowed",
}
RULE_LEVELS = {"DG000": "note", "DG001": "error", "DG004": "error", "DG005": "error", "DG200": "note"}
SECURITY_SEVERITY = {"DG001": "8.0", "DG002": "7.0", "DG003": "5.0", "DG005": "8.0", "DG006": "8.0"}
LEVELS = {
    Verdict.MISSING: "error", Verdict.INVALID: "error", Verdict.SUSPICIOUS: "warning",
    Verdict.NOT_CHECKED: "warning", Verdict.ALLOWED: "note", Verdict.OK: "none",
}


def _help(rule_id: str, text: str) -> dict[str, str]:
    """The rule's help carried in the report itself (code scanning shows it beside the alert)."""
    from .allowing import HELP_MARKDOWN

    head = f"depguard {rule_id}: {text}."
    if rule_id in ("DG000", "DG200"):
        return {"text": head, "markdown": head}
    markdown = f"{head}\n\n{HELP_MARKDOWN}"
    return {"text": markdown.replace("`", ""), "markdown": markdown}


def _rules() -> list[dict[str, Any]]:
    out = []
    for rule_id, text in RULES.items():
        rule: dict[str, Any] = {
            "id": rule_id,
            "name": RULE_NAMES.get(rule_id, rule_id),
            "shortDescription": {"text": text},
            "fullDescription": {"text": f"depguard {rule_id}: {text}."},
            "help": _help(rule_id, text),
            "defaultConfiguration": {"level": RULE_LEVELS.get(rule_id, "warning")},
        }
        if HOMEPAGE:  # never a link to someone else's project: none until this one has a home (depguard.about)
            rule["helpUri"] = HOMEPAGE
        if rule_id in SECURITY_SEVERITY:
            rule["properties"] = {"tags": ["security", "supply-chain"], "security-severity": SECURITY_SEVERITY[rule_id]}
        out.append(rule)
    return out


def _uri(path: str) -> str:
    return quote(path.removeprefix("./").replace("\\", "/"), safe="/")


def _region(loc: Location) -> dict[str, int] | None:
    if loc.line is None:
        return None
    region = {"startLine": loc.line}
    if loc.column is not None:
        region["startColumn"] = loc.column
    if loc.end_line is not None and loc.end_line >= loc.line:
        region["endLine"] = loc.end_line
    if loc.end_column is not None and loc.column is not None and (loc.end_line in (None, loc.line)) and loc.end_column > loc.column:
        region["endColumn"] = loc.end_column
    return region


def _physical(loc: Location | None) -> dict[str, Any] | None:
    if loc is None or loc.path is None:
        return None
    physical: dict[str, Any] = {"artifactLocation": {"uri": _uri(loc.path), "uriBaseId": "%SRCROOT%"}}
    region = _region(loc)
    if region:
        physical["region"] = region
    return physical


def message(f: Finding) -> str:
    m = f.mention
    head = {
        Verdict.MISSING: "does not exist on its registry", Verdict.SUSPICIOUS: "is suspicious",
        Verdict.INVALID: "is not a valid package name", Verdict.NOT_CHECKED: "could not be checked",
        Verdict.ALLOWED: "is allowed", Verdict.OK: "exists",
    }[f.verdict]
    text = f"{m.key.ecosystem} package {m.written!r} {head}"
    reasons = list(f.reasons)
    if reasons and reasons[0].startswith(head + ": "):  # "could not be checked: timed out" says its head once
        reasons[0] = reasons[0][len(head) + 2:]
    if reasons:
        text += ": " + "; ".join(reasons)
    return plain(text)


def _result(f: Finding, rule_index: dict[str, int]) -> dict[str, Any]:
    m = f.mention
    result: dict[str, Any] = {
        "ruleId": f.rule,
        "level": LEVELS[f.verdict],
        "message": {"text": message(f)},
        "partialFingerprints": {
            "depguardPackage/v1": hashlib.sha256(f"{m.key}|{m.location.path}".encode()).hexdigest()[:32],
        },
        "properties": {"ecosystem": m.key.ecosystem, "package": m.key.name, "written": m.written,
                       "verdict": f.verdict.value, "origin": m.origin.value},
    }
    if f.rule in rule_index:
        result["ruleIndex"] = rule_index[f.rule]
    physical = _physical(m.location)
    if physical:
        result["locations"] = [{"physicalLocation": physical}]
    if f.suggestion:
        result["properties"]["suggestion"] = f.suggestion
    if f.verdict is Verdict.ALLOWED:
        inline = any(r.startswith("suppressed inline") for r in f.reasons)
        result["suppressions"] = [{"kind": "inSource" if inline else "external",
                                   "justification": plain("; ".join(f.reasons) or "allowed")}]
    return result


def as_dict(report: Report, options: RenderOptions | None = None) -> dict[str, Any]:
    rules = _rules()
    index = {r["id"]: i for i, r in enumerate(rules)}
    results = [_result(f, index) for f in report.findings if f.verdict is not Verdict.OK]
    notifications = []
    for p in report.problems:
        note: dict[str, Any] = {"level": "warning" if p.kind != "unsupported" else "note",
                                "message": {"text": plain(p.message)}, "properties": {"kind": p.kind}}
        physical = _physical(p.location)
        if physical:
            note["locations"] = [{"physicalLocation": physical}]
        notifications.append(note)
    invocation: dict[str, Any] = {"executionSuccessful": True}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    version = (options.tool_version if options and options.tool_version else "") or __version__
    driver: dict[str, Any] = {"name": "depguard", "version": version, "semanticVersion": version, "rules": rules}
    if HOMEPAGE:
        driver["informationUri"] = HOMEPAGE
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "invocations": [invocation],
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "the scanned tree"}}},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def render(report: Report, options: RenderOptions) -> str:
    return json.dumps(as_dict(report, options), indent=2, ensure_ascii=True) + "\n"
