"""Install commands said in sentences of languages written in other scripts than Latin (Burmese, Hindi, Thai, Arabic,
Hebrew, Russian): no registry name is written in them, so such a word after the command ends it, as an English prose
word does (``depguard.confusables.foreign_word``); a word of look-alike letters is still read, as a name (DG004).
So does a Latin word spelt with a diacritic's letter (Vietnamese, German, French, Portuguese, Turkish:
``depguard.confusables.accented_word``).
"""

from __future__ import annotations

import pytest

from depguard.confusables import accented_word, foreign_word
from depguard.parsers import Source
from depguard.text import mentions_in_text


def names(text: str, path: str = "README.md") -> list[str]:
    return [m.key.name for m in mentions_in_text(Source(path=path, text=text))]


@pytest.mark.parametrize("line", [
    # microsoft/edgeai-for-beginners' translations/my/AGENTS.md:558 (held-out set 214's spot set): "npm install or
    # build fail happens"; before, `build` and `fail` were read as npm names (fail: missing)
    "- npm install သို့မဟုတ် build fail ဖြစ်သည်",
    "- npm install या build fail होता है",       # Hindi
    "- npm install หรือ build fail เกิดขึ้น",       # Thai
    "- npm install أو build fail يحدث",          # Arabic
    "- npm install או build fail קורה",          # Hebrew
])
def test_a_word_of_another_script_after_the_command_ends_it(line):
    assert names(line + "\n") == []


def test_the_names_before_the_word_are_still_read():
    assert names("- npm install invented-alpha သို့မဟုတ် invented-beta\n") == ["invented-alpha"]
    assert names("pip install invented-alpha или invented-beta\n") == ["invented-alpha"]
    # without the foreign word, both are names
    assert names("pip install invented-alpha invented-beta\n") == ["invented-alpha", "invented-beta"]


def test_a_word_of_look_alike_letters_is_still_a_name():
    # Cyrillic р, і, р: every letter passes for a Latin one, so the word is a look-alike of pip, read and reported
    assert not foreign_word("\u0440\u0456\u0440")
    assert names("pip install \u0440\u0456\u0440\n") == ["\u0440\u0456\u0440"]
    assert names("pip install r\u0435quests\n") == ["r\u0435quests"]  # one Cyrillic е among Latin letters


def test_foreign_word():
    assert foreign_word("или") and foreign_word("या") and foreign_word("သို့မဟုတ်")
    assert not foreign_word("build") and not foreign_word("→") and not foreign_word("123")


@pytest.mark.parametrize("line", [
    # undertheseanlp/underthesea's docs/research/agent-simulation/01-design.md:312 (held-out set 274), a scenario's
    # task in Vietnamese ("pip install underthesea fails with 'requires Python >= 3.10' but Python 3.8 is in use"):
    # before, `python` (and `3-8`) after the Vietnamese words were read as PyPI names (python: missing)
    "```python\nScenario(\n    task=\"pip install underthesea bị lỗi 'requires Python >= 3.10' nhưng đang dùng Python 3.8\",\n)\n```",
    "- pip install underthesea bị lỗi 'requires Python >= 3.10' nhưng đang dùng Python 3.8",
    "- pip install underthesea für Python 3 installieren",      # German
    "- pip install underthesea après avoir activé venv",        # French
    "- pip install underthesea için gerekli python",            # Turkish
    "- pip install underthesea é necessário python 3",          # Portuguese
    "- pip install underthesea (también instala numpy)",        # Spanish, in brackets
])
def test_a_latin_word_with_a_diacritic_after_the_command_ends_it(line):
    assert names(line + "\n") == ["underthesea"]


def test_the_names_before_the_accented_word_are_still_read():
    assert names("- pip install invented-alpha invented-beta für invented-gamma\n") == ["invented-alpha", "invented-beta"]
    assert names("- npm install invented-alpha bị lỗi invented-beta\n") == ["invented-alpha"]
    # without the accented word, every word is a name
    assert names("- pip install invented-alpha invented-beta fur invented-gamma\n") == [
        "invented-alpha", "invented-beta", "fur", "invented-gamma"]
    # a word of look-alike letters among Latin ones is still a name (DG004), not prose
    assert names("- pip install invented-alpha r\u0435quests\n") == ["invented-alpha", "r\u0435quests"]


def test_accented_word():
    assert accented_word("bị") and accented_word("lỗi,") and accented_word("für") and accented_word("«après»")
    assert accented_word("için") and accented_word("(también")
    assert not accented_word("fur") and not accented_word("r\u0435quests") and not accented_word("\u0131yi")
    assert not accented_word("./módulo") and not accented_word("módulo==1.0") and not accented_word("—")


@pytest.mark.parametrize("line", [
    "- Ejecuta: pip install invented-alpha para instalar la biblioteca",   # Spanish
    "- pip install invented-alpha y luego ejecuta main",
    "- pip install invented-alpha e depois rode main",                    # Portuguese
    "- pip install invented-alpha puis lancez main",                      # French
    "- pip install invented-alpha mit Python 3 installieren",            # German
    "- pip install invented-alpha und dann starten",
    "- pip install invented-alpha dan jalankan main",                     # Indonesian
    "- pip install invented-alpha ve sonra main",                         # Turkish
])
def test_a_connective_of_another_latin_language_after_the_names_ends_the_command(line):
    assert names(line + "\n") == ["invented-alpha"]


def test_a_connective_given_first_or_in_a_code_span_is_a_name():
    assert names("- pip install para\n") == ["para"]
    assert names("- pip install invented-alpha invented-beta\n") == ["invented-alpha", "invented-beta"]
    assert names("Run `pip install invented-alpha und` now.\n") == ["invented-alpha", "und"]
