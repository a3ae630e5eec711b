"""Pex lockfiles, as Pants writes them for each Python resolve (``python-default.lock``, ``3rdparty/python/default.lock``:
the path a ``pants.toml`` ``[python] resolves`` entry names, any ``*.lock``): JSON after a header of ``//`` comment
lines, every ``locked_resolves[].locked_requirements[]`` a distribution pex downloads (``project_name``, ``version``,
the artifacts' URLs and hashes). A ``.lock`` file of another tool (no ``locked_resolves`` key, or no JSON) names nothing
here. A requirement whose artifacts all come from a host other than PyPI's (``files.pythonhosted.org``, ``pypi.org``)
was locked from another index or a direct URL: reported not checked (DG100), as a uv.lock entry of another index; one
with a ``file:`` or VCS artifact only is the project's own or a repository's, not a registry's: left out."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import find_line
from ._python import from_other_index

PYPI_HOSTS = frozenset({"files.pythonhosted.org", "pypi.org", "pypi.python.org"})
LOCAL_SCHEMES = ("file", "git+", "hg+", "svn+", "bzr+")


def _json_body(text: str) -> str:
    """``text`` with each ``//`` comment line blanked (Pants' header), its line count kept."""
    return "\n".join("" if line.lstrip().startswith("//") else line for line in text.split("\n"))


def _hosts(requirement: dict) -> tuple[set[str], bool]:
    """The hosts of a locked requirement's artifact URLs, and whether one of them is a local file or a VCS checkout."""
    hosts: set[str] = set()
    local = False
    for artifact in requirement.get("artifacts") or ():
        url = artifact.get("url") if isinstance(artifact, dict) else None
        if not isinstance(url, str):
            continue
        if url.startswith(LOCAL_SCHEMES):
            local = True
            continue
        hosts.add((urlsplit(url).hostname or "").lower())
    return hosts, local


@file_format("pex-lock", ("*.lock",), ecosystem="pypi", kind="lockfile",
             description="Pants/pex lockfiles (locked_resolves' locked_requirements; other tools' .lock files skipped)")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if '"locked_resolves"' not in text or '"locked_requirements"' not in text:
        return
    try:
        data = json.loads(_json_body(text))
    except (ValueError, RecursionError):
        return  # not pex's JSON: another tool's lockfile
    resolves = data.get("locked_resolves") if isinstance(data, dict) else None
    if not isinstance(resolves, list):
        return
    lines = text.split("\n")
    seen: set[str] = set()
    for resolve in resolves:
        requirements = resolve.get("locked_requirements") if isinstance(resolve, dict) else None
        for requirement in requirements if isinstance(requirements, list) else ():
            if not isinstance(requirement, dict):
                continue
            name, version = requirement.get("project_name"), requirement.get("version")
            if not isinstance(name, str) or not name.strip() or name in seen:
                continue
            seen.add(name)
            hosts, local = _hosts(requirement)
            if local and not hosts:
                continue
            line, col = find_line(lines, f'"project_name": "{name}"', quoted=False)
            if line is not None and col is not None:
                col += len('"project_name": "')
            else:
                line, col = find_line(lines, name)
            found = source.mention("pypi", name, line or 1, col, Origin.LOCKFILE, "pex-lock",
                                   spec=f"=={version}" if isinstance(version, str) and version else None)
            others = sorted(h for h in hosts if h not in PYPI_HOSTS)
            if hosts and len(others) == len(hosts):
                found = from_other_index(found, f"it is locked from {others[0]} (pex-lock)")
            yield found
