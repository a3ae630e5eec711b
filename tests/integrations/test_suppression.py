"""Inline ``depguard: ignore`` suppression: every comment style, with and without a reason; suppressed
findings stay in the JSON as ``allowed`` (DG200) with the reason, and do not fail the run."""

from __future__ import annotations

import json

import pytest

from depguard.cli import main
from depguard.model import Location, Origin
from depguard.parsers import FileFormat, Source
from depguard.report.json_format import per_mention
from depguard.scan import Collected, _parse_with, suppression_reason


@pytest.mark.parametrize(("line", "reason"), [
    ("reqeusts  # depguard: ignore", ""),
    ("reqeusts  # depguard: ignore kept for the typo test", "kept for the typo test"),
    ("import x from 'lodahs' // depguard: ignore vendored fork", "vendored fork"),
    ("pip install reqeusts <!-- depguard: ignore demo of a typo -->", "demo of a typo"),
    ("RUN pip install x  # DEPGUARD: IGNORE: internal mirror only", "internal mirror only"),
    ("x /* depguard: ignore generated */", "generated"),
    ("-- depguard: ignore sql comment", "sql comment"),
])
def test_suppression_comment_styles(line, reason):
    assert suppression_reason(line) == reason


@pytest.mark.parametrize("line", [
    "reqeusts",
    "reqeusts  # ignore",
    "reqeusts  # depguard ignore",  # no colon: not the marker
    "depguard: ignore",  # not in a comment
    "reqeusts  # depguard: ignored-package-list",
])
def test_not_a_suppression(line):
    assert suppression_reason(line) is None


def run_json(args, capsys):
    code = main([*args, "--no-cache", "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_hash_comment_in_requirements(tmp_path, registry, capsys):
    (tmp_path / "requirements.txt").write_text(
        "requests\nreqeusts  # depguard: ignore kept on purpose for a demo\nflaskk\n")
    code, data = run_json(["scan", str(tmp_path)], capsys)
    by_line = {f["location"]["line"]: f for f in per_mention(data)}
    assert (by_line[2]["name"], by_line[2]["verdict"], by_line[2]["rule"]) == ("reqeusts", "allowed", "DG200")
    assert by_line[2]["reasons"] == ["suppressed inline: kept on purpose for a demo"]
    assert by_line[3]["verdict"] == "missing"  # only the marked line is suppressed
    assert by_line[1]["verdict"] == "ok"
    assert code == 1


def test_hash_comment_in_a_shell_script_without_reason(tmp_path, registry, capsys):
    (tmp_path / "setup.sh").write_text("#!/bin/sh\npip install reqeusts  # depguard: ignore\n")
    code, data = run_json(["scan", str(tmp_path)], capsys)
    [f] = per_mention(data)
    assert (f["verdict"], f["reasons"], f["location"]["line"]) == ("allowed", ["suppressed inline"], 2)
    assert code == 0


def test_html_comment_in_markdown(tmp_path, registry, capsys):
    (tmp_path / "README.md").write_text(
        "# Demo\n\nRun `pip install reqeusts` <!-- depguard: ignore the typo is the point -->\n\n"
        "```bash\nnpm install lodash\n```\n")
    code, data = run_json(["scan", str(tmp_path)], capsys)
    found = {(f["name"], f["location"]["line"]): (f["verdict"], f["reasons"]) for f in per_mention(data)}
    assert found == {("reqeusts", 3): ("allowed", ["suppressed inline: the typo is the point"]),
                     ("lodash", 6): ("ok", found[("lodash", 6)][1])}
    assert code == 0


def test_slash_comment_through_the_engine():
    # the engine reads the marker on the mention's own line, whatever the format: a C-like source here
    text = "const a = load('lodash');\nconst b = load('lodahs'); // depguard: ignore vendored fork\n"

    def parse(source: Source):
        for n, line in enumerate(source.text.split("\n"), 1):
            if "load('" in line:
                name = line.split("load('")[1].split("'")[0]
                yield source.mention("npm", name, n, line.index(name) + 1, Origin.IMPORT, "test")

    out = Collected()
    _parse_with(FileFormat("c-like", parse, ("*.c",), "npm"), Source(path="a.c", text=text), out)
    assert [m.written for m in out.mentions] == ["lodash", "lodahs"]
    assert out.mentions[1].location == Location("a.c", 2, 17, 2, 23)
    assert out.suppressed == {1: "vendored fork"}


def test_text_under_judgement_cannot_suppress_itself(registry, monkeypatch, capsys):
    """An answer's own ``depguard: ignore`` is not obeyed: the text would be excusing itself (issue 14)."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        b"```bash\npip install reqeusts # depguard: ignore known typo\n```\n"), encoding="utf-8"))
    code, data = run_json(["text", "-"], capsys)
    [f] = per_mention(data)
    assert f["verdict"] == "missing"
    assert code == 1
