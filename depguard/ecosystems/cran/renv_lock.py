"""``renv.lock``: the packages renv recorded from CRAN (``Source: "Repository"`` with a CRAN repository, or
the older ``Source: "CRAN"``). Bioconductor, GitHub, GitLab, URL and local sources are not CRAN names."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_json

PARSER = "renv.lock"
CRAN_NAMES = frozenset({"CRAN", "RSPM", "PPM", "P3M", "CRAN-MIRROR"})
CRAN_URL = re.compile(r"(cran\.|cloud\.r-project\.org|r-project\.org|packagemanager\.(posit|rstudio)\.(co|com)/(cran|all)|p3m\.dev/cran)", re.I)


@file_format("renv.lock", ("renv.lock",), ecosystem="cran", kind="lockfile",
             description="renv.lock packages from CRAN")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict) or not isinstance(data.get("Packages"), dict):
        raise ParseError("not a renv.lock (no Packages object)", 1)
    repos = {}
    r = data.get("R")
    if isinstance(r, dict) and isinstance(r.get("Repositories"), list):
        repos = {x.get("Name"): x.get("URL") for x in r["Repositories"] if isinstance(x, dict)}
    lines = KeyLines(source.text)
    for key, pkg in data["Packages"].items():
        if not isinstance(pkg, dict):
            continue
        src = pkg.get("Source")
        repo = pkg.get("Repository")
        if src == "Repository":
            url = repos.get(repo) if isinstance(repo, str) else None
            if not (repo is None or repo in CRAN_NAMES or (isinstance(url, str) and CRAN_URL.search(url))):
                continue
        elif src != "CRAN":
            continue
        given = pkg.get("Package")
        name = given if isinstance(given, str) else key
        line, col = lines.find(key)
        version = pkg.get("Version")
        yield source.mention("cran", name, line or 1, col, Origin.LOCKFILE, PARSER,
                             spec=version if isinstance(version, str) else None)
