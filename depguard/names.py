"""PEP 503 name normalisation, as ``packaging.utils.canonicalize_name`` does it, without importing
``packaging.utils`` (which imports its wheel-tag machinery: a tenth of ``depguard text``'s start-up)."""

from __future__ import annotations

import functools
import re

_SEPARATORS = re.compile(r"[-_.]+")


@functools.lru_cache(maxsize=4096)
def canonicalize_name(name: str) -> str:
    """``Foo.Bar_baz`` -> ``foo-bar-baz``: runs of ``-``, ``_`` and ``.`` become one ``-``, all lower case."""
    return _SEPARATORS.sub("-", name).lower()


_NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9]")


def alphanumeric(name: str) -> str:
    """``name`` in lower case with everything but letters and digits gone: ``Isaac-GR00T`` -> ``isaacgr00t``."""
    return _NOT_ALPHANUMERIC.sub("", name.lower())
