"""Lines of a project template that are only template directives.

A project template (cookiecutter, copier, a Jinja-rendered starter) keeps its manifests as Jinja templates:
``{%- if cookiecutter.use_celery == "y" %}`` on a line of its own in ``requirements/base.txt``, a ``{# comment #}``
inside a pyproject list, an ``{%- if %}`` inside a devcontainer.json object. Such a line is no requirement and no
syntax of the file's format: rendering removes it or keeps the lines around it. Blanking it (spaces of the same
length, so lines, columns and offsets stay) lets the reader judge every requirement of every branch. Only a line that is nothing but
directives is blanked: ``{% if x %}pkg{% endif %}`` keeps its text and stays a problem when it cannot be read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .. import lazyre
from ..errors import ParseError
from ._util import load_toml

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

# one statement ``{% … %}`` (with Jinja's ``-``/``+`` whitespace control), bounded, no braces inside: linear on any
# line; a statement inside a line is removed by the compose reader (docker/_local_images.py)
STATEMENT = r"\{%[^{}\n]{0,500}%\}"
_TAG = STATEMENT + r"|\{#[^\n]{0,500}?#\}"  # ... or a comment ``{# … #}``
DIRECTIVE_LINE = lazyre.compile(rf"[ \t]*(?:{_TAG})(?:[ \t]*(?:{_TAG}))*[ \t]*\r?")


def is_directive_line(line: str) -> bool:
    """Whether ``line`` holds only template statements or comments (and blanks)."""
    return "{" in line and DIRECTIVE_LINE.fullmatch(line) is not None


def blank_directive_lines(text: str) -> str | None:
    """``text`` with each directive-only line made spaces of its length, or None when it has none."""
    if "{%" not in text and "{#" not in text:
        return None
    lines = text.split("\n")
    out = [" " * len(line) if is_directive_line(line) else line for line in lines]
    return None if out == lines else "\n".join(out)


# a template placeholder in a TOML key's place (crewAI's ``{{folder_name}} = "{{folder_name}}.main:run"``) and in a
# value's place (ccds' ``name = {{ cookiecutter.module_name|tojson }}``, the filter writing the quotes)
TEMPLATE_KEY = lazyre.compile(r"^([ \t]*)(\{\{[^{}\n]*\}\}|\{\{[^{}\n]*\}\}[\w-]*)(?=[ \t]*=)", re.M)
TEMPLATE_VALUE = lazyre.compile(r"(?<==)([ \t]*)(\{\{[^{}\n]{1,300}\}\})(?=[ \t]*(?:[,}\]#]|\r?$))", re.M)
_INLINE_TAG = lazyre.compile(_TAG)
# a branch after the first of an if written on one line: ``{% if a %}"A"{% elif b %}"B"{% endif %}`` renders one
_LATER_BRANCH = lazyre.compile(r"\{%-?\s*(?:elif|else)\b[^{}\n]{0,300}?%\}.*?(?=\{%-?\s*endif\b)")


def _spaces(m: re.Match[str]) -> str:
    return " " * (m.end() - m.start())


def blank_statements(text: str) -> str | None:
    """``text`` with every template statement and comment blanked, inside a line too (every branch's text kept,
    lines and columns kept), or None when it has none."""
    if "{%" not in text and "{#" not in text:
        return None
    out = _INLINE_TAG.sub(_spaces, text)
    return None if out == text else out


# Jinja's whitespace control: ``{%-``/``{#-`` removes the whitespace before the tag, newlines included, and
# ``-%}``/``-#}`` the whitespace after it. Linear on any text: a run before a tag is tried from its first character
# only (the lookbehind) and taken whole, never given back (the lookahead-and-backreference idiom of an atomic group:
# Python 3.10 has no possessive ``++``); a bounded ``{1,2000}`` tried at every character of a long run was
# O(length x 2000) (r22 finding 11). The run after a tag starts only right after it (its lookbehind).
_TRIM_BEFORE = lazyre.compile(r"(?<![ \t\r\n])(?=(?P<run>[ \t\r\n]+))(?P=run)(?=\{[%#]-)")
_TRIM_AFTER = lazyre.compile(r"(?<=-[%#]\})[ \t\r\n]+")


def trimmed(text: str) -> str:
    """``text`` with the whitespace Jinja's ``-`` markers remove when it renders taken out (lines joined)."""
    return _TRIM_AFTER.sub("", _TRIM_BEFORE.sub("", text))


def rendered_toml_texts(text: str) -> Iterator[str]:
    """The texts a project template's TOML file is read as, lines and columns kept, when TOML cannot read it as it
    is: its placeholder keys and values made plain (a key ``kkk``, a string ``"kkk"``) and its template statements
    blanked, every branch's text kept (start-axum's ``leptos = { version = "0.8.0"{% if nightly == "Yes" %},
    features = ["nightly"]{% endif %} }`` keeps its features); then, for a line whose branches cannot stand side by
    side (``{% if %}"A"{% elif %}"B"{% endif %}`` in a list), with the first branch only. Last, when the template
    uses Jinja's whitespace control, each of those with the whitespace its ``-`` markers remove taken out: CKAN's
    extension template writes an inline table over lines that rendering joins (``{name = "{{ author }}"`` then
    ``{%- if author_email -%}``, ``, email = "…"``, ``{%- endif -%}``, ``}`` on lines of their own), which TOML
    reads only joined. Those texts keep no lines: only their data is used (readers find lines in the file's text)."""
    plain = TEMPLATE_KEY.sub(lambda m: m.group(1) + "k" * len(m.group(2)), text)
    plain = TEMPLATE_VALUE.sub(lambda m: m.group(1) + '"' + "k" * (len(m.group(2)) - 2) + '"', plain)
    every = _INLINE_TAG.sub(_spaces, plain)
    if every == text:
        return
    yield every
    first = _INLINE_TAG.sub(_spaces, _LATER_BRANCH.sub(_spaces, plain))
    if first != every:
        yield first
    if "%}" in plain or "#}" in plain:
        joined = trimmed(plain)
        if joined != plain:
            yield _INLINE_TAG.sub(_spaces, joined)
            if first != every:
                yield _INLINE_TAG.sub(_spaces, _LATER_BRANCH.sub(_spaces, joined))


def load_template_toml(text: str) -> dict[str, Any]:
    """``text`` as TOML; a project template's own file that TOML cannot read as it is, as the first of
    :func:`rendered_toml_texts` that reads. ParseError (the file's own) when none does."""
    try:
        return load_toml(text)
    except ParseError as exc:
        error = exc
    for rendered in rendered_toml_texts(text):
        try:
            return load_toml(rendered)
        except ParseError:
            continue
    raise error
