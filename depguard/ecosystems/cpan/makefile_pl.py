"""``Makefile.PL`` and ``Build.PL``: a Perl distribution's prerequisites, read as text (never run).

ExtUtils::MakeMaker's ``PREREQ_PM``, ``BUILD_REQUIRES``, ``TEST_REQUIRES`` and ``CONFIGURE_REQUIRES`` hashes and
``META_MERGE``'s ``prereqs => {runtime => {requires => {...}}}``; Module::Build's ``requires``, ``build_requires``,
``test_requires``, ``configure_requires`` and ``recommends`` hashes; Module::Install's ``requires 'Foo::Bar' =>
'1.0';`` statements (a cpanfile's grammar). ``perl`` is no module. A hash the script builds in code (a variable, a
function's result) is not read: only literal ``'Module::Name' => 'version'`` entries are.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part
from .cpanfile import NOT_MODULES, REQ, VERSION

PARSER = "Makefile.PL"
HASH = re.compile(r"""(?<![\w$%@])(?P<q>['"]?)(?P<key>PREREQ_PM|BUILD_REQUIRES|TEST_REQUIRES|CONFIGURE_REQUIRES|"""
                  r"""requires|build_requires|test_requires|configure_requires|recommends)(?P=q)\s*=>\s*\{""")
ENTRY = re.compile(r"""(?<![\w:$%@])(?P<q>['"]?)(?P<name>[A-Za-z_]\w*(?:::\w+)*)(?P=q)\s*(?:=>|,)\s*"""
                   r"""(?:(?P<vq>['"])(?P<v>[^'"\n]*)(?P=vq)|(?P<n>[0-9][0-9._]*)\b)""")
NOTES = {"PREREQ_PM": None, "requires": None, "BUILD_REQUIRES": "build requires", "build_requires": "build requires",
         "TEST_REQUIRES": "test requires", "test_requires": "test requires", "recommends": "recommends",
         "CONFIGURE_REQUIRES": "configure requires", "configure_requires": "configure requires"}


def _code_lines(text: str) -> list[str]:
    """The script's lines with comments, POD and what follows ``__END__`` blanked (line numbers kept)."""
    out: list[str] = []
    in_pod = ended = False
    for raw in text.splitlines():
        if ended or raw.startswith(("__END__", "__DATA__")):
            ended = True
            out.append("")
        elif raw.startswith("="):
            in_pod = not raw.startswith("=cut")
            out.append("")
        else:
            out.append("" if in_pod else code_part(raw))
    return out


def _closing(text: str, at: int) -> int:
    """Index of the ``}`` closing the ``{`` at ``at`` (quotes respected), or the text's end."""
    depth = 0
    quote = ""
    i = at
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text)


@file_format(PARSER, ("Makefile.PL", "Build.PL"), ecosystem="cpan", kind="manifest",
             description="Perl Makefile.PL / Build.PL prerequisites (PREREQ_PM, requires, Module::Install)")
def parse(source: Source) -> Iterator[Mention]:
    lines = _code_lines(source.text)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    text = "\n".join(lines)

    def where(offset: int) -> tuple[int, int]:
        k = bisect.bisect_right(starts, offset) - 1
        return k + 1, offset - starts[k] + 1

    seen: set[int] = set()
    for h in HASH.finditer(text):
        body_start = h.end() - 1
        body_end = _closing(text, body_start)
        for e in ENTRY.finditer(text, body_start + 1, body_end):
            name = e.group("name")
            if name in NOT_MODULES or e.start("name") in seen:
                continue
            seen.add(e.start("name"))
            at, col = where(e.start("name"))
            spec = e.group("v") if e.group("v") is not None else e.group("n")
            yield source.mention("cpan", name, at, col, Origin.MANIFEST, PARSER, spec=spec or None,
                                 note=NOTES[h.group("key")])
    for no, code in enumerate(lines, 1):  # Module::Install: requires 'Foo::Bar' => '1.0';
        for m in REQ.finditer(code):
            name = m.group("name").strip()
            if m.group("kw") == "conflicts" or name in NOT_MODULES:
                continue
            v = VERSION.match(m.group("rest"))
            spec = (v.group("v") if v.group("v") is not None else v.group("n")) if v else None
            yield source.mention("cpan", name, no, m.start("name") + 1, Origin.MANIFEST, PARSER, spec=spec,
                                 note=None if m.group("kw") == "requires" else m.group("kw"))
