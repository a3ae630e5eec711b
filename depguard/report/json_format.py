"""``--format json``: every checked package with its verdict and evidence, the places that name it, and a summary.

Schema 2 (stable; new keys may be added)::

    {
      "version": "depguard JSON report 2",
      "summary": {"ok": 3, "missing": 1, "suspicious": 0, "invalid": 0, "not-checked": 0, "allowed": 0,
                  "mentions": 4, "packages": 4, "problems": 0},
      "findings": [
        {"ecosystem": "pypi", "name": "reqeusts", "verdict": "missing", "rule": "DG001", "reasons": ["..."],
         "suggestion": "requests",
         "evidence": {"source": "PyPI", "existence": "missing", "reason": "HTTP 404 from PyPI",
                      "asked": "https://…/pypi/reqeusts/json", "at": "2026-12-02T…", "cached": false,
                      "first_release": null, "latest_release": null, "version_count": null,
                      "downloads": null, "usage": null, "markers": [], "description": null},
         "mentions": [
           {"written": "reqeusts", "origin": "command", "parser": "text:fenced", "spec": null, "module": null, "note": null, "location": {"path": "answer.md", "line": 3, "column": 13, "end_line": 3, "end_column": 21}}
         ]}
      ],
      "problems": [{"message": "...", "kind": "parse", "location": {"path": "x", "line": 7}}]
    }

A finding is one judgement of one package: everything about it that does not depend on where it was read
(``ecosystem``, normalised ``name``, ``verdict``, ``rule``, ``reasons``, ``suggestion``, ``evidence``) is
written once, and ``mentions`` lists every place that led to it, in the order read, each on one line. A
package judged differently in two places (allowed inline in one of them, say) is two findings. One record
per place, as schema 1 had it: each mention merged with its finding (:func:`per_mention`).

``location`` is null for names given on the command line; ``evidence`` is null when nothing was asked.
``summary`` counts packages per verdict (a name missing in four places counts 1 under ``missing``), as the
text summary line does; ``mentions`` is how many places were read, ``packages`` how many names.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from ..model import Finding, Location, Problem, RegistryAnswer, Report, summary_of
from . import RenderOptions

SCHEMA = "depguard JSON report 2"
# the keys of a finding that belong to one place (schema 1 wrote them, and the evidence, for every place)
MENTION_KEYS = ("written", "origin", "parser", "spec", "module", "note", "location")


def _loc(loc: Location | None) -> dict[str, Any] | None:
    if loc is None or loc.path is None:
        return None
    return {"path": loc.path, "line": loc.line, "column": loc.column, "end_line": loc.end_line, "end_column": loc.end_column}


def _answer(a: RegistryAnswer | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {
        "source": a.source, "existence": a.existence.value, "reason": a.reason, "asked": a.asked,
        "at": a.at.isoformat() if a.at else None, "cached": a.cached,
        "first_release": a.first_release.isoformat() if a.first_release else None,
        "latest_release": a.latest_release.isoformat() if a.latest_release else None,
        "version_count": a.version_count, "downloads": a.downloads, "usage": a.usage, "markers": list(a.markers),
        "description": a.description,
    }


def mention_dict(f: Finding) -> dict[str, Any]:
    m = f.mention
    return {"written": m.written, "origin": m.origin.value, "parser": m.parser, "spec": m.spec, "module": m.module,
            "note": m.note, "location": _loc(m.location)}


def problem_dict(p: Problem) -> dict[str, Any]:
    return {"message": p.message, "kind": p.kind, "location": _loc(p.location)}


def as_dict(report: Report) -> dict[str, Any]:
    """The report as :func:`render` writes it, as plain values."""
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    for f in report.findings:
        key = f.mention.key
        evidence = _answer(f.answer)
        group = (key.ecosystem, key.name, f.verdict.value, f.rule, f.reasons, f.suggestion,
                 json.dumps(evidence, sort_keys=True))
        finding = groups.get(group)
        if finding is None:
            finding = groups[group] = {
                "ecosystem": key.ecosystem, "name": key.name, "verdict": f.verdict.value, "rule": f.rule,
                "reasons": list(f.reasons), "suggestion": f.suggestion, "evidence": evidence, "mentions": []}
        finding["mentions"].append(mention_dict(f))
    out: dict[str, Any] = {
        "version": SCHEMA,
        "summary": report.summary(),
        "findings": list(groups.values()),
        "problems": [problem_dict(p) for p in report.problems],
    }
    if report.mentions_only:
        out["inventory"] = True
    return out


def per_mention(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One record per place read (schema 1's ``findings``) from a JSON report of either schema: each mention
    with the keys of its finding."""
    out: list[dict[str, Any]] = []
    for finding in report.get("findings") or ():
        mentions = finding.get("mentions")
        if not isinstance(mentions, list):  # schema 1: already one record per place
            out.append(finding)
            continue
        judged = {k: v for k, v in finding.items() if k != "mentions"}
        out.extend({**judged, **m} for m in mentions)
    return out


def render(report: Report, options: RenderOptions) -> str:
    """:func:`as_dict` as ``json.dumps(…, indent=2, ensure_ascii=True)`` writes it (control characters
    escaped, so names and descriptions stay inert), except that each mention is one line (as ``json.dumps``
    writes it without ``indent``). Written without building the dictionaries: a monorepo report holds tens of
    thousands of mentions of a few thousand packages, so each package's judgement and evidence, each way of
    being found and each file's path are encoded once and reused; only a location's numbers are written per
    mention. The pieces go into one list joined once."""
    findings, summary = _findings(report)
    return document(findings, summary, report.problems, report.mentions_only)


def document(findings: list[str], summary: dict[str, int], problems: Iterable[Problem], mentions_only: bool) -> str:
    """The report's text from its findings' texts (:func:`finding_text`, in order), its summary and problems."""
    out = ["{\n", f'  "version": {_ENC(SCHEMA)},\n  "summary": {_at(summary, 1)},\n']
    if findings:
        out.append('  "findings": [\n')
        out.extend(findings)
        out.append("\n  ],\n")
    else:
        out.append('  "findings": [],\n')
    out.append(f'  "problems": {_at([problem_dict(p) for p in problems], 1)}')
    if mentions_only:
        out.append(',\n  "inventory": true')
    out.append("\n}\n")
    return "".join(out)


_ENC = json.encoder.encode_basestring_ascii


def _at(value: Any, level: int) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=True)`` as it reads nested ``level`` deep: strings, None,
    booleans, ints, lists and dicts of them written here (the indenting encoder is pure Python, and slower),
    anything else by the json module."""
    kind = type(value)
    if kind is str:
        return _ENC(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is int:
        return int.__repr__(value)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = ",\n" + "  " * (level + 1)
        return "[" + inner[1:] + inner.join([_at(v, level + 1) for v in value]) + "\n" + "  " * level + "]"
    if kind is dict and all(type(k) is str for k in value):
        if not value:
            return "{}"
        inner = ",\n" + "  " * (level + 1)
        return ("{" + inner[1:] + inner.join([f"{_ENC(k)}: {_at(v, level + 1)}" for k, v in value.items()])
                + "\n" + "  " * level + "}")
    text = json.dumps(value, indent=2, ensure_ascii=True)
    return text.replace("\n", "\n" + "  " * level)


def _opt(value: str | None) -> str:
    return "null" if value is None else _ENC(value)


MENTION_SEPARATOR = _NEXT = ",\n        "  # between two mentions of a finding
_JUDGED = operator.attrgetter("mention", "answer", "verdict", "rule", "reasons", "suggestion")
_FOUND = operator.attrgetter("key", "location", "written", "origin", "parser", "spec", "module", "note")
_NUMBERS_OF = operator.attrgetter("line", "column", "end_line", "end_column")


def _findings(report: Report) -> tuple[list[str], dict[str, int]]:
    """The text of each finding (after the first, led by the comma that separates it from the one before),
    and the summary (the same as ``report.summary()``, counted over findings rather than mentions).

    Mentions are grouped by the identity of what was judged (the package key, answer and reasons objects
    that mentions of one package share, and the verdict), then by value (the evidence by its text): equal
    judgements made apart are one finding. Hash keys are ints and strings: a dataclass's or an enum's
    ``__hash__`` is Python code."""
    groups: dict[tuple[Any, ...], list[str]] = {}  # by identity -> the finding's mention lines
    by_value: dict[tuple[Any, ...], list[str]] = {}
    judged: list[tuple[Any, ...]] = []  # (the finding's key, its lines), in the order first met
    evidence: dict[int, str] = {}  # id of an answer -> its evidence as written
    found: dict[tuple[Any, ...], str] = {}  # how a mention was found -> its line up to the location
    paths: dict[str, str] = {}  # a file names many packages: its path is encoded once
    for f in report.findings:
        m, answer, verdict, rule, reasons, suggestion = _JUDGED(f)
        key, loc, written, origin, parser, spec, module, note = _FOUND(m)
        lines = groups.get((id(key), id(answer), id(verdict), rule, id(reasons), suggestion))
        if lines is None:
            shown = evidence.get(id(answer))  # the report holds every answer: an id is not reused meanwhile
            if shown is None:
                shown = evidence[id(answer)] = evidence_text(answer)
            value = (key.ecosystem, key.name, verdict._value_, rule, reasons, suggestion, shown)
            lines = by_value.get(value)
            if lines is None:
                lines = by_value[value] = []
                judged.append((value, lines))
            groups[(id(key), id(answer), id(verdict), rule, id(reasons), suggestion)] = lines
        how = (written, id(origin), parser, spec, module, note)
        head = found.get(how)
        if head is None:
            head = found[how] = mention_head(written, origin._value_, parser, spec, module, note)
        path = loc.path
        if path is None:
            lines.append(head + NULL_LOCATION)
            continue
        start = paths.get(path)
        if start is None:
            start = paths[path] = path_start(path)
        numbers = _NUMBERS_OF(loc)
        try:
            lines.append(head + start + NUMBERS % numbers)
        except TypeError:  # a number is None (json's null)
            lines.append(head + start + numbers_text(numbers))
    return findings_text(judged), summary_of(_verdicts(judged), len(report.findings), len(report.problems))


def _verdicts(judged: list[tuple[tuple[Any, ...], list[str]]]) -> dict[str, set[tuple[str, str]]]:
    verdicts: dict[str, set[tuple[str, str]]] = {}
    for (eco, name, verdict_value, *_), _lines in judged:
        verdicts.setdefault(verdict_value, set()).add((eco, name))
    return verdicts


def findings_text(judged: list[tuple[tuple[Any, ...], list[str]]]) -> list[str]:
    """The text of each finding: ``judged`` holds, in order, each finding's value (ecosystem, name, verdict,
    rule, reasons, suggestion, evidence as :func:`evidence_text` writes it) and its mention lines
    (:func:`mention_head` + :func:`path_start` + the numbers). After the first, each is led by the comma
    that separates it from the one before."""
    out: list[str] = []
    before = ""  # nothing before the first finding, a comma and a newline before every other one
    for (eco, name, verdict_value, rule, reasons, suggestion, shown), lines in judged:
        out.append(f'{before}    {{\n      "ecosystem": {_ENC(eco)},\n      "name": {_ENC(name)},\n'
                   f'      "verdict": {_ENC(verdict_value)},\n      "rule": {_ENC(rule)},\n'
                   f'      "reasons": {_at(list(reasons), 3)},\n      "suggestion": {_opt(suggestion)},\n'
                   f'      "evidence": {shown},\n      "mentions": [\n        ')
        out.append(_NEXT.join(lines))
        out.append("\n      ]\n    }")
        before = ",\n"
    return out


def mention_head(written: str, origin: str, parser: str, spec: str | None, module: str | None,
                 note: str | None) -> str:
    """A mention's line up to its location (what the mentions of one package found one way share)."""
    return (f'{{"written": {_ENC(written)}, "origin": {_ENC(origin)}, "parser": {_ENC(parser)}, '
            f'"spec": {_opt(spec)}, "module": {_opt(module)}, "note": {_opt(note)}, "location": ')


def path_start(path: str) -> str:
    """A mention's location up to its line number (``mention_head(…) + path_start(path) + numbers``)."""
    return f'{{"path": {_ENC(path)}, "line": '


NULL_LOCATION = "null}"  # a mention's location when it has no path (after mention_head)
NUMBERS = '%d, "column": %d, "end_line": %d, "end_column": %d}}'  # a location's numbers when none is None


def numbers_text(numbers: tuple[Any, ...]) -> str:
    """A location's numbers from ``line`` on, as :func:`_at` writes them (ints and None, in practice)."""
    line, col, end_line, end_col = (_at(n, 3) for n in numbers)
    return f'{line}, "column": {col}, "end_line": {end_line}, "end_column": {end_col}}}}}'


_IN = "\n        "  # a line of the evidence object, three levels deep


def evidence_text(a: RegistryAnswer | None) -> str:
    """``_at(_answer(a), 3)``, written for the one shape it has."""
    if a is None:
        return "null"
    markers = "[]" if not a.markers else _at(list(a.markers), 4)
    return (f'{{{_IN}"source": {_ENC(a.source)},{_IN}"existence": {_ENC(a.existence._value_)},'
            f'{_IN}"reason": {_ENC(a.reason)},{_IN}"asked": {_opt(a.asked)},{_IN}"at": {_time(a.at)},'
            f'{_IN}"cached": {"true" if a.cached is True else _at(a.cached, 4)},'
            f'{_IN}"first_release": {_time(a.first_release)},{_IN}"latest_release": {_time(a.latest_release)},'
            f'{_IN}"version_count": {_at(a.version_count, 4)},{_IN}"downloads": {_at(a.downloads, 4)},'
            f'{_IN}"usage": {_opt(a.usage)},{_IN}"markers": {markers},{_IN}"description": {_opt(a.description)}'
            "\n      }")


def _time(when: datetime | None) -> str:
    return "null" if when is None else _ENC(when.isoformat())
