"""``mix.exs``, read as text (never run): the ``{:name, "~> 1.0", ...}`` tuples of its ``deps`` function(s).

Dependencies with ``path:``, ``git:``, ``github:`` or ``in_umbrella:`` are not from Hex; those with an
``organization:`` or a ``repo:`` other than hexpm are private packages, which hex.pm does not show. ``hex:``
renames: ``{:alias, "~> 1", hex: :real}`` is the package ``real``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source, file_format
from ._util import code_part

PARSER = "mix.exs"
DEPS_DEF = re.compile(r"^(?P<indent>\s*)defp?\s+\w*deps\w*(\s*\([^)]*\))?\s+do\s*$")
TUPLE = re.compile(r"""\{\s*:(?P<name>[a-z_][a-zA-Z0-9_]*)\s*(?P<rest>(,[^{}]*)?)\}""")
NOT_HEX = re.compile(r"\b(path|git|github|in_umbrella|organization)\s*:")
HEX_RENAME = re.compile(r"\bhex\s*:\s*:(?P<real>[a-z_][a-z0-9_]*)")
REPO = re.compile(r"""\brepo\s*:\s*["']?(?P<repo>[\w-]+)""")
SPEC = re.compile(r"""^\s*,\s*"(?P<spec>[^"]*)\"""")


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
    for no, line in deps_lines(source.text):
        for m in TUPLE.finditer(line):
            rest = m.group("rest")
            if NOT_HEX.search(rest):
                continue
            repo = REPO.search(rest)
            if repo and repo.group("repo") != "hexpm":
                continue
            rename = HEX_RENAME.search(rest)
            spec = SPEC.match(rest)
            yield source.mention("hex", m.group("name"), no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                                 spec=spec.group("spec") if spec else None, name=rename.group("real") if rename else None,
                                 note=f"alias of {rename.group('real')}" if rename else None)
