"""Template placeholders inside command lines: made harmless for the command grammars, columns kept.

A command line can be a template's text rather than shell: a workflow's ``${{ matrix.pkg }}`` (GitHub Actions,
Azure Pipelines), a project template's ``pip install {{ cookiecutter.distribution_name }}`` (cookiecutter, copier,
any Jinja or Handlebars starter), a Yeoman generator's ``<%= pkgManager %> run compile`` (EJS). What goes there is
not written there: the shell would split ``{{ cookiecutter.x }}`` at its spaces and read the middle word as a
package. Each rewrite keeps the line's length, so the matches found in the rewritten text stay where they are:

- an expression (``${{ … }}``, ``{{ … }}``, ``<%= … %>``, ``<%- … %>``) in a version part (``pnpm@${{ env.V }}``,
  ``kedro~={{ cookiecutter.kedro_version }}``) drops the version and the name stays: the rest of the word is
  blanked, its quotes kept; in a name (``{{ pkg }}``, ``pkg-{{ x }}``, a URL's path) it becomes a shell variable
  of the same width, so the word is read as unknown rather than as the expression's text;
- a statement or comment (Jinja's ``{% if … %}``/``{# … #}``, EJS's ``<% … %>``/``<%# … %>``) is blanked: every
  branch's text is kept (``--progress-bar=off{% if c %} cibuildwheel{% endif %}`` installs ``cibuildwheel``),
  so a real package a branch installs is still judged.

A documentation placeholder in angle brackets glued to a word (``pip install lerobot_robot_<name>
lerobot_teleoperator_<name>``: LeRobot's plug-ins are named by a prefix and the reader's device) is the same kind
of slot: the shell would read ``<name>`` as a redirection and leave ``lerobot_robot_``, a fragment of the name, as
the argument. A ``<word>`` written right after a name's character, with no space, becomes a shell variable of its
width, so the word is read as unknown. A bracketed word standing alone (``pip install <invented-toolkit>``) is
not glued to anything and stays read as written; so is a redirection with a space or a path (``x < in``, ``x >out``).
A placeholder of a few words (``gmaps==<new version>``, ``<new package>``) that closes the line is a slot too: no
shell could run a ``>`` with nothing after it.

A tldr page's option placeholder (``conda create {{[-n|--name]}} py39``, ``npm {{[i|install]}} tldr``: tldr-pages'
style guide, "Option syntax") is not a slot but the option or subcommand itself, written both ways so a client can
show the short or the long one. Read as a slot, the option's value became the command's argument (the environment
``py39``, the channel ``conda-forge``, a crate's feature ``derive``) and a subcommand was lost (``npm {{[i|install]}}
x`` installed nothing). It is rewritten to its last (long) spelling, padded to its width: on the left when a value is
glued after it (``{{[-o|--output=]}}file``), else on the right.
"""

from __future__ import annotations

import re

from .. import delimited, lazyre

# a workflow's expression alone (depguard/parsers/scripts.py rewrites only these in a workflow's run lines), from its
# opening to the first closing after it, found in linear time (:mod:`depguard.delimited`; the lazy pattern
# ``\$\{\{.*?\}\}`` scanned from each opening to the line's end when none followed: reviewer r37)
WORKFLOW_EXPRESSION = (("${{", "}}"),)
# every template's expression: ``${{ … }}``, ``{{ … }}`` (no braces inside, bounded), EJS output ``<%= … %>`` / ``<%- … %>``
EXPRESSION = lazyre.compile(r"\$?\{\{[^{}\n]{1,300}?\}\}|<%[=-](?:[^%\n]|%(?!>)){1,300}?[-_]?%>")
# a statement or comment: Jinja ``{% … %}`` / ``{# … #}``, EJS ``<% … %>`` / ``<%_ … _%>`` / ``<%# … %>``
STATEMENT = lazyre.compile(r"\{%[^{}\n]{0,300}?%\}|\{#[^\n]{0,300}?#\}|<%[_#]?(?![=-])(?:[^%\n]|%(?!>)){0,300}?[-_]?%>")
MARKERS = ("{{", "{%", "{#", "<%")
# a placeholder in angle brackets glued after a name's character: ``lerobot_robot_<name>``, ``foo-<version>-bar``
# (a word of three characters at least, no HTML tag: ``x<br>`` in a Markdown table cell is markup, and a shell
# redirection such as ``evilpkg<in> out.log`` still leaves ``evilpkg`` the argument)
GLUED_SLOT = lazyre.compile(r"(?<=[A-Za-z0-9_.-])<(?!(?:br|hr|img|code|kbd|span|div|sub|sup|small|strong|pre|wbr|del|"
                            r"ins|mark|samp|var|abbr|cite|em|tt)>)[A-Za-z][A-Za-z0-9_-]{2,40}>(?=[\s\w.-]|\Z)")
# a placeholder in angle brackets that is a whole word or an option's value (``docker run -v <my-vol>:<container-dir> -p
# 8888:8888 quay.io/jupyter/minimal-notebook`` in jupyter/docker-stacks' troubleshooting page, ``-e TOKEN=<your-token>``,
# ``pip install -t <target-dir> requests``): the shell reads ``<my-vol`` and ``>:<container-dir>`` as redirections, so
# the option took the next word and ``8888:8888`` was read as the image, the image itself lost. After a space, ``=``,
# ``:``, ``/``, ``@`` or ``,``, a word of three characters at least, closed before a space, ``:``, ``/``, ``=``, ``,``, a
# quote or the end, and no HTML tag; a redirection written as one (``cmd < in``, ``sort <in.txt >out``, ``x <in>out``) is
# not this shape
ALONE_SLOT = lazyre.compile(r"(?:(?<=[\s=:/@,])|^)<(?!(?:br|hr|img|code|kbd|span|div|sub|sup|small|strong|pre|wbr|del|"
                            r"ins|mark|samp|var|abbr|cite|em|tt|details|summary|table|tr|td|th|p|b|i|a|li|ul|ol|dl|dt|"
                            r"dd|h[1-6]|br/|hr/)>)[A-Za-z][A-Za-z0-9_-]{2,40}>(?=[\s:/=,\"']|$)", re.M)
# a placeholder of a few words in angle brackets, a whole word or a version's value, that ends the line or the quoted
# or inline-code span (``pip install gmaps==<new version>`` in jupyter-gmaps' release how-to, ``pip install <new
# package>``): the shell reads ``<new`` as a redirection and ``version`` as the argument, a package named after the
# placeholder's second word. Shell could not run it (a ``>`` closing the line has no target: a syntax error), so it is
# read as a slot of its width. A redirection with a target after it (``sort <in b> out``) is not this shape
WORDS_SLOT = lazyre.compile(r"(?:(?<=[\s=:/@,])|^)<(?!(?:br|hr|img|code|kbd|span|div|sub|sup|small|strong|pre|wbr|"
                            r"del|ins|mark|samp|var|abbr|cite|em|tt|details|summary|table|tr|td|th|p|b|i|a|li|ul|ol|"
                            r"dl|dt|dd|h[1-6])[\s>])[A-Za-z][A-Za-z0-9_-]{1,40}(?: [A-Za-z][A-Za-z0-9_-]{0,40}){1,4}>"
                            r"(?=[ \t]*$|[`\"'])", re.M)
# a template engine's slot for a build script's sed or a configure step, or a cmd.exe variable: ``%%PYTHON_VERSION%%``
# (CircleCI's cimg images' Dockerfile.template), ``%PACKAGE%`` (cmd.exe), ``@VERSION@`` (autoconf, CMake's configure_file),
# ``__VERSION__`` (sed placeholders); what goes there is not written there, as with ``{{ x }}``: a name that is one
# is unknown (``pip install %%PACKAGE%%`` names nothing), a version that is one leaves the name judged
# (``pip install fakepkg==%%VERSION%%`` read no name at all: the requirement did not parse). A letter alone between
# single percent signs (``date +%Y%m%d``) and a lower-case dunder are no slot
FILL_SLOT = lazyre.compile(r"%%[A-Za-z_]\w*%%|%[A-Za-z_]\w+%|@[A-Z_][A-Z0-9_]+@|(?<!\w)__[A-Z][A-Z0-9_]*__(?!\w)")
# a tldr option placeholder: ``{{[-o|--output]}}``, ``{{[i|install]}}``, ``{{[-it|--interactive --tty]}}``
OPTION_SLOT = lazyre.compile(r"\{\{\[([^\[\]{}|\n]{1,60}(?:\|[^\[\]{}|\n]{1,60}){1,5})\]\}\}")
WORD_BREAK = " \t;|&()<>"
VERSION_SEPARATOR = re.compile(r"[=<>~!@:\[]")


def _word_start(chars: list[str], at: int) -> int:
    while at > 0 and chars[at - 1] not in WORD_BREAK:
        at -= 1
    return at


def without_expressions(line: str, pattern: lazyre.Pattern | None = None) -> str:
    """``line`` (one line) with each expression ``pattern`` finds (a workflow's ``${{ … }}`` when None) rewritten
    (module docstring), every other character kept in its column."""
    chars = list(line)
    found = list(delimited.spans(line, WORKFLOW_EXPRESSION) if pattern is None
                 else (m.span() for m in pattern.finditer(line)))
    spans = dict(found)  # a later expression is part of the word, spaces and all
    done = 0  # everything before this is rewritten already (``line`` and ``chars`` are the same after it)
    # the word the last expression was made a variable in: its start, leading quotes and scheme (-1: none). Its next
    # expression goes on reading from there, not again from the word's start (reviewer r37: a line of 8,000 glued
    # ``{{a}}`` read each one's word from its start, 29 s)
    word: tuple[int, int, int] | None = None
    for at, until in found:
        if at < done:
            continue
        if word is not None and not any(c in WORD_BREAK for c in line[done:at]):
            start, quotes, scheme = word
            if scheme < 0:
                scheme = line.find("://", done, at)
            # what lies before ``done`` was read already and holds no separator; the variables hold none either
            sep = VERSION_SEPARATOR.search(line, max(done, scheme + 3), at)
        else:
            start = _word_start(chars, at)
            before = "".join(chars[start:at])
            quotes = len(before) - len(before.lstrip("\"'"))
            # a leading '@' is a scope, not a version; in a URL (``https://…/${{ matrix.v }}.tar.gz``) the scheme's
            # ':' is no version separator, only what follows its '//' can be (``https://…/x.git@${{ env.REF }}``)
            found_scheme = before.find("://", quotes)
            scheme = start + found_scheme if found_scheme >= 0 else -1
            sep = VERSION_SEPARATOR.search(line, start + quotes + 1 if scheme < 0 else scheme + 3, at)
        if sep is None:
            chars[at:until] = "${" + "_" * (until - at - 3) + "}"
            done = until
            word = (start, quotes, scheme)
            continue
        end = until
        while end < len(chars) and chars[end] not in WORD_BREAK:
            end = spans.get(end, end + 1)
        cut = sep.start()
        kept = "".join(c for c in chars[cut:end] if c in "\"'") if quotes else ""
        chars[cut:end] = kept + " " * (end - cut - len(kept))
        done = end
        word = None
    return "".join(chars)


def _spelled(m: re.Match[str]) -> str:
    """A tldr option placeholder as its last spelling, padded to its width (module docstring)."""
    spelling = m.group(1).rsplit("|", 1)[1].strip()
    glued = m.end() < len(m.string) and m.string[m.end()] not in WORD_BREAK + "\n`'\""
    width = m.end() - m.start()
    return spelling.rjust(width) if glued else spelling.ljust(width)


def spelled_options(text: str) -> str:
    """``text`` with each tldr option placeholder written as its long spelling, columns kept (module docstring)."""
    return OPTION_SLOT.sub(_spelled, text) if "{{[" in text else text


def without_template_tags(text: str) -> str:
    """``text`` (a script or one command line) with every template statement blanked and every template
    expression rewritten (module docstring); ``text`` itself when it holds none."""
    slots: tuple[lazyre.Pattern, ...] = (GLUED_SLOT, ALONE_SLOT, WORDS_SLOT) if "<" in text else ()
    if "%" in text or "@" in text or "__" in text:
        slots += (FILL_SLOT,)
    for slot in slots:
        text = slot.sub(lambda m: "${" + "_" * (m.end() - m.start() - 3) + "}", text)
    text = spelled_options(text)
    if not any(marker in text for marker in MARKERS):
        return text
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if not any(marker in line for marker in MARKERS):
            continue
        line = STATEMENT.sub(lambda m: " " * (m.end() - m.start()), line)
        if "{{" in line or "<%" in line:
            line = without_expressions(line, EXPRESSION)
        lines[k] = line
    return "\n".join(lines)
