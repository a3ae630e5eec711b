"""A JSON file that is a template (a Yeoman generator's EJS ``package.json``, a Jinja one), read as the JSON it
renders to, lines and columns kept.

``"name": <%- JSON.stringify(name) %>`` puts a value where the tag stands; ``<%- dep("@types/vscode") %>`` inside
``devDependencies`` puts a member there, and the one string the tag names is that member's key (the generator fills
in the version); ``<% if (insiders) { %>`` decides which text is kept. So: a statement is blanked (every branch's
text is kept, and judged); an expression in a value's place is ``null``; an expression in a member's place that
names exactly one string is the member ``"that string": ""`` (a package the template declares, still judged); any
other expression is blanked, and the commas left around it are dropped. Used only when the file is no JSON as it
is.
"""

from __future__ import annotations

import json
import re

from .. import lazyre

# an expression: EJS output (``<%= … %>``, ``<%- … %>``) or a Jinja/Handlebars ``{{ … }}`` (no braces inside)
EXPRESSION = lazyre.compile(r"<%[=-](?:[^%]|%(?!>)){1,300}?[-_]?%>|\{\{[^{}\n]{1,300}?\}\}")
# a statement or comment: EJS ``<% … %>``/``<%_ … _%>``/``<%# … %>``, Jinja ``{% … %}``/``{# … #}``
STATEMENT = lazyre.compile(r"<%[_#]?(?![=-])(?:[^%]|%(?!>)){0,300}?[-_]?%>|\{%[^{}\n]{0,300}?%\}|\{#[^\n]{0,300}?#\}")
ONE_STRING = re.compile(r'"((?:[^"\\\n]|\\.){1,214})"|\'([^\'\\\n]{1,214})\'')
MARKERS = ("<%", "{{", "{%")
EXTRA_COMMA = re.compile(r"(?<=[{\[,])(\s*),|,(?=\s*,)")


def _blank(text: str) -> str:
    return "".join(c if c in "\r\n" else " " for c in text)


def rendered_json_text(text: str) -> str | None:
    """``text`` with its template tags rewritten (module docstring), of the same length line by line; None
    when it holds none."""
    if not any(marker in text for marker in MARKERS):
        return None
    out = STATEMENT.sub(lambda m: _blank(m.group(0)), text)
    chars = list(out)
    for m in EXPRESSION.finditer(out):
        tag = m.group(0)
        before = out[:m.start()].rstrip()
        after = out[m.end():].lstrip()
        if before.endswith(":"):
            chars[m.start():m.end()] = "null" + " " * (len(tag) - 4) if len(tag) >= 4 else _blank(tag)
            continue
        strings = ONE_STRING.findall(tag)
        member = before.endswith(("{", ",")) and after[:1] in (",", "}", "")
        if member and len(strings) == 1:
            name = strings[0][0] or strings[0][1]
            key = json.dumps(name) + ':""'
            if len(key) <= len(tag):
                chars[m.start():m.end()] = key + " " * (len(tag) - len(key))
                continue
        chars[m.start():m.end()] = _blank(tag)
    out = "".join(chars)
    # a member that was a tag and is blank now leaves a comma too many: `{ , "a": 1 }`, `"a": 1, , "b": 2`
    return EXTRA_COMMA.sub(lambda m: (m.group(1) or "") + " ", out)
