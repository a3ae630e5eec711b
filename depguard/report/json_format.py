"""``--format json``: every checked mention with its verdict and evidence, plus a summary.

Schema (stable; new keys may be added)::

    {
      "version": "depguard JSON report 1",
      "summary": {"ok": 3, "missing": 1, "suspicious": 0, "invalid": 0, "not-checked": 0, "allowed": 0,
                  "mentions": 4, "packages": 4, "problems": 0},
      "findings": [
        {"ecosystem": "pypi", "name": "reqeusts", "written": "reqeusts", "verdict": "missing",
         "rule": "DG001", "reasons": ["..."], "suggestion": "requests",
         "origin": "command", "parser": "text:fenced", "spec": null, "module": null, "note": null,
         "location": {"path": "answer.md", "line": 3, "column": 13, "end_line": 3, "end_column": 21},
         "evidence": {"source": "PyPI", "existence": "missing", "reason": "HTTP 404 from PyPI",
                      "asked": "https://…/pypi/reqeusts/json", "at": "2026-12-02T…", "cached": false,
                      "first_release": null, "latest_release": null, "version_count": null,
                      "downloads": null, "usage": null, "markers": []}}
      ],
      "problems": [{"message": "...", "kind": "parse", "location": {"path": "x", "line": 7}}]
    }

``location`` is null for names given on the command line; ``evidence`` is null when nothing was asked.
``summary`` counts packages per verdict (a name missing in four places counts 1 under ``missing``), as the
text summary line does; ``mentions`` is how many places were read, ``packages`` how many names.
"""

from __future__ import annotations

import json
from typing import Any

from ..model import Finding, Location, Problem, RegistryAnswer, Report
from . import RenderOptions

SCHEMA = "depguard JSON report 1"


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


def finding_dict(f: Finding) -> dict[str, Any]:
    m = f.mention
    return {
        "ecosystem": m.key.ecosystem, "name": m.key.name, "written": m.written, "verdict": f.verdict.value,
        "rule": f.rule, "reasons": list(f.reasons), "suggestion": f.suggestion, "origin": m.origin.value,
        "parser": m.parser, "spec": m.spec, "module": m.module, "note": m.note, "location": _loc(m.location),
        "evidence": _answer(f.answer),
    }


def problem_dict(p: Problem) -> dict[str, Any]:
    return {"message": p.message, "kind": p.kind, "location": _loc(p.location)}


def as_dict(report: Report) -> dict[str, Any]:
    out: dict[str, Any] = {
        "version": SCHEMA,
        "summary": report.summary(),
        "findings": [finding_dict(f) for f in report.findings],
        "problems": [problem_dict(p) for p in report.problems],
    }
    if report.mentions_only:
        out["inventory"] = True
    return out


def render(report: Report, options: RenderOptions) -> str:
    """The same text as ``json.dumps(as_dict(report), indent=2, ensure_ascii=True)`` (json.dumps escapes
    control characters, so names and descriptions stay inert), written without building the whole tree of
    dictionaries: a finding's evidence and reasons are encoded once per answer, however many mentions share
    it, and each finding by hand (the indenting encoder of the json module is pure Python, and a monorepo
    report holds tens of thousands of findings). The pieces go into one list joined once: a 60 MB report is
    copied once, not once per level of nesting."""
    out = ["{\n", f'  "version": {_ENC(SCHEMA)},\n  "summary": {_at(report.summary(), 1)},\n']
    if report.findings:
        out.append('  "findings": [\n')
        _findings(report.findings, out)
        out.append("\n  ],\n")
    else:
        out.append('  "findings": [],\n')
    out.append(f'  "problems": {_at([problem_dict(p) for p in report.problems], 1)}')
    if report.mentions_only:
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


def _findings(findings: tuple[Finding, ...], out: list[str]) -> None:
    """Each finding, exactly as the indenting encoder writes :func:`finding_dict` (a test holds the two
    equal), its pieces appended to ``out``.

    A monorepo names the same package from thousands of places: the part of a finding that says what was
    judged (name, verdict, reasons) and the part that says how it was found (origin, parser, spec) are
    encoded once per distinct value and reused, as is each answer's evidence and each file's path; only the
    numbers of the location are written for every finding."""
    memo: dict = {}
    answers: dict[int, tuple[RegistryAnswer, str]] = {}
    append = out.append
    first = True
    for f in findings:
        m = f.mention
        key = m.key
        # keys of plain strings (whose hashes Python keeps): a dataclass's or an enum's __hash__ is Python code
        judged_key = (key.ecosystem, key.name, m.written, f.verdict._value_, f.rule, f.reasons, f.suggestion)
        judged = memo.get(judged_key)
        if judged is None:
            judged = memo[judged_key] = (
                f'    {{\n      "ecosystem": {_ENC(key.ecosystem)},\n      "name": {_ENC(key.name)},\n'
                f'      "written": {_ENC(m.written)},\n      "verdict": {_ENC(f.verdict.value)},\n'
                f'      "rule": {_ENC(f.rule)},\n      "reasons": {_at(list(f.reasons), 3)},\n'
                f'      "suggestion": {_opt(f.suggestion)},\n')
        found_key = ("found", m.origin._value_, m.parser, m.spec, m.module, m.note)
        found = memo.get(found_key)
        if found is None:
            found = memo[found_key] = (
                f'      "origin": {_ENC(m.origin.value)},\n      "parser": {_ENC(m.parser)},\n'
                f'      "spec": {_opt(m.spec)},\n      "module": {_opt(m.module)},\n      "note": {_opt(m.note)},\n'
                '      "location": ')
        append(judged if first else ",\n" + judged)
        first = False
        append(found)
        loc = m.location
        if loc is None or loc.path is None:
            append("null")
        else:
            path = memo.get(loc.path)  # a file names many packages: its path is encoded once
            if path is None:
                path = memo[loc.path] = f'{{\n        "path": {_ENC(loc.path)},\n        "line": '
            # Location's numbers are ints or None (an int formats as json writes it)
            line, col, end_line, end_col = loc.line, loc.column, loc.end_line, loc.end_column
            append(path)
            append(f'{"null" if line is None else line},\n'
                   f'        "column": {"null" if col is None else col},\n'
                   f'        "end_line": {"null" if end_line is None else end_line},\n'
                   f'        "end_column": {"null" if end_col is None else end_col}\n      }}')
        answer = f.answer
        if answer is None:
            append(',\n      "evidence": null\n    }')
        else:
            hit = answers.get(id(answer))
            if hit is None or hit[0] is not answer:
                hit = answers[id(answer)] = (answer, f',\n      "evidence": {_at(_answer(answer), 3)}\n    }}')
            append(hit[1])
