"""Ranks reads a stored popular list's names where they are (issue 19: wrapping the list in newlines copied
npm's twice, ~2M instructions of every run judging an npm name): the rank of a name is the line it first
appears on, at the first and last line too."""

from __future__ import annotations

import random

from depguard.checks.typosquat import Ranks


def reference(blob: str, name: object) -> int | None:
    """The rank as the wrapped-list search gave it."""
    if not isinstance(name, str) or not name or "\n" in name:
        return None
    wrapped = "\n" + blob + "\n"
    at = wrapped.find("\n" + name + "\n")
    return None if at < 0 else wrapped.count("\n", 0, at + 1)


def test_ranks_are_the_first_line_of_each_name_at_either_end_and_between():
    ranks = Ranks("requests\nnumpy\nrequests-mock\nnumpy\nflask")
    assert [ranks.get(n) for n in ("requests", "numpy", "requests-mock", "flask", "request", "mock", "")] == \
        [1, 2, 3, 5, None, None, None]
    assert Ranks("solo").get("solo") == 1 and Ranks("solo").get("sol") is None


def test_ranks_answer_as_the_wrapped_search_did_on_random_lists():
    rng = random.Random(19)
    for _ in range(500):
        names = ["".join(rng.choice("ab-") for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 7))]
        blob = "\n".join(names)
        ranks = Ranks(blob)
        for name in ("a", "b", "ab", "a-", "-", "ba", "", "aa", "a-b", "bb", "a\nb", None):
            assert ranks.get(name) == reference(blob, name), (blob, name)
        assert ranks.as_dict() == {n: names.index(n) + 1 for n in names}
