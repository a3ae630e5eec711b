"""Issue 14: names with look-alike letters or invisible characters are reported, never dropped, wherever read."""

from __future__ import annotations

import json

import pytest

from depguard.config import Settings
from depguard.confusables import reason, skeleton
from depguard.model import Verdict
from depguard.scan import collect_paths, collect_text, judge_all

CYRILLIC_E = "r\u0435quests"  # е U+0435
CASES = [
    (CYRILLIC_E, "U+0435 CYRILLIC SMALL LETTER IE", "requests"),
    ("req\u200buests", "U+200B ZERO WIDTH SPACE", "requests"),
    ("requests\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE", "requests"),
    ("\uff52equests", "U+FF52 FULLWIDTH LATIN SMALL LETTER R", "requests"),
    ("fl\u03b1sk", "U+03B1 GREEK SMALL LETTER ALPHA", "flask"),
    ("flask\u2010login", "U+2010 HYPHEN", "flask-login"),
]


@pytest.mark.parametrize("name, char, reads", CASES)
def test_reason_names_the_character_and_the_reading(name, char, reads):
    got = reason(name)
    assert got is not None and char in got and f"reads as {reads!r}" in got
    assert len(skeleton(name)) == len(name)


@pytest.mark.parametrize("name", ["numpy", "caf\u00e9", "\u043f\u0440\u0438\u0432\u0435\u0442"])
def test_plain_or_plainly_foreign_names_are_not_called_confusable(name):
    assert reason(name) is None


def _judged(collected):
    report = judge_all(collected, {}, Settings(use_cache=False))
    return [(f.mention.written, f.verdict, f.reasons[0]) for f in report.findings]


@pytest.mark.parametrize("template", [
    "pip install {}", "pip install '{}>=2'", "uv add {}", "npm i {}", "npx {}", "python -m pip install {}",
    "```bash\n$ pip install {}\n```", "```requirements.txt\n{}==2.0\n```",
])
@pytest.mark.parametrize("name, char, _reads", CASES)
def test_commands_in_text_report_confusable_names(template, name, char, _reads):
    found = _judged(collect_text(template.format(name) + "\n"))
    assert found, "a confusable name must never be dropped"
    assert all(v is Verdict.INVALID and char in why for _w, v, why in found)


@pytest.mark.parametrize("name, char, _reads", CASES)
def test_manifests_report_confusable_names(tmp_path, name, char, _reads):
    (tmp_path / "requirements.txt").write_text(f"{name}==2.0\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{name}"]\n', encoding="utf-8")
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {name: "^1.0"}}), encoding="utf-8")
    collected = collect_paths([tmp_path], Settings(use_cache=False))
    found = _judged(collected)
    assert {m.location.path.rsplit("/", 1)[-1] for m in collected.mentions} == \
        {"requirements.txt", "pyproject.toml", "package.json"}
    assert collected.problems == []
    assert all(v is Verdict.INVALID and char in why for _w, v, why in found)
