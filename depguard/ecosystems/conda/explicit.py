"""conda's explicit environment files (``@EXPLICIT``): one package file URL a line, the environment pinned to builds.

``conda list --explicit`` writes them and ``conda create --file`` reads them; Snakemake pins a rule's environment
``envs/x.yaml`` with ``envs/x.<platform>.pin.txt`` beside it (snakemake-wrappers: a ``environment.linux-64.pin.txt``
beside each wrapper's ``environment.yaml``), and conda-lock renders ``conda-<platform>.lock`` in this form. Each line
after ``@EXPLICIT`` is ``<channel URL>/<subdir>/<name>-<version>-<build>.conda`` (or ``.tar.bz2``), an ``#md5`` or
``#sha256`` after it: a lockfile entry, its channel read from the URL as in ``pixi.lock``. A channel not on
anaconda.org is a limit (not checked), as there. A file without the ``@EXPLICIT`` line is no explicit file and is
left alone (``*.pin.txt`` is a name others may use)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ._refs import conda_channel, conda_file_package, conda_key_name

PARSER = "conda-explicit"
MARKER = re.compile(r"^@EXPLICIT[ \t]*$", re.M)
PACKAGE_URL = re.compile(r"(?P<url>(?:https?|file)://\S+?\.(?:conda|tar\.bz2))(?:#\S*)?[ \t]*\Z")


@file_format(PARSER, ("*.pin.txt", "conda-*.lock", "spec-file.txt"),
             ecosystem="conda", kind="lockfile", description="conda explicit files (@EXPLICIT): pinned package URLs")
def parse(source: Source) -> Iterator[Mention]:
    marker = MARKER.search(source.text)
    if marker is None:
        return
    first = source.text.count("\n", 0, marker.start()) + 1
    seen: set[str] = set()
    for number, raw in enumerate(source.text.splitlines()[first:], first + 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = PACKAGE_URL.match(line)
        if m is None:
            source.problem(f"not a package file URL: {line[:120]!r}", number)
            continue
        url = m.group("url")
        named = conda_file_package(url)
        if named is None:
            source.problem(f"cannot read the conda package of {url[:120]!r}", number)
            continue
        name, version = named
        if name in seen:
            continue
        seen.add(name)
        base = url.rsplit("/", 2)[0]  # …/<channel>/<subdir>/<file>
        channel = conda_channel(base) if url.count("/") >= 5 else None
        if channel is None:
            source.problem(f"{name} comes from {base!r}, which is not on anaconda.org; not checked", number,
                           kind="limit")
            continue
        at = raw.find(f"/{name}-")
        yield source.mention("conda", name, number, at + 2 if at >= 0 else None, Origin.LOCKFILE, PARSER,
                             spec=version, name=conda_key_name(name.lower(), [channel]))
