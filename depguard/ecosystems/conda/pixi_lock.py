"""``pixi.lock``: the packages pixi resolved, conda packages with their channel read from the URL and PyPI packages
by name. Read line by line (a lockfile of a few hundred packages runs to tens of thousands of lines): each entry
of the top-level ``packages:`` list starts with ``- conda: <url>`` or ``- pypi: <url>`` (lock versions 6 and
later) or ``- kind: conda|pypi`` with ``name``, ``version`` and ``url`` (versions 4 and 5). A conda package's name
and version come from its ``name``/``version`` fields or, when the entry has none, from its file name
(``<name>-<version>-<build>.conda``). A PyPI package counts only when its URL is PyPI's own file host: a path
(``pypi: .``, the project itself), a git URL or another index's file is not a PyPI name. One mention per package
and manager (the list has one entry per platform build)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ._refs import conda_channel, conda_file_package, conda_key_name

PARSER = "pixi.lock"
PYPI_FILES = re.compile(r"^https://(?:files\.pythonhosted\.org|pypi\.org|pypi\.python\.org)/", re.I)
FIELD = re.compile(r"^(?P<key>[A-Za-z_][\w-]*):\s*(?P<value>.*?)\s*$")


def _entries(text: str) -> Iterator[tuple[int, dict[str, str]]]:
    """(line, the entry's own scalar fields) of each item of the top-level ``packages:`` list."""
    inside = False
    entry: dict[str, str] | None = None
    start = 0
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if not raw.startswith((" ", "-")):  # a top-level key: the packages list starts or ends here
            if entry is not None:
                yield start, entry
                entry = None
            inside = raw.rstrip() == "packages:"
            continue
        if not inside:
            continue
        if raw.startswith("- "):
            if entry is not None:
                yield start, entry
            entry, start = {}, number
            field = FIELD.match(raw[2:])
        elif raw.startswith("  ") and not raw.startswith("   ") and entry is not None:
            field = FIELD.match(raw[2:])
        else:
            continue
        if field is not None and field.group("value"):
            entry.setdefault(field.group("key"), field.group("value").strip("'\""))
    if entry is not None:
        yield start, entry


@file_format("pixi.lock", ("pixi.lock",), ecosystem="conda", kind="lockfile",
             description="pixi lockfile packages (conda by channel, PyPI by name)")
def parse(source: Source) -> Iterator[Mention]:
    head = source.text.lstrip()[:200]
    if not re.match(r"version:\s*\d+", head):
        raise ParseError("not a pixi lockfile (no version on its first line)", 1)
    lines = source.text.splitlines()
    seen: set[tuple[str, str]] = set()
    for line, entry in _entries(source.text):
        kind = "conda" if "conda" in entry else "pypi" if "pypi" in entry else entry.get("kind", "")
        url = entry.get(kind) or entry.get("url", "")
        if kind == "pypi":
            name = entry.get("name")
            if not name or not PYPI_FILES.match(url):
                continue  # the project itself (pypi: .), a git or path source, another index: not a PyPI name
            if ("pypi", name.lower()) in seen:
                continue
            seen.add(("pypi", name.lower()))
            col = lines[line - 1].find(name)  # the wheel's file name, when it spells the name so
            yield source.mention("pypi", name, line, None if col < 0 else col + 1, Origin.LOCKFILE, PARSER,
                                 spec=entry.get("version"))
        elif kind == "conda":
            named = (entry["name"], entry.get("version")) if entry.get("name") else conda_file_package(url)
            if named is None:
                source.problem(f"cannot read the conda package of {url[:120]!r}", line)
                continue
            name, version = named
            if ("conda", name) in seen:
                continue
            seen.add(("conda", name))
            base = url.rsplit("/", 2)[0] if url.count("/") >= 3 else ""  # …/<channel>/<subdir>/<file>
            channel = conda_channel(base) if base else None
            if channel is None:
                source.problem(f"{name} comes from {base or url!r}, which is not on anaconda.org; not checked", line,
                               kind="limit")
                continue
            at = lines[line - 1].find(f"/{name}-")
            yield source.mention("conda", name, line, at + 2 if at >= 0 else None, Origin.LOCKFILE, PARSER,
                                 spec=version, name=conda_key_name(name.lower(), [channel]))
