"""DG002: a long-lived package that differs from a popular name by a whole short word is a sibling in a family of
names, not a misspelling (issue 12).

npm/cli's docs declare ``remark-man`` (remarkjs' man-page plugin, 11 releases by Titus Wormer, 8,478 downloads a
month: under ``typosquat-port-downloads``): DG002 called it two edits from ``remark-mdx``, ``remark-math`` and
``remark-mdc``. Each pair shares ``remark`` and differs in the short word after it ("man"/"mdx": two of three
letters). A misspelling keeps most of each word's letters; the squats of ``benchmarks/attacks/squats.tsv`` and
LibraryHalluBench's 1,024 misspellings never replace a word (none of them loses a match by this rule). The answers
are built as the npm client reads them (no network); the popular list is the shipped npm list.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from depguard.checks import CheckContext, judge
from depguard.checks.typosquat import replaces_word
from depguard.model import Existence, Location, Mention, Origin, PackageKey, RegistryAnswer, Verdict

from ..conftest import CASSETTE_DAY

REMARK_MAN = "remark plugin to compile markdown to man pages"  # its description in the registry (version 9.0.0)


def _judged(settings, name: str, *, days: int, releases: int, downloads: int | None, description: str = ""):
    answer = RegistryAnswer(PackageKey("npm", name), Existence.EXISTS, "the npm registry",
                            first_release=CASSETTE_DAY - timedelta(days=days), version_count=releases,
                            latest_release=CASSETTE_DAY - timedelta(days=min(days, 30)), downloads=downloads,
                            description=description or None)
    m = Mention(answer.key, name, Location("docs/package.json", 27, 5), Origin.MANIFEST, "test")
    return judge(m, answer, CheckContext(replace(settings, now=CASSETTE_DAY), CASSETTE_DAY))


def test_a_long_lived_plugin_that_swaps_a_short_word_of_a_popular_sibling_is_not_flagged(settings):
    f = _judged(settings, "remark-man", days=4000, releases=11, downloads=8_478, description=REMARK_MAN)
    assert f.verdict is Verdict.OK, f.reasons


def test_a_young_package_of_the_same_shape_is_still_judged_a_lookalike(settings):
    f = _judged(settings, "remark-man", days=10, releases=1, downloads=0)
    assert (f.rule, f.suggestion) == ("DG002", "remark-mdx")


def test_a_long_lived_misspelling_inside_a_word_is_still_flagged(settings):
    # a real PyPI squat: a letter added to one word and dropped from the other; each word keeps its letters
    m = Mention(PackageKey("pypi", "importlibs-resource"), "importlibs-resource", Location("requirements.txt", 1, 1),
                Origin.MANIFEST, "test")
    answer = RegistryAnswer(m.key, Existence.EXISTS, "PyPI", first_release=CASSETTE_DAY - timedelta(days=800),
                            latest_release=CASSETTE_DAY - timedelta(days=3), version_count=6)
    f = judge(m, answer, CheckContext(replace(settings, now=CASSETTE_DAY), CASSETTE_DAY))
    assert (f.rule, f.suggestion) == ("DG002", "importlib-resources")


@pytest.mark.parametrize(("name", "target", "replaced"), [
    ("remark-man", "remark-mdx", True),  # "man"/"mdx": two of three letters
    ("remark-man", "remark-math", True),  # "man"/"math": two of four
    ("eslint-plugin-lube", "eslint-plugin-vue", True),
    ("tiny-spinner", "ink-spinner", True),
    ("vue-rooteer", "vue-router", False),  # two edits in a seven-letter word: most of it kept
    ("importlibs-resource", "importlib-resources", False),  # two words differ, each by a letter
    ("remark-mdy", "remark-mdx", False),  # one edit is a misspelling, however short the word
    ("reqeusts", "requests", False),  # one word: no family to be a sibling in
    ("remark-man-page", "remark-mdx", False),  # another number of words
])
def test_a_word_counts_as_replaced_only_when_most_of_it_changes(name, target, replaced):
    assert replaces_word(name, target) is replaced
