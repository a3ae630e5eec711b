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


@pytest.mark.parametrize("line", [
    "pip install re'q'u\u0435sts",  # quotes inside the word: the shell joins them into one name
    'pip install "r\u0435q"uests',
    "pip install r\u0435\\\nquests",  # a line continuation inside the word
    "x=r\u0435quests; pip install $x",  # the name the word refers to
    "for p in r\u0435quests; do pip install $p; done",
])
def test_a_confusable_name_split_by_quotes_or_named_elsewhere_is_reported(line):
    found = _judged(collect_text(f"```bash\n{line}\n```\n"))
    assert found, "a confusable name must never be read as its plain skeleton"
    assert all(v is Verdict.INVALID and "U+0435" in why for _w, v, why in found)


@pytest.mark.parametrize("line", [
    "x=r\u0435quests~=2.0; pip install $x",  # the variable's run holds the name and its version
    "PKG=r\u0435act@18; npm install $PKG",
    "x=@types/r\u0435act@18; npm install $x",
    "x=r\u0435dis:7; docker run $x",
])
def test_a_confusable_name_a_variable_holds_with_its_version_is_reported(line):
    """r40: 9425e188 gave a name the word only refers to back from a table of the script's whole runs, so a run that
    also held the version (``r\u0435quests~``, ``r\u0435act@18``) matched no name, and the plain skeleton was checked
    (``react`` exists: a pass); the old search of the whole script found it. Each run's name pieces are kept too."""
    found = _judged(collect_text(f"```bash\n{line}\n```\n"))
    assert found, "a confusable name must never be read as its plain skeleton"
    assert all(v is Verdict.INVALID and "U+0435" in why for _w, v, why in found)


def test_a_plain_name_beside_a_confusable_one_stays_plain():
    found = _judged(collect_text("```bash\npip install requests\npip install fl\u03b1sk\n```\n"))
    assert [(w, v is Verdict.INVALID) for w, v, _why in found] == [("requests", False), ("fl\u03b1sk", True)]


class _CountedFinds(str):
    """A skeleton that counts the characters its ``find`` calls may look at."""

    looked = 0

    def find(self, sub, start=None, end=None):  # type: ignore[override]
        begin, stop = start or 0, len(self) if end is None else min(end, len(self))
        _CountedFinds.looked += max(stop - begin, 0)
        return str.find(self, sub, begin, stop)


def test_restoring_many_confusable_names_looks_at_each_word_once(monkeypatch):
    """l39: each restored name was looked for from its word to the script's end, and from the script's start when
    not there (a variable's value, a quoted word, an image name): 8,000 such words took 15.7 s. Each part is now
    looked for in its own word's span, and a name the word refers to in one table of the script's runs."""
    from depguard import confusables
    from depguard.commands import analyze

    n = 1000
    script = "".join(f"x{i}=r\u0435quests{i}; pip install $x{i}\npip install re'q'u\u0435sts{i}\n"
                     f"docker run r\u0435dis{i}\n" for i in range(n))
    plan = analyze(confusables.skeleton(script))
    real = confusables.skeleton
    monkeypatch.setattr(confusables, "skeleton", lambda text: _CountedFinds(real(text)))
    _CountedFinds.looked = 0
    written = confusables.as_written(script, plan)
    assert _CountedFinds.looked < 10 * len(script)
    names = [t.name for t in written.installs]
    assert len(names) == 3 * n and f"r\u0435quests{n - 1}" in names and f"requ\u0435sts{n - 1}" in names
    assert f"library/r\u0435dis{n - 1}" in names
