"""Perl files with a very long line: their ``use``/``no``/``require`` statements read without tree-sitter.

tree-sitter-perl's scanner works per token in proportion to the token's column, so a parse is quadratic in a line's
length: one 64 KB line of ``foo(1); `` took a minute, a 16 KB one 4 s (l39, l40), where the same code one statement a
line parses in a fraction of a second. A file with a line longer than :data:`LONG_LINE` characters (minified or
generated code, a hostile file) is read here in one pass instead: each statement that starts a line or follows
``;``, ``{`` or ``}`` (``use``, ``no``, ``package``), and each ``require`` of a module-shaped word anywhere. POD is
skipped and ``__END__``/``__DATA__`` ends the code. Strings, comments and heredocs are not told apart from code:
a statement quoted in one may be read (a name judged), never one of the code left out.
"""

from __future__ import annotations

import bisect
import re

from ... import lazyre

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

LONG_LINE = 2_000
_NAME = r"[A-Za-z_]\w*(?:::\w+)*"
# what follows a use statement's module: its end, a version, an import list (prose, ``use the force``, is no statement)
_ENDS = r"""(?=\s*(?:[;'"(\d{$@%:#+-]|qw\b|q\b|=>|,|$))"""
STATEMENT = lazyre.compile(
    rf"""(?:^|(?<=[;{{}}]))[ \t]*(?:(?P<kw>use|no)\s+(?P<mod>{_NAME})(?![\w:]){_ENDS}|package\s+(?P<decl>{_NAME}))"""
    rf"""|\brequire\s+(?:(?P<req>[A-Z]\w*(?:::\w+)*|\w+::\w+(?:::\w+)*)|(?P<q>['"])(?P<file>[\w/]+)\.pm(?P=q))""",
    re.M)
POD = lazyre.compile(r"^=[A-Za-z][^\n]*\n(?:[^\n]*\n)*?=cut\b[^\n]*$|^=[A-Za-z][\s\S]*\Z", re.M)
CODE_END = lazyre.compile(r"^__(?:END|DATA)__\b", re.M)
WORD = lazyre.compile(rf"-norequire|{_NAME}")
VERSION = lazyre.compile(r"v\d+")
# the words of a parent/base list that name no class: its quoting, and the statement words of a list never closed
NOT_ARGUMENTS = frozenset({"qw", "q", "use", "no", "parent", "base", "if"})


def has_long_line(text: str) -> bool:
    return len(text) > LONG_LINE and any(len(line) > LONG_LINE for line in text.split("\n"))


def used_modules(text: str) -> Iterator[tuple[str, int, int]]:
    """(module, line, column) of each module a Perl file's statements load, declared packages with line 0 (as
    :func:`depguard.ecosystems.cpan.imports.used_modules`)."""
    end = CODE_END.search(text)
    code = POD.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text[:end.start()] if end else text)
    starts = [0] + [m.end() for m in re.finditer("\n", code)]

    def place(at: int) -> tuple[int, int]:
        row = bisect.bisect_right(starts, at) - 1
        return row + 1, at - starts[row] + 1

    semi = -1  # the next ``;`` after a use parent/base/if statement: its arguments end there
    for m in STATEMENT.finditer(code):
        if m.group("decl"):
            yield m.group("decl"), 0, 0
        elif m.group("mod"):
            name = m.group("mod")
            if VERSION.fullmatch(name):
                continue
            yield (name, *place(m.start("mod")))
            if name in ("parent", "base", "if"):
                if m.end() < semi:
                    continue  # inside the arguments of the statement before, which are read to the same ``;``
                semi = code.find(";", m.end())
                semi = len(code) if semi < 0 else semi
                args = code[m.end():semi]
                base = m.end()
                if name == "if":  # use if COND, MODULE => ARGS: the module is the item after the condition
                    comma = re.search(r",|=>", args)
                    base += comma.end() if comma else len(args)
                    args = args[comma.end():] if comma else ""
                for w in WORD.finditer(args):
                    if w.group() == "-norequire":
                        break
                    if w.group() not in NOT_ARGUMENTS:
                        yield (w.group(), *place(base + w.start()))
                        if name == "if":
                            break
        elif m.group("req"):
            yield (m.group("req"), *place(m.start("req")))
        elif m.group("file"):
            yield (m.group("file").replace("/", "::"), *place(m.start("file")))
