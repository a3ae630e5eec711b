"""R package ``DESCRIPTION``: ``Depends``, ``Imports``, ``LinkingTo`` and ``Suggests`` (Debian control
format: ``Field: value`` with indented continuation lines; entries ``pkg (>= 1.0)`` separated by commas).

``R`` itself and the base packages that ship with R (not on CRAN) are skipped, as are packages that the
``Remotes`` field takes from GitHub or elsewhere, and the package itself.

A package whose dependencies resolve from other repositories than CRAN says so in its DESCRIPTION: a ``biocViews``
field makes it a Bioconductor package, whose dependencies remotes, devtools and BiocManager install from Bioconductor's
repositories as well as CRAN (remotes: ``is_bioconductor <- function(x) !is.null(x$biocviews)``), and
``Additional_repositories`` lists "repository URLs where the packages named in the other fields may be found" (Writing R
Extensions). Bioconductor's own packages (``Biobase``, ``S4Vectors``: thelovelab/DESeq2, held-out set 265) are not on
CRAN, and depguard asks only CRAN. Such a file's names are marked as a Maven build's own ``<repositories>`` mark its
artifacts (:func:`depguard.parsers.other_sources.mark_from_other_sources`): a name CRAN has passes, one it lacks is not
checked (DG100, never a pass), a look-alike CRAN has is judged as usual.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import Joined
from ...parsers.other_sources import mark_from_other_sources

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
    yield from mark_from_other_sources(_mentions(source, fields), "cran", lambda: _other_repositories(fields), "its "
                                       "DESCRIPTION also resolves from {url} ({where}), which depguard does not ask")


def other_repositories(text: str) -> list[tuple[str, str]]:
    """:func:`_other_repositories` of a DESCRIPTION's text (none when it is not one): an R file of the package attaches
    what the DESCRIPTION declares, from the same repositories (:mod:`.imports`)."""
    try:
        return _other_repositories(control_fields(text))
    except ParseError:
        return []


def _other_repositories(fields: list[tuple[str, list[tuple[int, int, str]]]]) -> list[tuple[str, str]]:
    """(repositories as shown, where the DESCRIPTION names them) for the repositories other than CRAN its dependencies
    resolve from: Bioconductor's for a ``biocViews`` field, the URLs of ``Additional_repositories``."""
    found: list[tuple[str, str]] = []
    for field, parts in fields:
        line = parts[0][0]
        if field == "biocViews":
            found.append(("Bioconductor's repositories", f"biocViews, line {line}"))
        elif field == "Additional_repositories":
            urls = [u.strip() for u in " ".join(t for _, _, t in parts).split(",") if u.strip()]
            if urls:
                found.append((urls[0], f"Additional_repositories, line {line}"))
    return found


def _mentions(source: Source, fields: list[tuple[str, list[tuple[int, int, str]]]]) -> Iterator[Mention]:
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
