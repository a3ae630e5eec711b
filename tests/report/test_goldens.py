"""Golden snapshots of what users see, one per reporter: one fixed, realistic report rendered by every format
``depguard scan --format`` accepts (the table piped, on an 80-column terminal without colour, with
``--verbose`` and as an inventory; json, sarif, github, markdown) and by the chat-answer annotator, compared with
``goldens/<name>``. Depguard's version, times and the absolute path of the scanned tree are redacted
(``[VERSION]``, ``[TIME]``, ``[ROOT]``).

The report holds a finding of every verdict (ok, missing with a did-you-mean, suspicious with one, invalid, a
registry outage of two names, allowed, a documentation example reported as a note), problems with ``path:line``
and names that need escaping (a terminal control sequence, a backtick, ``%`` and ``::`` for GitHub's workflow
commands, Markdown pipes and an @mention).

After an intended change: ``DEPGUARD_UPDATE_GOLDENS=1 python -m pytest tests/report`` and read the diff.
tests/report/test_reporters.py asserts the properties (schema, escaping) one by one; these show the whole.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from depguard import __version__
from depguard.model import (
    Example,
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
from depguard.report import FORMATS, RenderOptions, render
from depguard.report.annotate import annotate
from tests.goldens import assert_golden, redact

GOLDENS = Path(__file__).resolve().parent / "goldens"
ROOT = Path(__file__).resolve().parent / "scanned-tree"  # an absolute path, as a config problem names it
AT = datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc)
DAY = datetime(2026, 11, 28, 17, 5, tzinfo=timezone.utc)

REGISTRY = {"pypi": ("PyPI", "https://pypi.org/pypi/{}/json"), "npm": ("npm registry", "https://registry.npmjs.org/{}"),
            "cargo": ("crates.io", "https://index.crates.io/{}")}


def answer(eco: str, name: str, existence: Existence, reason: str, **more) -> RegistryAnswer:
    source, url = REGISTRY[eco]
    return RegistryAnswer(PackageKey(eco, name), existence, source, reason, asked=url.format(name), at=AT, **more)


def finding(eco: str, name: str, verdict: Verdict, rule: str, where: Location, *, origin=Origin.MANIFEST,
            parser="requirements", reasons=(), suggestion=None, found: RegistryAnswer | None = None,
            written: str | None = None, **mention) -> Finding:
    m = Mention(PackageKey(eco, name), written or name, where, origin, parser, **mention)
    return Finding(m, verdict, rule, tuple(reasons), suggestion, found)


def loc(path: str | None, line: int | None = None, column: int | None = None, length: int = 0) -> Location:
    end = column + length if column is not None and length else None
    return Location(path, line, column, line if end else None, end)


EVIDENCE_404 = "HTTP 404 from PyPI at 2026-12-01 09:30 UTC"
REFUSED = ("could not be checked: registry unreachable: connection refused at https://index.crates.io (confirmed; "
           "given up for this run)")
ESC = "evil\x1b]0;pwned\x07\x1b[2Jname"  # sets the window title and clears the screen if printed raw

FINDINGS = (
    finding("pypi", "requests", Verdict.OK, "DG000", loc("requirements.txt", 1, 1, 8), spec="==2.31.0",
            reasons=("exists on PyPI since 2011, 152 releases", "HTTP 200 from PyPI at 2026-12-01 09:30 UTC"),
            found=answer("pypi", "requests", Existence.EXISTS, "HTTP 200 from PyPI", version_count=152)),
    finding("pypi", "reqeusts", Verdict.MISSING, "DG001", loc("requirements.txt", 2, 1, 8), spec=">=2",
            reasons=("not found on PyPI", "did you mean 'requests'?", EVIDENCE_404), suggestion="requests",
            found=answer("pypi", "reqeusts", Existence.MISSING, "HTTP 404 from PyPI")),
    finding("pypi", "reqeusts", Verdict.MISSING, "DG001", loc("Dockerfile", 7, 22, 8), origin=Origin.COMMAND,
            parser="dockerfile", reasons=("not found on PyPI", "did you mean 'requests'?", EVIDENCE_404),
            suggestion="requests", found=answer("pypi", "reqeusts", Existence.MISSING, "HTTP 404 from PyPI")),
    finding("npm", "expresss", Verdict.SUSPICIOUS, "DG002", loc("package.json", 12, 5, 10), parser="package.json",
            reasons=("one letter more than 'express' (34,000,000 downloads a month)",
                     "first published 3 days ago (2026-11-28 17:05 UTC)", "npm registry at 2026-12-01 09:30 UTC"),
            suggestion="express", found=answer("npm", "expresss", Existence.EXISTS, "HTTP 200 from the npm registry",
                                                first_release=DAY, lookalike_of="express")),
    finding("npm", "../evil", Verdict.INVALID, "DG004", loc(None), origin=Origin.ARGUMENT, parser="argument",
            reasons=("'../evil': not a valid name (optional @scope/ then URL-safe characters, not starting with '.' or "
                     "'_'); not looked up",)),
    finding("cargo", "serde", Verdict.NOT_CHECKED, "DG100", loc("crate/Cargo.toml", 6, 1, 5), parser="cargo",
            reasons=(REFUSED,), found=answer("cargo", "serde", Existence.UNKNOWN, "connection refused")),
    finding("cargo", "tokio", Verdict.NOT_CHECKED, "DG100", loc("crate/Cargo.toml", 7, 1, 5), parser="cargo",
            reasons=(REFUSED,), found=answer("cargo", "tokio", Existence.UNKNOWN, "connection refused")),
    finding("pypi", "mycorp-billing", Verdict.ALLOWED, "DG200", loc("services/api/requirements.txt", 4, 1, 14),
            reasons=("allowed by [allow] pypi = [\"mycorp-*\"] in .depguard.toml",)),
    finding("pypi", "your-package-name", Verdict.ALLOWED, "DG200", loc("docs/install.md", 14, 13, 17),
            origin=Origin.COMMAND, parser="markdown",
            example=Example("a placeholder name in documentation, written to be replaced"),
            reasons=("a placeholder name in documentation, written to be replaced; would be missing (DG001), a note, "
                     "not a failure (docs-examples)", "not found on PyPI", EVIDENCE_404)),
    finding("npm", "my-lodash", Verdict.OK, "DG000", loc("package.json", 13, 5, 9), parser="package.json",
            note="alias of lodash", spec="npm:lodash@4", reasons=("exists on the npm registry since 2012",)),
    # names that need escaping: a terminal control sequence, a backtick, GitHub's % and ::, Markdown's pipe
    finding("pypi", ESC, Verdict.INVALID, "DG004", loc("scripts/setup.sh", 3, 13, len(ESC)), origin=Origin.COMMAND,
            parser="shell", reasons=(f"{ESC!r}: not a valid name (letters, digits, '.', '_' and '-'); not looked up",)),
    finding("npm", "left`pad", Verdict.MISSING, "DG001", loc("README.md", 21, 10, 8), origin=Origin.COMMAND,
            parser="markdown", reasons=("not found on the npm registry",),
            found=answer("npm", "left`pad", Existence.MISSING, "HTTP 404 from the npm registry")),
    finding("pypi", "pkg%0A::warning::x", Verdict.MISSING, "DG001", loc("ci/50%::deploy.sh", 2, 13, 18),
            origin=Origin.COMMAND, parser="shell", reasons=("not found on PyPI", EVIDENCE_404),
            found=answer("pypi", "pkg%0A::warning::x", Existence.MISSING, "HTTP 404 from PyPI")),
    finding("npm", "a|b", Verdict.SUSPICIOUS, "DG003", loc("docs/a|b.md", 5, 9, 3), origin=Origin.COMMAND,
            parser="markdown", reasons=("first published 2 days ago | 1 version; maintainer @octocat, see "
                                        "https://example.com/a|b",)),
)

PROBLEMS = (
    Problem("not valid JSON: Expecting ',' delimiter (line 41 column 7)", Location("package-lock.json", 41), "parse"),
    Problem("unknown setting 'fail_on' (did you mean 'fail-on'?)", Location(f"{ROOT}/.depguard.toml", 3), "config"),
)

REPORT = Report(FINDINGS, PROBLEMS)

# the chat answer the annotator marks (depguard text --annotate), and where each name of it stands
ANSWER = """To set it up:

```bash
pip install reqeusts flask
npm install expresss ../evil left`pad
cargo add serde
```

Then run `pip install requests` again.
"""


def _in_answer(base: Finding) -> Finding:
    name = base.mention.written
    for number, line in enumerate(ANSWER.split("\n"), 1):
        column = line.find(f" {name}") + 1
        if column:
            where = Location("<stdin>", number, column + 1, number, column + 1 + len(name))
            return Finding(Mention(base.mention.key, name, where, Origin.COMMAND, "text"), base.verdict, base.rule,
                           base.reasons, base.suggestion, base.answer)
    raise AssertionError(f"{name!r} is not in the answer")


ANSWER_REPORT = Report(tuple(_in_answer(f) for f in FINDINGS if f.mention.written in (
    "reqeusts", "expresss", "../evil", "left`pad", "serde")) + (
    finding("pypi", "flask", Verdict.OK, "DG000", Location("<stdin>", 4, 22, 4, 27), origin=Origin.COMMAND),
    finding("pypi", "requests", Verdict.OK, "DG000", Location("<stdin>", 9, 27, 9, 35), origin=Origin.COMMAND)))

# golden file -> what the user sees
VIEWS = {
    "table.txt": lambda: render(REPORT, "table", RenderOptions()),  # piped: one line a location
    "table_80_columns.txt": lambda: render(REPORT, "table", RenderOptions(width=80)),
    "table_80_columns_verbose.txt": lambda: render(REPORT, "table", RenderOptions(width=80, verbose=True)),
    "table_inventory.txt": lambda: render(Report(FINDINGS, PROBLEMS, mentions_only=True), "table", RenderOptions()),
    "json.json": lambda: render(REPORT, "json", RenderOptions()),
    "sarif.json": lambda: render(REPORT, "sarif", RenderOptions()),
    "github.txt": lambda: render(REPORT, "github", RenderOptions()),
    "markdown.md": lambda: render(REPORT, "markdown", RenderOptions()),
    "annotate.txt": lambda: annotate(ANSWER, ANSWER_REPORT),
}


def shown(name: str) -> str:
    return redact(VIEWS[name](), {str(ROOT): "[ROOT]"}, durations=False)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_what_users_see_matches_its_golden(name):
    assert_golden(GOLDENS / name, shown(name))


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_no_golden_carries_a_terminal_control_or_a_machine_detail(name):
    text = shown(name)
    assert not any(ord(c) < 32 and c != "\n" or 0x7f <= ord(c) < 0xa0 for c in text)  # nothing repaints a terminal
    assert str(ROOT.parent) not in text and not re.search(r"\b20\d\d\\?-\d\d", text)
    assert __version__ not in text.replace('"version": "2.1.0"', "")  # SARIF's own version stays
    if name.startswith("table_80"):
        assert all(len(line) <= 80 for line in text.splitlines())


def test_every_format_and_every_verdict_has_a_golden():
    rendered = {name.split("_", 1)[0].split(".")[0] for name in VIEWS}
    assert set(FORMATS) <= rendered  # a new --format needs its golden here
    assert {f.verdict for f in FINDINGS} == set(Verdict)
    assert sorted(p.name for p in GOLDENS.iterdir()) == sorted(VIEWS)  # no golden left behind by a rename
