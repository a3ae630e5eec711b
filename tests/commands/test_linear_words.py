"""Long words read in linear time, with the same result as the whole-word readings they replace (reviewer r37).

A word of many template expressions or unknown values was read again from its start at each one: a shell line of 8,000
glued ``{{a}}`` took 29 s, a word of 16,000 unknown ``${___}`` 8.7 s, a workflow line of 16,000 ``${{`` with no ``}}``
25 s (benchmarks/crafted_inputs.py times them). The references below are those readings, written out again.
"""

from __future__ import annotations

import random
import re

from depguard.commands._analysis import OPTION_EQUALS, VERSION_SEP, _FieldSoFar
from depguard.commands.placeholders import EXPRESSION, VERSION_SEPARATOR, WORD_BREAK, without_expressions

LAZY_WORKFLOW = re.compile(r"\$\{\{.*?\}\}")


def _reference_without_expressions(line: str, pattern: re.Pattern[str]) -> str:
    # the reading before reviewer r37's change: each expression's word read again from its start
    chars = list(line)
    found = list(pattern.finditer(line))
    spans = {m.start(): m.end() for m in found}
    done = 0
    for m in found:
        if m.start() < done:
            continue
        start = m.start()
        while start > 0 and chars[start - 1] not in WORD_BREAK:
            start -= 1
        before = "".join(chars[start:m.start()])
        quotes = len(before) - len(before.lstrip("\"'"))
        scheme = before.find("://", quotes)
        sep = VERSION_SEPARATOR.search(before, quotes + 1 if scheme < 0 else scheme + 3)
        if sep is None:
            chars[m.start():m.end()] = "${" + "_" * (m.end() - m.start() - 3) + "}"
            done = m.end()
            continue
        end = m.end()
        while end < len(chars) and chars[end] not in WORD_BREAK:
            end = spans.get(end, end + 1)
        cut = start + sep.start()
        kept = "".join(c for c in chars[cut:end] if c in "\"'") if before[:quotes] else ""
        chars[cut:end] = kept + " " * (end - cut - len(kept))
        done = end
    return "".join(chars)


PIECES = ["${{ a }}", "${{a}}", "{{ b }}", "{{b}}", "${{", "}}", "{{", " ", "x", "pkg", "=", "==", "@", ":", "://",
          "https", "/", "'", '"', "<", "-", "[", "~", "!", "<%= c %>"]


def test_expressions_are_rewritten_as_the_whole_word_reading_did():
    rng = random.Random(37)
    for _ in range(4000):
        line = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 14)))
        assert without_expressions(line) == _reference_without_expressions(line, LAZY_WORKFLOW), line
        assert without_expressions(line, EXPRESSION) == _reference_without_expressions(line, EXPRESSION), line


def test_a_word_of_many_expressions_keeps_its_name_and_drops_its_version():
    line = "pip install pkg" + "${{a}}" * 50 + "==${{ v }}${{w}} other" + "${{" * 50
    assert without_expressions(line) == _reference_without_expressions(line, LAZY_WORKFLOW)
    assert without_expressions(line).split() == ["pip", "install", "pkg" + "${___}" * 50, "other" + "${{" * 50]


def _reference_after_sep(prefix: str) -> bool:
    # the reading before reviewer r37's change: the last field of everything so far, read whole at each unknown value
    field = prefix.rsplit(None, 1)[-1] if prefix.strip() and not prefix[-1:].isspace() else ""
    field = OPTION_EQUALS.sub("", field, count=1)
    return any(ch in VERSION_SEP for ch in field[1:])


def test_the_field_so_far_says_what_the_whole_field_said():
    rng = random.Random(37)
    parts = ["-", "--", "r", "requirement", "=", "0", "x.y", "_", " ", "\t", "<", "@", ":", "[", "é", "--9", "a-b"]
    for _ in range(4000):
        field, prefix = _FieldSoFar(), ""
        for _ in range(rng.randint(0, 10)):
            piece = "".join(rng.choice(parts) for _ in range(rng.randint(0, 3)))
            field.add(piece)
            prefix += piece
            assert field.after_sep == _reference_after_sep(prefix), repr(prefix)
