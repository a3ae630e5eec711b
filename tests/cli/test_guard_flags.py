"""``depguard guard`` honours the reporting flags it accepts: ``--output FILE`` gets the report (it was left
unwritten), and ``--quiet`` keeps only the refusal and its reasons (the table and summary were printed anyway)."""

from __future__ import annotations

import pytest

from depguard.cli import main

CLOSED = "http://127.0.0.1:9"  # nothing listens: the names are not checked, so the command is refused (exit 3)


@pytest.fixture(autouse=True)
def _no_registry(monkeypatch, tmp_path):
    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", CLOSED)
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)


def test_guard_writes_its_report_to_the_output_file(tmp_path, capsys):
    report = tmp_path / "guard.txt"
    code = main(["guard", "--no-cache", "--timeout", "1", "--output", str(report), "--", "pip", "install", "reqeusts"])
    err = capsys.readouterr().err
    assert code == 3 and "refused to run: pip install reqeusts" in err
    written = report.read_text()
    assert "reqeusts  not-checked" in written and "1 package checked" in written and "packages checked" not in err


def test_guard_quiet_prints_the_refusal_and_its_reasons_only(capsys):
    code = main(["guard", "--no-cache", "--timeout", "1", "--quiet", "--", "pip", "install", "reqeusts"])
    out, err = capsys.readouterr()
    assert code == 3 and out == ""
    assert "refused to run: pip install reqeusts" in err and "reqeusts" in err.split("\n", 1)[1]
    assert "checked, " not in err and "not-checked  " not in err
