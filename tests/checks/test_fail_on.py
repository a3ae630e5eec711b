"""--fail-on missing|suspicious decides what makes the exit code 1 (Report.exit_code and the CLI)."""

from __future__ import annotations

import pytest

from depguard.cli import main
from depguard.model import Finding, Location, Mention, Origin, PackageKey, Problem, Report, Verdict

from ..cassettes import vcr_for


def report(*verdicts: Verdict, problems: tuple[Problem, ...] = ()) -> Report:
    findings = tuple(
        Finding(Mention(PackageKey("pypi", f"p{i}"), f"p{i}", Location(None), Origin.ARGUMENT, "argument"), v, "DGxxx")
        for i, v in enumerate(verdicts)
    )
    return Report(findings, problems)


S, M = Verdict.SUSPICIOUS, Verdict.MISSING


@pytest.mark.parametrize("verdicts, problems, fail_on, code", [
    ((), (), S, 0),
    ((Verdict.OK,), (), S, 0),
    ((Verdict.OK, Verdict.ALLOWED), (), M, 0),
    ((S,), (), S, 1),
    ((S,), (), M, 0),
    ((M,), (), M, 1),
    ((M,), (), S, 1),
    ((Verdict.INVALID,), (), M, 1),
    ((S, Verdict.NOT_CHECKED), (), M, 3),  # suspicious is not failing, but something went unchecked
    ((S, Verdict.NOT_CHECKED), (), S, 1),
    ((Verdict.OK,), (Problem("bad file", kind="parse"),), M, 3),
    ((Verdict.OK,), (Problem("note", kind="config"),), S, 0),
], ids=lambda v: getattr(v, "value", None) if isinstance(v, Verdict) else None)
def test_exit_code(verdicts, problems, fail_on, code):
    assert report(*verdicts, problems=problems).exit_code(fail_on) == code


def test_default_is_suspicious():
    assert report(S).exit_code() == 1


CLI = [
    # (cassette, names, extra args, environment, exit code)
    ("test_typosquat_young.yaml", ["lodashh"], [], {}, 1),  # DG002 (+DG003), default fail-on suspicious
    ("test_typosquat_young.yaml", ["lodashh"], ["--fail-on", "suspicious"], {}, 1),
    ("test_typosquat_young.yaml", ["lodashh"], ["--fail-on", "missing"], {}, 0),
    ("test_typosquat_young.yaml", ["lodashh"], [], {"DEPGUARD_FAIL_ON": "missing"}, 0),
    ("test_typosquat_young.yaml", ["lodashh"], ["--fail-on", "suspicious"], {"DEPGUARD_FAIL_ON": "missing"}, 1),
    # a look-alike with five releases over more than a year is still far less used than lodash: flagged (issue 15)
    ("test_typosquat_loadsh.yaml", ["loadsh"], [], {}, 1),
    ("test_security_holder.yaml", ["webpack.js.org"], ["--fail-on", "missing"], {}, 0),  # DG003
    ("test_security_holder.yaml", ["webpack.js.org"], [], {}, 1),
    ("test_missing.yaml", ["lodahs"], ["--fail-on", "missing"], {}, 1),
]


@pytest.mark.parametrize("cassette, names, extra, env, code", CLI,
                         ids=[f"{c[1][0]}{''.join(c[2])}{''.join(c[3])}" for c in CLI])
def test_cli_fail_on(monkeypatch, capsys, cassette, names, extra, env, code):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    with vcr_for("npm").use_cassette(cassette):
        assert main(["check", "--no-cache", "--format", "json", "-e", "npm", *extra, *names]) == code


def test_fail_on_from_config_file(tmp_path, monkeypatch, capsys):
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text('fail-on = "missing"\n', encoding="utf-8")
    with vcr_for("npm").use_cassette("test_typosquat_young.yaml"):
        assert main(["check", "--no-cache", "--config", str(cfg), "-e", "npm", "lodashh"]) == 0
    assert "lodashh" in capsys.readouterr().out


def test_bad_fail_on_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.setenv("DEPGUARD_FAIL_ON", "everything")
    assert main(["check", "--no-cache", "-e", "npm", "loadsh"]) == 2
    assert "DEPGUARD_FAIL_ON: expected one of missing, suspicious" in capsys.readouterr().err
