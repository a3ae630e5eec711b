"""Pex lockfiles, as Pants writes them for each Python resolve (``python-default.lock``, ``3rdparty/python/default.lock``:
the path a ``pants.toml`` ``[python] resolves`` entry names, any ``*.lock``): JSON after a header of ``//`` comment
lines, every ``locked_resolves[].locked_requirements[]`` a distribution pex downloads (``project_name``, ``version``,
the artifacts' URLs and hashes). A ``.lock`` file of another tool (no ``locked_resolves`` key, or no JSON) names nothing
here. A requirement whose artifacts all come from a host other than PyPI's (``files.pythonhosted.org``, ``pypi.org``)
was locked from another index or a direct URL: reported not checked (DG100), as a uv.lock entry of another index; one
with a ``file:`` or VCS artifact only is the project's own or a repository's, not a registry's: left out."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, load_json_positions, string_value_at
from ._python import from_other_index

PYPI_HOSTS = frozenset({"files.pythonhosted.org", "pypi.org", "pypi.python.org"})
LOCAL_SCHEMES = ("file", "git+", "hg+", "svn+", "bzr+")


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
        try:
            hosts.add((urlsplit(url).hostname or "").lower())
        except ValueError:  # a malformed address (``http://[::1/x``): no host PyPI's
            hosts.add("")
    return hosts, local


@file_format("pex-lock", ("*.lock",), ecosystem="pypi", kind="lockfile",
             description="Pants/pex lockfiles (locked_resolves' locked_requirements; other tools' .lock files skipped)")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if '"locked_resolves"' not in text or '"locked_requirements"' not in text:
        return
    try:
        # Pants' header is `//` comment lines: JSON with comments; each key's offset is kept, so an entry's line is
        # where the parser met it (a search per name from the text's start was quadratic in the entries: 4,000 took
        # 35 s, and a name written with a JSON escape, never found as written, 275 s; reviewer r39)
        data, index = load_json_positions(text, jsonc=True, what="pex lockfile (JSON)")
    except (ParseError, ValueError, RecursionError):
        return  # not pex's JSON: another tool's lockfile
    resolves = data.get("locked_resolves") if isinstance(data, dict) else None
    if not isinstance(resolves, list):
        return
    seen: set[str] = set()
    for resolve in resolves:
        requirements = resolve.get("locked_requirements") if isinstance(resolve, dict) else None
        for requirement in requirements if isinstance(requirements, list) else ():
            if not isinstance(requirement, Keyed):
                continue
            name, version = requirement.get("project_name"), requirement.get("version")
            if not isinstance(name, str) or not name.strip() or name in seen:
                continue
            seen.add(name)
            hosts, local = _hosts(requirement)
            if local and not hosts:
                continue
            line, col = index.line_col(string_value_at(text, requirement, "project_name"))
            found = source.mention("pypi", name, line, col, Origin.LOCKFILE, "pex-lock",
                                   spec=f"=={version}" if isinstance(version, str) and version else None)
            others = sorted(h for h in hosts if h not in PYPI_HOSTS)
            if hosts and len(others) == len(hosts):
                found = from_other_index(found, f"it is locked from {others[0] or 'a malformed address'} (pex-lock)")
            yield found
