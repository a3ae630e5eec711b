"""PEP 503 name normalisation, as ``packaging.utils.canonicalize_name`` does it, without importing
``packaging.utils`` (which imports its wheel-tag machinery: a tenth of ``depguard text``'s start-up)."""

from __future__ import annotations

import functools
import re

from . import lazyre

_SEPARATORS = re.compile(r"[-_.]+")


@functools.lru_cache(maxsize=4096)
def canonicalize_name(name: str) -> str:
    """``Foo.Bar_baz`` -> ``foo-bar-baz``: runs of ``-``, ``_`` and ``.`` become one ``-``, all lower case."""
    return _SEPARATORS.sub("-", name).lower()


_NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9]")


def alphanumeric(name: str) -> str:
    """``name`` in lower case with everything but letters and digits gone: ``Isaac-GR00T`` -> ``isaacgr00t``."""
    return _NOT_ALPHANUMERIC.sub("", name.lower())


# a word of a name: `ChildhoodCancerDataInitiative` is four, `MCI_JSON2TSV` two, `eggNOG` two, `mapseq2biom` three
_WORD = lazyre.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z0-9]+|[0-9]+")


def whole_words_of(whole: str, name: str, minimum: int = 4) -> bool:
    """Whether ``whole`` (``minimum`` or more letters and digits) is a run of whole words of ``name``, split at ``-``,
    ``_``, ``.`` and a change of case: ``MCI_JSON2TSV`` of ``ChildhoodCancerDataInitiative-MCI_JSON2TSV``,
    ``gene_caller`` of ``combined_gene_caller``; not a piece cut inside a word (``weatherpipe`` of ``weather-pipeline``,
    reviewer r43)."""
    letters = alphanumeric(whole)
    if len(letters) < minimum:
        return False
    words = [w.lower() for w in _WORD.findall(name)]
    for start in range(len(words)):
        run = ""
        for word in words[start:]:
            run += word
            if not letters.startswith(run):
                break
            if run == letters:
                return True
    return False
