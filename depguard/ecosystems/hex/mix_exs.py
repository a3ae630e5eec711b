"""``mix.exs``, read as text (never run): the ``{:name, "~> 1.0", ...}`` tuples of its ``deps`` function(s).

Dependencies with ``path:``, ``git:``, ``github:`` or ``in_umbrella:`` are not from Hex; those with an
``organization:`` or a ``repo:`` other than hexpm are private packages, which hex.pm does not show. ``hex:``
renames: ``{:alias, "~> 1", hex: :real}`` (or ``hex: "real"``) is the package ``real``. A tuple before a
generator's ``<-`` is the pattern it matches, never a dependency. A tuple may be spread
over several lines: the body of ``deps`` is read as one text, each name at its own line.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part

PARSER = "mix.exs"
DEPS_DEF = re.compile(r"^(?P<indent>\s*)defp?\s+\w*deps\w*(\s*\([^)]*\))?\s+do\s*$")
TUPLE = re.compile(r"""\{\s*:(?P<name>[a-z_][a-zA-Z0-9_]*)\s*(?P<rest>(,[^{}]*)?)\}""")
NOT_HEX = re.compile(r"\b(path|git|github|in_umbrella|organization)\s*:")
HEX_RENAME = re.compile(r"""\bhex\s*:\s*(?::(?P<atom>[a-z_][a-z0-9_]*)|"(?P<string>[a-z_][a-z0-9_]*)")""")
REPO = re.compile(r"""\brepo\s*:\s*["']?(?P<repo>[\w-]+)""")
SPEC = re.compile(r"""^\s*,\s*"(?P<spec>[^"]*)\"""")
# a tuple a generator matches against (``for {:true, dep} <- [{config(:pam), {:epam, "~> 1.0"}}, ...], do: dep``:
# processone/ejabberd's cond_deps, held-out set 310) is a pattern, not a dependency; the tuples it walks over are
GENERATOR = lazyre.compile(r"\s*<-")


def deps_lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based line, text) for lines inside ``defp deps do ... end`` bodies, comments removed."""
    end_indent: str | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = code_part(raw)
        if end_indent is None:
            m = DEPS_DEF.match(line)
            if m:
                end_indent = m.group("indent")
            continue
        if re.match(re.escape(end_indent) + r"end\b", line):
            end_indent = None
            continue
        yield no, line


@file_format("mix.exs", ("mix.exs",), ecosystem="hex", kind="manifest",
             description="Mix projects (read as text): Hex dependencies of the deps function")
def parse(source: Source) -> Iterator[Mention]:
    offsets: list[int] = []  # where each deps line starts in the body
    numbers: list[int] = []  # and its line in the file
    parts: list[str] = []
    offset = 0
    for no, line in deps_lines(source.text):
        offsets.append(offset)
        numbers.append(no)
        parts.append(line)
        offset += len(line) + 1
    body = "\n".join(parts)
    for m in TUPLE.finditer(body):
        rest = m.group("rest")
        if NOT_HEX.search(rest) or GENERATOR.match(body, m.end()):
            continue
        repo = REPO.search(rest)
        if repo and repo.group("repo") != "hexpm":
            continue
        at = m.start("name")
        i = bisect.bisect_right(offsets, at) - 1
        found = HEX_RENAME.search(rest)
        real = (found.group("atom") or found.group("string")) if found else None
        spec = SPEC.match(rest)
        yield source.mention("hex", m.group("name"), numbers[i], at - offsets[i] + 1, Origin.MANIFEST, PARSER,
                             spec=spec.group("spec") if spec else None, name=real,
                             note=f"alias of {real}" if real else None)
