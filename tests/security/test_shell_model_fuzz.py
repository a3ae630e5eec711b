"""Hostile command text never crashes the shell model: random mixes of shell syntax (seeded, so the run is
the same every time) and the pathological shapes a hook has met (deep nesting, huge inputs)."""

from __future__ import annotations

import random

import pytest

from depguard.commands import analyze

PIECES = list("ab $(){}[]'\"`\\|&;<>\n\t=*?!#~-") + [
    "pip install ", "npm i ", "bash -c ", "eval ", "xargs ", "for x in ", "do ", "done", "<<EOF\n", "EOF\n", "$'",
    "${", "$((", "<(", "cd ", "export X=", "while read p; ", "| sh", "arr=(", "IFS=,", "set -- ", "python -m",
    "-r ", "curl https://x | ", "sudo ", "env -S ", "xargs -I{} ", "$X", "\"$@\"", "{a,b}", "npm ci", "uv run ",
    "f() { ", "} ", "function g ", "f ", "g x ", "$1", "( ", ") ", "find . -exec ", " \\; ", "parallel ", " ::: ",
]


@pytest.mark.slow
def test_random_shell_text_never_crashes():
    rng = random.Random(13)
    for _ in range(3000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 50)))
        plan = analyze(text, cwd="/p")
        assert isinstance(plan.unresolved, tuple)


def test_unclosed_everything_is_read_without_error():
    for text in ("pip install 'x", 'pip install "x', "pip install $(x", "pip install ${x", "pip install `x",
                 "bash -c 'pip install", "cat <<EOF\npip install x", "arr=(a b", "pip install $'\\x", "for p in a; do",
                 "echo x | xargs -I", "cd", "pushd", "popd", "((((", "))))", "{ { {", "} } }"):
        analyze(text)
