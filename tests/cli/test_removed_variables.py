"""Variables of removed speed machinery (issue 18) are still accepted: the scan runs as before and says once
that the variable is no longer read."""

from __future__ import annotations

import pytest

from depguard.cli import main


@pytest.mark.parametrize("name", ["DEPGUARD_WORKERS", "DEPGUARD_LOOKUP_PROCESS"])
def test_a_removed_variable_is_accepted_with_a_note(name, tmp_path, monkeypatch, capsys):
    (tmp_path / "requirements.txt").write_text("requests\n")
    monkeypatch.setenv(name, "0")
    assert main(["scan", "--inventory", "--format", "json", str(tmp_path)]) == 0
    said = capsys.readouterr()
    assert f"{name} is no longer read" in said.err and '"requests"' in said.out
    monkeypatch.delenv(name)
    assert main(["scan", "--inventory", "--quiet", str(tmp_path)]) == 0
    assert "no longer read" not in capsys.readouterr().err
