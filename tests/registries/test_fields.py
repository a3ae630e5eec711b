"""Dotted answer paths (``releases.*.*.upload_time_iso_8601``): what they reach, in document order, on untrusted
documents; walked level by level, so a popular project's thousands of files cost one list per step."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from depguard.registries import fields

DOC = {"info": {"name": "x", "": "empty key"},
       "releases": {"1.0": [{"t": "2015"}, {"t": "2016"}], "2.0": [], "3.0": [{"u": 1}, {"t": "2020"}]},
       "urls": [{"t": "a"}, {"t": "b"}, "not a dict"]}

CASES = [
    ("", [DOC]),
    ("info.name", ["x"]),
    ("info.", [{"name": "x", "": "empty key"}]),  # a trailing dot ends the path
    ("info..", ["empty key"]),
    ("releases.*.*.t", ["2015", "2016", "2020"]),
    ("releases.*", [DOC["releases"]["1.0"], [], DOC["releases"]["3.0"]]),
    ("urls.1.t", ["b"]),
    ("urls.9.t", []),
    ("urls.*.t", ["a", "b"]),
    ("info.name.deeper", []),
    ("missing.*.x", []),
]


@pytest.mark.parametrize("path,expected", CASES, ids=[c[0] or "(empty)" for c in CASES])
def test_a_path_reaches_its_values_in_document_order(path, expected):
    assert list(fields.values(DOC, path)) == expected


def nested_reference(doc, path):
    """The definition: one step of the path at a time, '*' fanning out over a dict's values or a list's items."""
    if not path:
        yield doc
        return
    head, _, rest = path.partition(".")
    if head == "*":
        for item in (doc.values() if isinstance(doc, dict) else doc if isinstance(doc, list) else ()):
            yield from nested_reference(item, rest)
    elif isinstance(doc, dict) and head in doc:
        yield from nested_reference(doc[head], rest)
    elif isinstance(doc, list) and head.isdigit() and int(head) < len(doc):
        yield from nested_reference(doc[int(head)], rest)


KEYS = st.sampled_from(["a", "b", "", "0", "1", "10"])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4), max_leaves=20)
PATHS = st.lists(KEYS | st.just("*"), max_size=5).map(".".join) | st.lists(KEYS | st.just("*"), max_size=4).map(
    lambda p: ".".join(p) + ".")


@settings(max_examples=300, deadline=None)
@given(doc=JSON, path=PATHS)
def test_a_path_reaches_what_the_step_by_step_definition_reaches(doc, path):
    assert list(fields.values(doc, path)) == list(nested_reference(doc, path))
