"""Path globs matched without backtracking (depguard.globmatch): the same answers as the regular expression a glob
translates to, in time the path's length times the pattern's (l39, session 39, hostile input)."""

from __future__ import annotations

import random
import re

from depguard.globmatch import ANY, NOT_SLASH, SEGMENTS, STAR, _REGEX, Glob


def _regex(tokens):
    return re.compile("".join(_REGEX[t] if isinstance(t, int) else re.escape(t) for t in tokens) + r"\Z", re.S)


def test_a_glob_answers_as_its_regular_expression():
    rng = random.Random(39)
    kinds = ["a", "b", "/", NOT_SLASH, STAR, ANY, SEGMENTS]
    for _ in range(3000):
        tokens = [rng.choice(kinds) for _ in range(rng.randint(0, 6))]
        glob = Glob(tokens)
        glob.regex = None  # the state walk, also for patterns of one repeated token
        rx = _regex(tokens)
        for _ in range(4):
            text = "".join(rng.choice("ab/") for _ in range(rng.randint(0, 8)))
            assert glob.match(text) == (rx.match(text) is not None), (tokens, text)


def test_a_glob_of_many_stars_is_not_run_as_a_backtracking_expression():
    # `*a*a*a*a*a*a*a*a*b` as [^/]*a[^/]*a…[^/]*b took 8 s against 40 `a` (each star more: ~25 times longer)
    many = Glob([STAR, "a"] * 8 + [STAR, "b"])
    assert many.regex is None
    assert not many.match("a" * 2000) and many.match("a" * 2000 + "b") and not many.match("a" * 20 + "/b")
    assert Glob([STAR, ".", "t", "s"]).regex is not None  # one star: the expression cannot backtrack past its run
    folders = Glob(["s", "r", "c", "/", SEGMENTS, STAR, ".", "t", "s"])
    assert folders.match("src/a/b/x.ts") and folders.match("src/x.ts") and not folders.match("src//x.ts")


def test_the_readers_globs_are_matched_so():
    from depguard.ecosystems.npm._js_project import _include_regex

    include = _include_regex("/p/src/**/" + "*a" * 8 + "*b.ts")
    assert include.regex is None and not include.match("/p/src/x/" + "a" * 500 + ".ts")
    assert include.match("/p/src/x/y/" + "a" * 9 + "b.ts") and _include_regex("/p/src").match("/p/src/a/b.ts")
