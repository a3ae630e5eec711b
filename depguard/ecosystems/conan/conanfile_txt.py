"""``conanfile.txt``: the references of its ``[requires]``, ``[tool_requires]``, ``[test_requires]`` and Conan 1's
``[build_requires]`` sections, one per line (``zlib/1.2.13``, ``boost/[>=1.80 <2]``, ``poco/1.9@user/stable``).

Read the way Conan reads it (conan-io/conan ``TextINIParse`` with ``strip_comments``): blank lines and lines
starting with ``#`` are skipped, `` #`` starts a comment (a ``#`` right after the version is the revision).
Other sections (``[generators]``, ``[options]``, ``[layout]``, ``[imports]``) name no recipes. References with
a user or channel come from another remote and are not asked of ConanCenter (see ``reference``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from .reference import parse_reference

PARSER = "conanfile.txt"
SECTION = re.compile(r"\[([a-z_]{2,50})\]")
RECIPE_SECTIONS = frozenset({"requires", "tool_requires", "build_requires", "test_requires"})


@file_format("conanfile.txt", ("conanfile.txt",), ecosystem="conan", kind="manifest",
             description="conanfile.txt [requires] and [tool_requires]: ConanCenter recipes")
def parse(source: Source) -> Iterator[Mention]:
    section: str | None = None
    for no, raw in enumerate(source.text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            m = SECTION.match(line)
            if m is None:
                source.problem(f"bad section header {line[:60]!r}", no, raw.find("[") + 1)
                section = None
                continue
            section = m.group(1)
            continue
        if section not in RECIPE_SECTIONS:
            continue
        entry = line.split(" #", 1)[0].split("\t#", 1)[0].strip()
        ref = parse_reference(entry)
        column = raw.find(entry) + 1
        if ref is None:
            source.problem(f"[{section}] {entry[:80]!r} is not a Conan reference (name/version)", no, column)
            continue
        if ref.on_conancenter:
            yield source.mention("conan", ref.name, no, column, Origin.MANIFEST, PARSER, spec=ref.version)
