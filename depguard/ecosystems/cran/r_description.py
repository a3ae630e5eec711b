"""R package ``DESCRIPTION``: ``Depends``, ``Imports``, ``LinkingTo`` and ``Suggests`` (Debian control
format: ``Field: value`` with indented continuation lines; entries ``pkg (>= 1.0)`` separated by commas).

``R`` itself and the base packages that ship with R (not on CRAN) are skipped, as are packages that the
``Remotes`` field takes from GitHub or elsewhere, and the package itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import Joined

PARSER = "DESCRIPTION"
FIELDS = ("Depends", "Imports", "LinkingTo", "Suggests")
FIELD = re.compile(r"^(?P<field>[A-Za-z][A-Za-z0-9/@._-]*)\s*:(?P<value>.*)$")
ENTRY = re.compile(r"^\s*(?P<name>[A-Za-z][A-Za-z0-9.]*)\s*(?:\((?P<spec>[^)]*)\))?\s*$")
# the packages of R's base distribution (priority "base"): they come with R and are not on CRAN
BASE_PACKAGES = frozenset({
    "R", "base", "compiler", "datasets", "graphics", "grDevices", "grid", "methods", "parallel", "splines",
    "stats", "stats4", "tcltk", "tools", "utils",
})


def control_fields(text: str) -> list[tuple[str, list[tuple[int, int, str]]]]:
    """(field, [(line, column, text), ...]) for a Debian-control-style text; continuations kept with their field."""
    out: list[tuple[str, list[tuple[int, int, str]]]] = []
    for line_no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[:1] in (" ", "\t"):
            if out:
                out[-1][1].append((line_no, 1, line))
            continue
        m = FIELD.match(line)
        if not m:
            raise ParseError(f"not a DESCRIPTION file: line {line_no} is neither a field nor a continuation", line_no)
        out.append((m.group("field"), [(line_no, m.start("value") + 1, m.group("value"))]))
    return out


def _remote_names(value: str) -> set[str]:
    names = set()
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        item = item.split("::", 1)[-1]  # github::user/repo, git::https://..., url::...
        item = re.split(r"[@#]", item, maxsplit=1)[0].rstrip("/").removesuffix(".git")
        last = item.rsplit("/", 1)[-1]
        if last:
            names.add(last)
    return names


@file_format("DESCRIPTION", ("DESCRIPTION",), ecosystem="cran", kind="manifest",
             description="R package DESCRIPTION Depends/Imports/LinkingTo/Suggests")
def parse(source: Source) -> Iterator[Mention]:
    fields = control_fields(source.text)
    if not fields:
        return
    values = {f: " ".join(t for _, _, t in parts) for f, parts in fields}
    own = values.get("Package", "").strip()
    remote = _remote_names(values.get("Remotes", ""))
    for field, parts in fields:
        if field not in FIELDS:
            continue
        joined = Joined(parts)
        for offset, chunk in joined.chunks():
            line_no, col = joined.where(offset)
            m = ENTRY.match(chunk)
            if not m:
                source.problem(f"{field}: cannot read {chunk!r}", line_no, col)
                continue
            name = m.group("name")
            if name in BASE_PACKAGES or name == own or name in remote:
                continue
            yield source.mention("cran", name, line_no, col, Origin.MANIFEST, PARSER,
                                 spec=" ".join(m.group("spec").split()) if m.group("spec") else None,
                                 note=None if field in ("Imports", "Depends") else field)
