"""``conda-lock.yml``: the ``package`` list of conda-lock (version 1), conda packages with the channel read
from their ``url`` and pip packages as PyPI names. One mention per package and manager (the list repeats
every package per platform)."""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines import value_line
from ...parsers._util import KeyLines, load_yaml
from ._refs import conda_channel, conda_key_name

PARSER = "conda-lock.yml"


@file_format("conda-lock.yml", ("conda-lock.yml", "conda-lock.yaml", "*.conda-lock.yml"), ecosystem="conda",
             kind="lockfile", description="conda-lock lockfile packages (conda and pip)")
def parse(source: Source) -> Iterator[Mention]:
    data = load_yaml(source.text)
    if not isinstance(data, dict) or not isinstance(data.get("package"), list):
        raise ParseError("not a conda-lock file (no package list)", 1)
    lines = KeyLines(source.text)
    seen: set[tuple[str, str]] = set()
    for pkg in data["package"]:
        if not isinstance(pkg, dict) or not isinstance(pkg.get("name"), str):
            continue
        name, manager = pkg["name"], pkg.get("manager", "conda")
        line, col = value_line(lines, "name", name)
        if (manager, name) in seen:
            continue
        seen.add((manager, name))
        version = pkg.get("version") if isinstance(pkg.get("version"), str) else None
        if manager == "pip":
            yield source.mention("pypi", name, line or 1, col, Origin.LOCKFILE, PARSER, spec=version)
            continue
        if manager != "conda":
            continue
        url = pkg.get("url") if isinstance(pkg.get("url"), str) else ""
        chans: list[str] = []
        if url:
            base = url.rsplit("/", 2)[0]  # .../<channel>/<subdir>/<file>
            ch = conda_channel(base)
            if ch is None:
                source.problem(f"{name} comes from {base}, which is not on anaconda.org; not checked", line, kind="limit")
                continue
            chans = [ch]
        yield source.mention("conda", name, line or 1, col, Origin.LOCKFILE, PARSER, spec=version,
                             name=conda_key_name(name.lower(), chans))
