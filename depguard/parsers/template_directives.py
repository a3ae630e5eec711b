"""Lines of a project template that are only template directives.

A project template (cookiecutter, copier, a Jinja-rendered starter) keeps its manifests as Jinja templates:
``{%- if cookiecutter.use_celery == "y" %}`` on a line of its own in ``requirements/base.txt``, a ``{# comment #}``
inside a pyproject list, an ``{%- if %}`` inside a devcontainer.json object. Such a line is no requirement and no
syntax of the file's format: rendering removes it or keeps the lines around it. Blanking it (spaces of the same
length, so lines, columns and offsets stay) lets the reader judge every requirement of every branch. Only a line that is nothing but
directives is blanked: ``{% if x %}pkg{% endif %}`` keeps its text and stays a problem when it cannot be read.
"""

from __future__ import annotations

from .. import lazyre

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
