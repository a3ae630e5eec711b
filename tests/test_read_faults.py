"""A fault after a parser's own guard never ends the scan (reviewer r32): a tracked .npmrc whose registry port was no
number raised from npm's manifest marks, outside the parser's guard, and the whole scan ended with a traceback, so a
tree could turn its own check off. An ecosystem's marks that fail leave the file's names judged as written, with a
problem; any other fault in a file's reading reports that file unread, and the other files are judged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from depguard import scan
from depguard.config import Settings


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"invented-npm-zq": "1.0.0"}}))
    (tmp_path / "requirements.txt").write_text("invented-pypi-zq==1.0\n")
    (tmp_path / "README.md").write_text("```bash\npip install invented-doc-zq\nnpm install invented-cmd-zq\n```\n")
    return tmp_path


def test_failing_marks_leave_the_names_judged_with_a_problem(tmp_path, monkeypatch):
    def broken(source, found):
        raise ValueError("Port could not be cast to integer value as 'abc'")

    # both of npm's marks fail: a manifest's (``marks``) and a document's install commands' (``command_marks``)
    monkeypatch.setattr(scan, "_marks", lambda eco, key="marks": broken if eco == "npm" else None)
    out = scan.collect_paths([_tree(tmp_path)], Settings())
    assert {m.key.name for m in out.mentions} >= {"invented-npm-zq", "invented-pypi-zq", "invented-doc-zq",
                                                  "invented-cmd-zq"}
    assert any("names' marks could not be read" in p.message and "ValueError" in p.message for p in out.problems)
    assert any("commands' marks could not be read" in p.message and "ValueError" in p.message for p in out.problems)


@pytest.mark.parametrize("fault", [ValueError, KeyError, IndexError, RecursionError])
def test_a_fault_after_the_parsers_reports_the_file_unread_and_the_scan_goes_on(tmp_path, monkeypatch, fault):
    from depguard import examples

    def broken(*args, **kwargs):
        raise fault("a document mark's bug")

    monkeypatch.setattr(examples, "mark_hidden", broken)
    out = scan.collect_paths([_tree(tmp_path)], Settings())
    names = {m.key.name for m in out.mentions}
    assert {"invented-npm-zq", "invented-pypi-zq"} <= names and "invented-doc-zq" not in names
    unread = [Path(str(p.location.path)).name for p in out.problems if "could not be read to the end" in p.message]
    assert unread == ["README.md"]
