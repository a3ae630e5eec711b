"""``text --annotate --quiet`` is a filter that stays out of the way: a clean answer comes back exactly as it
was (no footer); an answer with something flagged or not checked keeps its marks and footer."""

from __future__ import annotations

import io

from depguard.cli import main


def run(monkeypatch, capsys, text: str, *flags: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))
    code = main(["text", "--annotate", "--no-cache", *flags, "-"])
    return code, capsys.readouterr().out


def test_a_clean_answer_comes_back_unchanged_under_quiet(closed_registries, monkeypatch, capsys):
    answer = "Sort the list in place with list.sort().\n"
    assert run(monkeypatch, capsys, answer, "--quiet") == (0, answer)
    code, out = run(monkeypatch, capsys, answer)
    assert code == 0 and out.startswith(answer) and "[depguard: 0 packages checked" in out


def test_an_answer_with_a_name_not_checked_keeps_its_footer_under_quiet(closed_registries, monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, "Then run `pip install requests`.\n", "--quiet")
    assert code == 3 and "[depguard: 1 package checked, 0 missing, 0 suspicious, 1 not checked]" in out
