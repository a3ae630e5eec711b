"""Template spans found in linear time (depguard/delimited.py), the same as the lazy pattern they replace."""

from __future__ import annotations

import random
import re

from depguard import delimited
from depguard.parsers import Source
from depguard.parsers.ansible import parse

JINJA = (("{{", "}}"), ("{%", "%}"))
LAZY = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def test_spans_are_the_lazy_patterns_matches():
    # reviewer r37: the lazy pattern scanned from each opening to the end when no closing followed (an Ansible task of
    # 32,000 `{{` took 34 s); the spans must be its matches, leftmost, not overlapping, an earlier pair winning
    rng = random.Random(37)
    for _ in range(3000):
        text = "".join(rng.choice(["{", "}", "%", "{{", "}}", "{%", "%}", "a", " ", "\n"]) for _ in range(rng.randint(0, 30)))
        assert list(delimited.spans(text, JINJA)) == [m.span() for m in LAZY.finditer(text)], text
        assert delimited.sub(text, JINJA, lambda t: f"<{len(t)}>") == LAZY.sub(lambda m: f"<{len(m.group())}>", text)


def test_spans_of_openings_without_a_closing():
    assert list(delimited.spans("a {{ b {{ c {% d", JINJA)) == []
    assert list(delimited.spans("{{ a }} {{ b {% c %} {{", JINJA)) == [(0, 7), (13, 20)]
    assert list(delimited.spans("{% a {{ b %} }}", JINJA)) == [(0, 12)]


def test_an_ansible_task_of_unclosed_templates_is_read_as_before():
    # the free-form pip task keeps each template whole; many openings with no closing leave the words as written
    text = ('- name: a\n  pip: "name=zz-invented-r37 {{ {{ {{ "\n'
            '- name: b\n  pip: "name=zz-invented-r37b=={{ v }} state=present"\n')
    found = [(m.key.name, m.location.line) for m in parse(Source(path="roles/x/tasks/main.yml", text=text))]
    assert found == [("zz-invented-r37", 2), ("zz-invented-r37b", 4)]


def test_line_spans_are_the_lazy_patterns_matches_without_dotall():
    # conda's environment.yml specs read their template actions with a pattern whose "." stops at a newline
    lazy = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
    rng = random.Random(38)
    for _ in range(3000):
        text = "".join(rng.choice(["{", "}", "%", "{{", "}}", "{%", "%}", "a", " ", "\n"]) for _ in range(rng.randint(0, 30)))
        assert list(delimited.line_spans(text, JINJA)) == [m.span() for m in lazy.finditer(text)], text
